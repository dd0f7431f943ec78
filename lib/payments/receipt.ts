import "server-only";
import { notFound } from "@/lib/api/errors";
import type { PaymentReceiptDto } from "@/lib/contracts/payments";
import { schoolDb } from "@/lib/db";
import { cycleDayDate, toIsoDate } from "@/lib/school-calendar";

/**
 * The receipt of a paid attempt (issue 24 §4): the orders it became, each child, day, meal and
 * amount, with the amount paid and our reference. Only the payer's own orders are read.
 */
export async function receiptForAttempt(
  schoolId: number,
  userId: number,
  attempt: { id: number; transactionRef: string; paymentAmount: string },
): Promise<PaymentReceiptDto> {
  const db = await schoolDb(schoolId);
  const orders = await db.order.findMany({
    where: { schoolId, paymentAttemptId: attempt.id, userId },
    orderBy: [{ weekNumber: "asc" }, { dayOfWeek: "asc" }, { id: "asc" }],
    select: {
      id: true,
      weekNumber: true,
      dayOfWeek: true,
      discountedPrice: true,
      student: { select: { name: true } },
      menuItem: { select: { name: true } },
      cycle: { select: { startDate: true } },
    },
  });
  return {
    reference: attempt.transactionRef,
    total: attempt.paymentAmount,
    lines: orders.map((o) => ({
      orderId: o.id,
      studentName: o.student.name,
      weekNumber: o.weekNumber,
      dayOfWeek: o.dayOfWeek,
      date: cycleDayDate(toIsoDate(o.cycle.startDate), o.weekNumber, o.dayOfWeek),
      meal: o.menuItem.name,
      amount: o.discountedPrice.toFixed(2),
    })),
  };
}

export const RECEIPT_NOT_FOUND = "Receipt not found";

/**
 * GET /api/account/receipts/{reference} (issue 49): a paid payment's receipt reopened from Order
 * History. Only the caller's own paid payment in this school; anything else is as unknown as none.
 */
export async function getOwnReceipt(
  schoolId: number,
  userId: number,
  reference: string,
): Promise<PaymentReceiptDto> {
  const db = await schoolDb(schoolId);
  const attempt = await db.paymentAttempt.findFirst({
    where: { schoolId, userId, transactionRef: reference, transactionStatus: "verified" },
    select: { id: true, transactionRef: true, paymentAmount: true },
  });
  if (!attempt) throw notFound(RECEIPT_NOT_FOUND);
  return receiptForAttempt(schoolId, userId, {
    ...attempt,
    paymentAmount: attempt.paymentAmount.toFixed(2),
  });
}
