import "server-only";
import { conflict, notFound } from "@/lib/api/errors";
import type { SessionUser } from "@/lib/auth/session";
import type { CheckStatusAnswer } from "@/lib/contracts/live-orders";
import { getDb } from "@/lib/db";
import { canDo, type AttemptFacts } from "@/lib/payments/attempt-transitions";
import { verifyAttempt } from "@/lib/payments/fulfil";

/**
 * An admin's Check Payment (Payment Initiated) and Verify (Processing Started), spec 001 §4: the
 * provider is asked; 'PAID' means verified (and the orders exist, marked recovered). Refused (409)
 * for any other status and for recovered attempts.
 */
export async function checkPaymentStatus(
  actor: Pick<SessionUser, "id">,
  transactionId: string,
): Promise<CheckStatusAnswer> {
  const db = await getDb();
  const attempt = await db.paymentAttempt.findUnique({
    where: { transactionId },
    select: { id: true, status: true, transactionId: true, paymentAmount: true, isRecovered: true },
  });
  if (!attempt) throw notFound("Payment not found");
  const facts: AttemptFacts = { ...attempt, amount: attempt.paymentAmount.toFixed(2) };
  if (!canDo(facts, "check-payment") && !canDo(facts, "verify")) {
    throw conflict(
      attempt.isRecovered
        ? "This order was recovered: no further action is possible"
        : `Cannot check the payment of an order with status ${attempt.status}`,
    );
  }
  const result = await verifyAttempt(attempt.id, {
    recovered: true,
    actor,
    action: "payment.check-status",
  });
  const status =
    result.outcome === "paid" || result.outcome === "paid-unfulfilled"
      ? "PAID"
      : result.outcome === "failed"
        ? "FAILED"
        : "PENDING";
  return { success: status === "PAID", status, message: result.explanation };
}
