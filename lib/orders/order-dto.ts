import "server-only";
import type { OrderDto } from "@/lib/contracts";
import type { Prisma } from "@/lib/generated/prisma/client";

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
