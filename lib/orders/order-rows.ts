import "server-only";
import type { LineTermsDto } from "@/lib/contracts";
import type { Prisma } from "@/lib/generated/prisma/client";

// One order row per priced cart line, the same way wherever orders are made: a free cart, an
// alternative-payment cart, a paid card cart, and a recovered one. Prices come from the line,
// which the server priced (or, in recovery, took from what was paid).

export type OrderLine = Omit<LineTermsDto, "discountPercentage"> & {
  studentId: number;
  menuItemId: number;
  cycleId: number;
  discountPercentage: number | string;
};

export type OrderPayment = {
  paymentStatus: "confirmed" | "pending";
  paymentProcessor: string;
  paymentAttemptId?: number;
};

export function orderRow(
  userId: number,
  line: OrderLine,
  payment: OrderPayment,
): Prisma.OrderUncheckedCreateInput {
  return {
    userId,
    studentId: line.studentId,
    menuItemId: line.menuItemId,
    cycleId: line.cycleId,
    weekNumber: line.weekNumber,
    dayOfWeek: line.dayOfWeek,
    category: line.category,
    sideDish: line.sideDish,
    comments: line.comments,
    originalPrice: line.originalPrice,
    discountedPrice: line.discountedPrice,
    discountPercentage: line.discountPercentage,
    // A snapshot written before issue 18 has no such field: never acknowledged.
    allergyAcknowledged: line.allergyAcknowledged === true,
    status: "pending",
    ...payment,
  };
}
