import "server-only";
import { conflict, notFound } from "@/lib/api/errors";
import type { SessionUser } from "@/lib/auth/session";
import type { CheckStatusAnswer } from "@/lib/contracts/live-orders";
import type { SchoolContext } from "@/lib/contracts/schools";
import { schoolDb } from "@/lib/db";
import { canDo, type AttemptFacts } from "@/lib/payments/attempt-transitions";
import { verifyAttempt } from "@/lib/payments/fulfil";

/**
 * An admin's Check Payment (Payment Initiated) and Verify (Processing Started), spec 001 §4: the
 * provider is asked; 'PAID' means verified (and the orders exist, marked recovered). Refused (409)
 * for any other status and for recovered attempts.
 */
export async function checkPaymentStatus(
  school: SchoolContext,
  actor: Pick<SessionUser, "id">,
  transactionId: string,
): Promise<CheckStatusAnswer> {
  const db = await schoolDb(school.id);
  const attempt = await db.paymentAttempt.findUnique({
    where: { schoolId_transactionId: { schoolId: school.id, transactionId } },
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
  const result = await verifyAttempt(school, attempt.id, {
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
