import "server-only";
import type { OrderDto, OrderLineDto } from "@/lib/contracts";
import { Prisma } from "@/lib/generated/prisma/client";

// The one order line (lib/contracts/order-line.ts) read from the database, by Prisma's select or by
// a raw statement, and the answers built on it: the parent's OrderDto, Cycle History, Pending
// Payments. Decimals leave as 2-decimal strings, the percentage as a number.

export const orderLineSelect = {
  id: true,
  orderDate: true,
  weekNumber: true,
  dayOfWeek: true,
  category: true,
  sideDish: true,
  comments: true,
  originalPrice: true,
  discountedPrice: true,
  discountPercentage: true,
  allergyAcknowledged: true,
  student: { select: { name: true, grade: true, allergies: true, dietaryNotes: true } },
  menuItem: { select: { name: true } },
} as const satisfies Prisma.OrderSelect;

type OrderLineRow = Prisma.OrderGetPayload<{ select: typeof orderLineSelect }>;

export function toOrderLineDto(row: OrderLineRow): OrderLineDto {
  return {
    id: row.id,
    orderDate: row.orderDate.toISOString(),
    student: {
      name: row.student.name,
      grade: row.student.grade,
      allergies: row.student.allergies,
      dietaryNotes: row.student.dietaryNotes,
    },
    menuItem: { name: row.menuItem.name },
    weekNumber: row.weekNumber,
    dayOfWeek: row.dayOfWeek,
    category: row.category,
    sideDish: row.sideDish,
    comments: row.comments,
    originalPrice: row.originalPrice.toFixed(2),
    discountedPrice: row.discountedPrice.toFixed(2),
    discountPercentage: row.discountPercentage.toNumber(),
    allergyAcknowledged: row.allergyAcknowledged,
  };
}

export const orderSelect = {
  ...orderLineSelect,
  cycleId: true,
  studentId: true,
  menuItemId: true,
  status: true,
  paymentStatus: true,
} as const satisfies Prisma.OrderSelect;

export type OrderRow = Prisma.OrderGetPayload<{ select: typeof orderSelect }>;

/** What an OrderDto adds to its line: the ids and the two statuses. */
type OrderFields = Pick<
  OrderDto,
  "cycleId" | "studentId" | "menuItemId" | "status" | "paymentStatus"
>;

/**
 * The order's fields beyond its line, to add to a line just built: `Object.assign(line, …)`. Not a
 * spread (`{ ...line, … }`): V8 copies a spread object slowly and the copy then gains properties the
 * slow way; building the history's 62 orders took over ten times as long (decision 0060).
 */
function orderFieldsOf(row: OrderFields): OrderFields {
  return {
    cycleId: row.cycleId,
    studentId: row.studentId,
    menuItemId: row.menuItemId,
    status: row.status,
    paymentStatus: row.paymentStatus,
  };
}

export const toOrderDto = (row: OrderRow): OrderDto =>
  Object.assign(toOrderLineDto(row), orderFieldsOf(row));

/**
 * The order line's columns of an order `o` joined to its child `s` and its item `m`, for the raw
 * statements that read (the history, Cycle History) or insert (a cart) orders in one round trip.
 */
export const orderLineColumns = Prisma.sql`
  o."id", o."orderDate", o."weekNumber", o."dayOfWeek", o."category", o."sideDish", o."comments",
  o."originalPrice"::text AS "originalPrice", o."discountedPrice"::text AS "discountedPrice",
  o."discountPercentage"::float8 AS "discountPercentage", o."allergyAcknowledged",
  s."name" AS "studentName", s."grade" AS "studentGrade", s."allergies" AS "studentAllergies",
  s."dietaryNotes" AS "studentDietaryNotes", m."name" AS "menuItemName"`;

export type JoinedOrderLineRow = Omit<OrderLineDto, "orderDate" | "student" | "menuItem"> & {
  orderDate: Date;
  studentName: string;
  studentGrade: string;
  studentAllergies: string[];
  studentDietaryNotes: string | null;
  menuItemName: string;
};

export function joinedRowToOrderLine(row: JoinedOrderLineRow): OrderLineDto {
  return {
    id: row.id,
    orderDate: row.orderDate.toISOString(),
    student: {
      name: row.studentName,
      grade: row.studentGrade,
      allergies: row.studentAllergies,
      dietaryNotes: row.studentDietaryNotes,
    },
    menuItem: { name: row.menuItemName },
    weekNumber: row.weekNumber,
    dayOfWeek: row.dayOfWeek,
    category: row.category,
    sideDish: row.sideDish,
    comments: row.comments,
    originalPrice: row.originalPrice,
    discountedPrice: row.discountedPrice,
    discountPercentage: row.discountPercentage,
    allergyAcknowledged: row.allergyAcknowledged,
  };
}

/** The OrderDto's columns: the line's and its ids and statuses. */
export const joinedOrderColumns = Prisma.sql`${orderLineColumns},
  o."cycleId", o."studentId", o."menuItemId", o."status"::text AS "status",
  o."paymentStatus"::text AS "paymentStatus"`;

export type JoinedOrderRow = JoinedOrderLineRow & OrderFields;

/** The OrderDto of a joined row (the history's, Cycle History's and a placed cart's). */
export const joinedRowToOrderDto = (row: JoinedOrderRow): OrderDto =>
  Object.assign(joinedRowToOrderLine(row), orderFieldsOf(row));
