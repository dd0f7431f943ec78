import "server-only";
import { ApiError, conflict, notFound } from "@/lib/api/errors";
import { audit } from "@/lib/audit/audit";
import type { SessionUser } from "@/lib/auth/session";
import type { AttemptActionAnswer } from "@/lib/contracts/live-orders";
import { STATUS, TX } from "@/lib/contracts/payments";
import type { SchoolContext } from "@/lib/contracts/schools";
import { schoolDb } from "@/lib/db";
import type { Prisma } from "@/lib/generated/prisma/client";
import {
  canDo,
  changeRefused,
  statusChange,
  type AttemptFacts,
  type LiveAction,
} from "@/lib/payments/attempt-transitions";
import { cancelToken } from "@/lib/payments/dpo-client";
import { releaseHeldCredit } from "@/lib/credit/ledger";
import { fulfil, verifyAttempt, type Verification } from "@/lib/payments/fulfil";
import { providerFor } from "@/lib/payments/provider-config";
import { idKey } from "@/lib/schools/keys";

// The Live Orders actions (spec 001 §4): Retry (Failed), Submit Order (Payment Verified) and the
// status change behind Abandon (Processing Started). Each is checked against the rule table in
// lib/payments/attempt-transitions.ts first; orders are only ever created through fulfil(), whose
// conditional update makes them once however many admins click at the same time.

type Actor = Pick<SessionUser, "id">;

const attemptSelect = {
  id: true,
  status: true,
  transactionId: true,
  transactionRef: true,
  paymentAmount: true,
  isRecovered: true,
  transactionStatus: true,
  fulfilledAt: true,
} as const satisfies Prisma.PaymentAttemptSelect;

type AttemptRow = Prisma.PaymentAttemptGetPayload<{ select: typeof attemptSelect }>;

function factsOf(row: AttemptRow): AttemptFacts {
  return { ...row, amount: row.paymentAmount.toFixed(2) };
}

const ACTION_NAMES: Record<LiveAction, string> = {
  retry: "retry",
  "check-payment": "check the payment of",
  "submit-order": "submit",
  verify: "verify",
  abandon: "abandon",
};

function refuse(row: AttemptRow, action: LiveAction): never {
  if (row.isRecovered) throw conflict("This order was recovered: no further action is possible");
  throw conflict(`Cannot ${ACTION_NAMES[action]} an order with status ${row.status}`);
}

async function findAttempt(schoolId: number, id: number): Promise<AttemptRow> {
  const db = await schoolDb(schoolId);
  const row = await db.paymentAttempt.findUnique({
    where: idKey(schoolId, id),
    select: attemptSelect,
  });
  if (!row) throw notFound("Order not found");
  return row;
}

async function answerFor(
  schoolId: number,
  id: number,
  result: Verification,
): Promise<AttemptActionAnswer> {
  const db = await schoolDb(schoolId);
  const now = await db.paymentAttempt.findUniqueOrThrow({
    where: idKey(schoolId, id),
    select: { status: true },
  });
  return {
    success: result.outcome === "paid",
    status: now.status,
    message: result.outcome === "paid" ? "Orders created successfully" : result.explanation,
  };
}

/**
 * Retry of a Failed attempt (Live Orders, no body): money verified but no orders → create them;
 * otherwise ask the provider again. An attempt that never reached the provider cannot be retried.
 */
export async function retryLiveOrder(
  school: SchoolContext,
  actor: Actor,
  id: number,
): Promise<AttemptActionAnswer> {
  const row = await findAttempt(school.id, id);
  if (!canDo(factsOf(row), "retry")) refuse(row, "retry");
  if (row.fulfilledAt) throw conflict("The orders of this payment were already created");
  const options = { recovered: true, actor, action: "payment.retry" } as const;
  if (row.transactionStatus === TX.verified) {
    return answerFor(school.id, id, await fulfil(school, id, options));
  }
  if (!row.transactionId) {
    throw conflict("This payment never reached the payment provider: there is nothing to retry");
  }
  return answerFor(school.id, id, await verifyAttempt(school, id, options));
}

/** Submit Order of a Payment Verified attempt: its orders, once the money is verified. */
export async function processLiveOrder(
  school: SchoolContext,
  actor: Actor,
  id: number,
): Promise<AttemptActionAnswer> {
  const row = await findAttempt(school.id, id);
  if (!canDo(factsOf(row), "submit-order")) refuse(row, "submit-order");
  if (row.transactionStatus !== TX.verified) {
    throw conflict("Cannot submit the order: the payment is not verified");
  }
  if (row.fulfilledAt) throw conflict("The orders of this payment were already created");
  const free = row.paymentAmount.isZero();
  const result = await fulfil(school, id, {
    recovered: true,
    actor,
    action: "payment.process",
    paymentProcessor: free ? "DISCOUNT" : "DPO",
  });
  return answerFor(school.id, id, result);
}

/**
 * PUT /api/payments/payment-attempts/{key}/status, the Abandon button. `key` is the provider's
 * transaction id, or our reference for an attempt that has none. Abandoning first cancels the
 * token at the provider, so nobody can pay it afterwards; a provider that refuses (it was paid)
 * leaves the attempt as it is, to be verified.
 */
export async function changeAttemptStatus(
  school: SchoolContext,
  actor: Actor,
  key: string,
  target: string,
): Promise<AttemptActionAnswer> {
  const db = await schoolDb(school.id);
  const row = await db.paymentAttempt.findFirst({
    where: { schoolId: school.id, OR: [{ transactionId: key }, { transactionRef: key }] },
    orderBy: { transactionId: { sort: "asc", nulls: "last" } },
    select: attemptSelect,
  });
  if (!row) throw notFound("Payment not found");
  const decision = statusChange(
    {
      ...factsOf(row),
      moneyVerified: row.transactionStatus === TX.verified,
      fulfilled: row.fulfilledAt !== null,
    },
    target,
  );
  if (!decision.ok) throw conflict(decision.message);

  if (decision.effect === "complete-free") {
    const result = await fulfil(school, row.id, {
      recovered: true,
      actor,
      action: "payment.complete-free",
      paymentProcessor: "DISCOUNT",
    });
    return answerFor(school.id, row.id, result);
  }

  const provider = await providerFor(school);
  const cancelled = await cancelToken(provider.client, row.transactionId!);
  if (!cancelled.ok) {
    if (cancelled.kind === "refused") {
      throw conflict(
        `The payment provider did not cancel this payment (${cancelled.explanation}). Verify it first.`,
      );
    }
    throw new ApiError(502, "The payment provider could not be reached. Please try again.");
  }
  const changed = await db.$transaction(async (tx) => {
    const { count } = await tx.paymentAttempt.updateMany({
      where: {
        schoolId: school.id,
        id: row.id,
        status: STATUS.processing,
        isRecovered: false,
        fulfilledAt: null,
        transactionStatus: { not: TX.verified },
      },
      data: {
        transactionStatus: TX.cancelled,
        status: STATUS.abandoned,
        errorDetails: "Abandoned by an administrator",
      },
    });
    if (count > 0) {
      await releaseHeldCredit(tx, school.id, row.id);
      await audit(tx, actor, {
        action: "payment.abandon",
        entity: "PaymentAttempt",
        entityId: row.id,
        before: { status: row.status, transactionStatus: row.transactionStatus },
        after: { status: STATUS.abandoned, transactionStatus: TX.cancelled },
      });
    }
    return count;
  });
  if (changed === 0) throw conflict(changeRefused(row.status, target));
  return { success: true, status: STATUS.abandoned, message: "Payment status updated" };
}
