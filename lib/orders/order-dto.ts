import "server-only";
import type { OrderDto } from "@/lib/contracts";
import { Prisma } from "@/lib/generated/prisma/client";

export const orderSelect = {
  id: true,
  orderDate: true,
  weekNumber: true,
  dayOfWeek: true,
  cycleId: true,
  studentId: true,
  menuItemId: true,
  category: true,
  sideDish: true,
  comments: true,
  originalPrice: true,
  discountedPrice: true,
  discountPercentage: true,
  status: true,
  paymentStatus: true,
  student: { select: { name: true, grade: true } },
  menuItem: { select: { name: true } },
} as const satisfies Prisma.OrderSelect;

export type OrderRow = Prisma.OrderGetPayload<{ select: typeof orderSelect }>;

export function toOrderDto(row: OrderRow): OrderDto {
  return {
    ...row,
    orderDate: row.orderDate.toISOString(),
    originalPrice: row.originalPrice.toFixed(2),
    discountedPrice: row.discountedPrice.toFixed(2),
    discountPercentage: row.discountPercentage.toNumber(),
  };
}

/**
 * The OrderDto's columns of an order `o` joined to its child `s` and its item `m`, for the raw
 * statements that read (the history) or insert (a cart) orders in one round trip.
 */
export const joinedOrderColumns = Prisma.sql`
  o."id", o."orderDate", o."weekNumber", o."dayOfWeek", o."cycleId", o."studentId",
  o."menuItemId", o."category", o."sideDish", o."comments",
  o."originalPrice"::text AS "originalPrice", o."discountedPrice"::text AS "discountedPrice",
  o."discountPercentage"::float8 AS "discountPercentage", o."status"::text AS "status",
  o."paymentStatus"::text AS "paymentStatus",
  s."name" AS "studentName", s."grade" AS "studentGrade", m."name" AS "menuItemName"`;

export type JoinedOrderRow = Omit<OrderDto, "orderDate" | "student" | "menuItem"> & {
  orderDate: Date;
  studentName: string;
  studentGrade: string;
  menuItemName: string;
};

export function joinedRowToOrderDto({
  studentName,
  studentGrade,
  menuItemName,
  orderDate,
  ...row
}: JoinedOrderRow): OrderDto {
  return {
    id: row.id,
    orderDate: orderDate.toISOString(),
    weekNumber: row.weekNumber,
    dayOfWeek: row.dayOfWeek,
    cycleId: row.cycleId,
    studentId: row.studentId,
    menuItemId: row.menuItemId,
    category: row.category,
    sideDish: row.sideDish,
    comments: row.comments,
    originalPrice: row.originalPrice,
    discountedPrice: row.discountedPrice,
    discountPercentage: row.discountPercentage,
    status: row.status,
    paymentStatus: row.paymentStatus,
    student: { name: studentName, grade: studentGrade },
    menuItem: { name: menuItemName },
  };
}
