import "server-only";
import { isUniqueViolation } from "@/lib/api/prisma-errors";
import { audit } from "@/lib/audit/audit";
import type { SessionUser } from "@/lib/auth/session";
import { RECOVERY, STATUS, TX } from "@/lib/contracts/payments";
import { releaseHeldCredit } from "@/lib/credit/ledger";
import type { SchoolContext } from "@/lib/contracts/schools";
import { schoolDb } from "@/lib/db";
import type { Prisma } from "@/lib/generated/prisma/client";
import { kickOutbox } from "@/lib/messaging/outbox";
import { recipientColumns } from "@/lib/messaging/notify";
import { log } from "@/lib/observability/log";
import { sameAmount, sameCurrency, verifyToken } from "@/lib/payments/dpo-client";
import { providerFor } from "@/lib/payments/provider-config";
import { idKey } from "@/lib/schools/keys";
import { creditTopUp } from "@/lib/payments/credit-top-up";
import { bookPaidCart, type CartSnapshot } from "@/lib/payments/book-paid-cart";

// Turning a paid card transaction into orders, exactly once. The provider is asked on the server
// (the return URL's parameters prove nothing); only Result 000 with the amount and currency we
// asked for is paid. The orders are created in the same transaction as a conditional update of
// the attempt (`fulfilledAt IS NULL`), so many verifications at once, or a replay, create them once.

export type { CartSnapshot } from "@/lib/payments/book-paid-cart";

export type Verification =
  | { outcome: "paid"; explanation: string }
  /** Paid, but a day was taken meanwhile: the money is recorded, the office recovers the orders. */
  | { outcome: "paid-unfulfilled"; explanation: string }
  | { outcome: "pending"; result: string; explanation: string }
  | { outcome: "failed"; result: string; explanation: string }
  /** The provider could not be asked: not a decline; the sweep asks again later. */
  | { outcome: "unconfirmed"; explanation: string };

const REQUEST_ERRORS = new Set(["801", "802", "803", "804", "950"]);

/** Who settles the attempt. The parent's own return page passes nothing. */
export type SettleOptions = {
  /** Orders created by an admin's action or the reconciliation sweep: isRecovered is set. */
  recovered?: boolean;
  /** The admin acting: every write is audited in its own transaction. */
  actor?: Pick<SessionUser, "id"> | null;
  /** The audit action, e.g. "payment.check-status". */
  action?: string;
  /** DISCOUNT for an attempt with nothing to pay; DPO otherwise. */
  paymentProcessor?: "DPO" | "DISCOUNT";
};

export const PAID_UNFULFILLED_DETAILS =
  "Paid, but a meal day was already ordered; orders need recovery";
export const PAID_AFTER_CLOSE_DETAILS =
  "Paid after the payment was closed and its held credit given back; orders need recovery";

/**
 * Never an attempt whose held credit was given back (issue 43): a failed or cancelled attempt
 * releases its credit when it closes, and its orders would spend that credit a second time. The
 * office recovers such a cart by hand. A failed or cancelled attempt that held no credit may still
 * become orders once the provider says it was paid (Live Orders' Retry, spec 001 §4).
 *
 * A released entry is looked for in its own statement once the claim holds the attempt's row, not
 * as a relation filter of the claim: Citus answered that subquery from every shard once PostgreSQL
 * kept the prepared claim's generic plan (issue 46, found by the wallet's property test on a Citus
 * cluster). Found, the claim is rolled back. A closing that committed before the claim is also
 * seen by the attempt's own columns: a failed or cancelled attempt that held credit released it.
 */
const FULFILLABLE = {
  fulfilledAt: null,
  NOT: { transactionStatus: { in: [TX.failed, TX.cancelled] }, creditAmount: { gt: 0 } },
} as const satisfies Prisma.PaymentAttemptWhereInput;

/** Thrown inside fulfil's transaction to roll back a claim of an attempt whose credit went back. */
class CreditReleased extends Error {}

const PAID_UNFULFILLED_EXPLANATION =
  "Your payment was received, but some meals could not be booked. The school office will contact you.";

/** Writes a settlement (and, for an admin, its audit row) in one transaction. */
async function settle(
  schoolId: number,
  attemptId: number,
  where: Prisma.PaymentAttemptWhereInput,
  data: Prisma.PaymentAttemptUpdateManyMutationInput,
  options: SettleOptions,
): Promise<number> {
  const db = await schoolDb(schoolId);
  return db.$transaction(async (tx) => {
    const { count } = await tx.paymentAttempt.updateMany({
      where: { ...where, schoolId, id: attemptId },
      data,
    });
    // A failed or abandoned attempt gives back the credit it held (issue 17).
    if (count > 0) await releaseHeldCredit(tx, schoolId, attemptId);
    if (count > 0 && options.actor) {
      await audit(tx, options.actor, {
        action: options.action ?? "payment.settle",
        entity: "PaymentAttempt",
        entityId: attemptId,
        after: JSON.parse(JSON.stringify(data)) as Prisma.InputJsonValue,
      });
    }
    return count;
  });
}

/** What verifying an attempt reads of it (a caller that has just read these passes them in). */
export const verifiableSelect = {
  id: true,
  userId: true,
  transactionId: true,
  paymentAmount: true,
  creditAmount: true,
  currency: true,
  fulfilledAt: true,
  transactionStatus: true,
} as const;
export type VerifiableAttempt = Prisma.PaymentAttemptGetPayload<{
  select: typeof verifiableSelect;
}>;

/**
 * Asks the school's provider about one of its attempts and settles it: orders once paid, failed
 * when declined. Given the attempt's id, it is read first; given the row as just read (of this
 * school), it is not read again. A suspended school's payments are still verified and fulfilled.
 */
export async function verifyAttempt(
  school: SchoolContext,
  attemptOrId: number | VerifiableAttempt,
  options: SettleOptions = {},
): Promise<Verification> {
  const db = await schoolDb(school.id);
  const attempt =
    typeof attemptOrId === "number"
      ? await db.paymentAttempt.findUnique({
          where: idKey(school.id, attemptOrId),
          select: verifiableSelect,
        })
      : attemptOrId;
  if (!attempt) return { outcome: "failed", result: "902", explanation: "Unknown payment" };
  if (attempt.fulfilledAt) return { outcome: "paid", explanation: "Transaction Paid" };
  if (!attempt.transactionId) {
    return { outcome: "failed", result: "902", explanation: "The payment was never started" };
  }

  const provider = await providerFor(school);
  const answer = await verifyToken(provider.client, attempt.transactionId);
  switch (answer.kind) {
    case "unreachable":
    case "invalid-response":
      log.warn(
        { attemptId: attempt.id, kind: answer.kind, error: answer.error },
        "payment provider could not be asked",
      );
      return {
        outcome: "unconfirmed",
        explanation: "Your payment is being confirmed. Your orders will appear as soon as it is.",
      };
    case "pending":
      return { outcome: "pending", result: answer.result, explanation: answer.explanation };
    case "failed": {
      // 801-804 and 950 say our request was wrong (credentials, XML), not that the parent's
      // payment failed: keep the attempt open and shout, so a paid cart is never written off.
      if (REQUEST_ERRORS.has(answer.result)) {
        log.error(
          { attemptId: attempt.id, result: answer.result, explanation: answer.explanation },
          "payment provider refused our request",
        );
        return {
          outcome: "unconfirmed",
          explanation: "Your payment is being confirmed. Your orders will appear as soon as it is.",
        };
      }
      await settle(
        school.id,
        attempt.id,
        { fulfilledAt: null, transactionStatus: { not: TX.verified } },
        {
          transactionStatus: answer.result === "904" ? TX.cancelled : TX.failed,
          status: answer.result === "904" ? STATUS.abandoned : STATUS.failed,
          errorDetails: `${answer.result}: ${answer.explanation}`,
        },
        options,
      );
      return { outcome: "failed", result: answer.result, explanation: answer.explanation };
    }
    case "paid": {
      const asked = attempt.paymentAmount.toFixed(2);
      if (!sameAmount(answer.amount, asked) || !sameCurrency(answer.currency, attempt.currency)) {
        const detail = `Paid ${answer.amount} ${answer.currency}, expected ${asked} ${attempt.currency}`;
        log.error({ attemptId: attempt.id, detail }, "paid amount or currency differs");
        await settle(
          school.id,
          attempt.id,
          { fulfilledAt: null },
          { transactionStatus: TX.failed, status: STATUS.error, errorDetails: detail },
          options,
        );
        return { outcome: "failed", result: "002", explanation: detail };
      }
      return fulfil(school, attempt.id, options);
    }
  }
}

/** What fulfilling reads of a claimed attempt: its cart, or what a top-up credits. */
const paidSelect = {
  id: true,
  userId: true,
  cartItems: true,
  paymentAmount: true,
  paymentMethod: true,
  mobileOperator: true,
  mobileNumber: true,
  // The parent's message columns (issue 48) come with the attempt: no read of their own.
  user: { select: { name: true, ...recipientColumns } },
} as const satisfies Prisma.PaymentAttemptSelect;

/**
 * Creates the snapshot's orders (a top-up: its credit) once; safe to call any number of times, at
 * once or later.
 */
export async function fulfil(
  school: SchoolContext,
  attemptId: number,
  options: SettleOptions = {},
): Promise<Verification> {
  const schoolId = school.id;
  const db = await schoolDb(schoolId);
  try {
    const created = await db.$transaction(async (tx) => {
      const now = new Date();
      const claim = await tx.paymentAttempt.updateMany({
        where: { schoolId, id: attemptId, ...FULFILLABLE },
        data: {
          fulfilledAt: now,
          verifiedAt: now,
          transactionStatus: TX.verified,
          status: STATUS.processing,
          ...(options.recovered && { isRecovered: true }),
        },
      });
      // Claimed: its credit must not have been given back (looked for under the claim's lock).
      const released =
        claim.count > 0 &&
        (await tx.creditEntry.findFirst({
          where: { schoolId, paymentAttemptId: attemptId, kind: "released" },
          select: { id: true },
        })) !== null;
      if (released) throw new CreditReleased();
      if (claim.count === 0) {
        const now = await tx.paymentAttempt.findUnique({
          where: idKey(schoolId, attemptId),
          select: { fulfilledAt: true },
        });
        return now && !now.fulfilledAt ? "closed" : false;
      }
      const attempt = await tx.paymentAttempt.findUniqueOrThrow({
        where: idKey(schoolId, attemptId),
        select: paidSelect,
      });
      const snapshot = attempt.cartItems as unknown as CartSnapshot;
      // A wallet top-up (issue 47): the amount paid becomes credit, once, under this claim.
      // What the parent just paid is confirmed at once, even in quiet hours; orders an office
      // action created (a retry, a submit) wait for the morning on SMS and WhatsApp.
      const immediate = !options.actor;
      if (snapshot.topUp) await creditTopUp(tx, school, attempt, { immediate });
      else {
        await bookPaidCart(tx, school, attempt, snapshot, {
          paymentProcessor: options.paymentProcessor ?? "DPO",
          immediate,
        });
      }
      await tx.paymentAttempt.update({
        where: idKey(schoolId, attemptId),
        data: { status: STATUS.done },
      });
      // A paid cart waiting in Order Recovery that another path has now turned into orders.
      await tx.paymentAttempt.updateMany({
        where: { schoolId, id: attemptId, recoveryStatus: { not: null } },
        data: { recoveryStatus: RECOVERY.done },
      });
      if (options.actor) {
        await audit(tx, options.actor, {
          action: options.action ?? "payment.fulfil",
          entity: "PaymentAttempt",
          entityId: attemptId,
          after: { status: STATUS.done, isRecovered: options.recovered === true },
          details: { ordersCreated: snapshot.lines.length },
        });
      }
      return true;
    });
    if (created === "closed") {
      // Paid after it was cancelled or failed and its credit given back: never turned into orders
      // here; the office recovers them (the parent paid only the card part).
      log.error({ attemptId }, "payment received for a closed attempt");
      return await holdForRecovery(schoolId, attemptId, PAID_AFTER_CLOSE_DETAILS, options, {
        transactionStatus: { not: TX.verified },
      });
    }
    if (created) kickOutbox(school.id);
    return { outcome: "paid", explanation: "Transaction Paid" };
  } catch (error) {
    // The claim is rolled back: as for any attempt closed with its credit given back.
    if (error instanceof CreditReleased) {
      log.error({ attemptId }, "payment received for a closed attempt");
      return holdForRecovery(schoolId, attemptId, PAID_AFTER_CLOSE_DETAILS, options, {
        transactionStatus: { not: TX.verified },
      });
    }
    if (!isUniqueViolation(error)) throw error;
    // The money arrived but a child's day was ordered meanwhile. Nothing is lost: the attempt
    // keeps the paid cart, marked for the office's Order Recovery.
    return holdForRecovery(schoolId, attemptId, PAID_UNFULFILLED_DETAILS, options, {});
  }
}

/**
 * A paid attempt that cannot become orders: its money recorded (the status change only where
 * `where` also holds), and listed in Order Recovery.
 */
async function holdForRecovery(
  schoolId: number,
  attemptId: number,
  errorDetails: string,
  options: SettleOptions,
  where: Prisma.PaymentAttemptWhereInput,
): Promise<Verification> {
  const db = await schoolDb(schoolId);
  await db.$transaction(async (tx) => {
    const { count } = await tx.paymentAttempt.updateMany({
      where: { ...where, schoolId, id: attemptId, fulfilledAt: null },
      data: {
        transactionStatus: TX.verified,
        verifiedAt: new Date(),
        status: STATUS.error,
        errorDetails,
      },
    });
    // Listed in Order Recovery as a new attempt; a recovery already under way keeps its status.
    await tx.paymentAttempt.updateMany({
      where: { schoolId, id: attemptId, fulfilledAt: null, recoveryStatus: null },
      data: { recoveryStatus: RECOVERY.started },
    });
    if (count > 0 && options.actor) {
      await audit(tx, options.actor, {
        action: options.action ?? "payment.fulfil",
        entity: "PaymentAttempt",
        entityId: attemptId,
        after: { status: STATUS.error, recoveryStatus: RECOVERY.started },
      });
    }
  });
  return { outcome: "paid-unfulfilled", explanation: PAID_UNFULFILLED_EXPLANATION };
}
