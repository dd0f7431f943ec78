import "server-only";
import { notFound } from "@/lib/api/errors";
import type { SessionUser } from "@/lib/auth/session";
import { PAYMENT_METHODS } from "@/lib/contracts/mobile-money";
import { TX, type AttemptDto, type VerifyPaymentAnswer } from "@/lib/contracts/payments";
import type { SchoolContext } from "@/lib/contracts/schools";
import { schoolDb } from "@/lib/db";
import { cancelToken } from "@/lib/payments/dpo-client";
import { verifyAttempt, type Verification } from "@/lib/payments/fulfil";
import { markCancelled } from "@/lib/payments/mark-cancelled";
import { providerFor } from "@/lib/payments/provider-config";
import { receiptForAttempt } from "@/lib/payments/receipt";
import { TOP_UP_KEY_PREFIX } from "@/lib/contracts/wallet";
import { topUpReceipt } from "@/lib/payments/credit-top-up";

// The caller's own payment attempts at this school, found by the provider's token. Someone else's
// token (or another school's) is 404.

async function findOwnAttempt(school: SchoolContext, actor: SessionUser, transactionId: string) {
  const db = await schoolDb(school.id);
  const attempt = await db.paymentAttempt.findFirst({
    where: { schoolId: school.id, transactionId, userId: actor.id },
    select: {
      id: true,
      transactionId: true,
      transactionRef: true,
      paymentAmount: true,
      transactionStatus: true,
      status: true,
      errorDetails: true,
      isRecovered: true,
      paymentMethod: true,
      cartKey: true,
    },
  });
  if (!attempt) throw notFound("Payment not found");
  const { cartKey, ...own } = attempt;
  return {
    ...own,
    paymentAmount: attempt.paymentAmount.toFixed(2),
    isTopUp: cartKey?.startsWith(TOP_UP_KEY_PREFIX) === true,
  };
}

/** Step 3 of the payment flow: the attempt was recorded when it was created; this confirms it. */
export async function getOwnAttempt(
  school: SchoolContext,
  actor: SessionUser,
  transactionId: string,
): Promise<AttemptDto> {
  const { isTopUp: _isTopUp, ...attempt } = await findOwnAttempt(school, actor, transactionId);
  return attempt;
}

/** POST /api/payments/verify/{token}: the return page asks whether the payment went through. */
export async function verifyOwnPayment(
  school: SchoolContext,
  actor: SessionUser,
  token: string,
): Promise<VerifyPaymentAnswer> {
  const attempt = await findOwnAttempt(school, actor, token);
  const result = await verifyAttempt(school, attempt.id);
  const answer = toVerifyAnswer(result);
  if (!answer.success) return answer;
  // A wallet top-up (issue 47) is answered with the amount and the wallet after it.
  if (attempt.isTopUp) {
    const db = await schoolDb(school.id);
    return { ...answer, topUp: await topUpReceipt(db, school.id, actor.id, attempt) };
  }
  return { ...answer, receipt: await receiptForAttempt(school.id, actor.id, attempt) };
}

export function toVerifyAnswer(result: Verification): VerifyPaymentAnswer {
  const paid = result.outcome === "paid" || result.outcome === "paid-unfulfilled";
  return {
    success: result.outcome === "paid",
    message: paid && result.outcome === "paid" ? "Transaction Paid" : result.explanation,
    Result: paid ? "000" : "result" in result ? result.result : "",
    ResultExplanation: result.explanation,
    TransactionStatus:
      result.outcome === "paid"
        ? "verified"
        : result.outcome === "failed"
          ? "failed"
          : result.outcome === "paid-unfulfilled"
            ? "paid-unfulfilled"
            : "pending",
  };
}

/**
 * The browser reports that the parent cancelled or that something failed. A report is only a
 * hint: the provider is asked first, so a payment that did go through still becomes orders, and
 * one that did not is cancelled at the provider so it can no longer be paid.
 */
export async function reportAttempt(
  school: SchoolContext,
  actor: SessionUser,
  report: {
    transactionId: string;
    transactionStatus: string;
    errorDetails?: string | null | undefined;
  },
): Promise<VerifyPaymentAnswer> {
  const attempt = await findOwnAttempt(school, actor, report.transactionId);
  const wantsCancel = ["cancelled", "failed", "abandoned"].includes(
    report.transactionStatus.toLowerCase(),
  );
  if (!wantsCancel || attempt.transactionStatus !== TX.initiated)
    return toVerifyAnswer(await verifyAttempt(school, attempt.id));
  if (attempt.paymentMethod === PAYMENT_METHODS.mobile)
    return cancelMobilePayment(school, attempt.id, report);

  const result = await verifyAttempt(school, attempt.id);
  if (result.outcome !== "pending") return toVerifyAnswer(result);
  const provider = await providerFor(school);
  const cancelled = await cancelToken(provider.client, report.transactionId);
  if (cancelled.ok) {
    await markCancelled(school.id, attempt.id, report.errorDetails ?? "Cancelled by the customer");
    return {
      ...toVerifyAnswer(result),
      TransactionStatus: "cancelled",
      message: "Payment cancelled",
    };
  }
  return toVerifyAnswer(result);
}

/**
 * The waiting screen's Cancel (issue 16). The phone can approve a push at any moment, so the token
 * is cancelled at DPO first and then verified: cancelled in time, the attempt is closed (904);
 * approved just before, the cancel is refused and the verification makes the orders.
 */
async function cancelMobilePayment(
  school: SchoolContext,
  attemptId: number,
  report: { transactionId: string; errorDetails?: string | null | undefined },
) {
  const provider = await providerFor(school);
  const cancelled = await cancelToken(provider.client, report.transactionId);
  const result = await verifyAttempt(school, attemptId);
  if (result.outcome === "pending" && cancelled.ok) {
    // DPO took the cancel but still says "not paid yet": nothing can be paid on it any more.
    await markCancelled(school.id, attemptId, report.errorDetails ?? "Cancelled by the customer");
  }
  const closed =
    (result.outcome === "failed" && result.result === "904") ||
    (result.outcome === "pending" && cancelled.ok);
  if (!closed) return toVerifyAnswer(result);
  return {
    ...toVerifyAnswer(result),
    TransactionStatus: "cancelled",
    message: "Payment cancelled",
  };
}
