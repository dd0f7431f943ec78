import "server-only";
import { notFound } from "@/lib/api/errors";
import { getDb } from "@/lib/db";
import { verifyAttempt } from "@/lib/payments/fulfil";

/** An admin's Check Payment (spec 001 §4): 'PAID' means verified (and the orders exist). */
export async function checkPaymentStatus(transactionId: string) {
  const db = await getDb();
  const attempt = await db.paymentAttempt.findUnique({
    where: { transactionId },
    select: { id: true },
  });
  if (!attempt) throw notFound("Payment not found");
  const result = await verifyAttempt(attempt.id);
  const status =
    result.outcome === "paid" || result.outcome === "paid-unfulfilled"
      ? "PAID"
      : result.outcome === "failed"
        ? "FAILED"
        : "PENDING";
  return { success: status === "PAID", status, message: result.explanation };
}
