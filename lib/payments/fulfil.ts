import "server-only";
import { isUniqueViolation } from "@/lib/api/prisma-errors";
import { getDb } from "@/lib/db";
import { kickOutbox } from "@/lib/mail/outbox";
import { enqueueOrderConfirmation } from "@/lib/orders/confirmation-email";
import type { PricedLine } from "@/lib/orders/check-cart";
import { sameAmount, sameCurrency, verifyToken } from "@/lib/payments/dpo-client";
import { paymentProviderConfig } from "@/lib/payments/provider-config";
import { STATUS, TX } from "@/lib/payments/statuses";

// Turning a paid card transaction into orders, exactly once. The provider is asked on the server
// (the return URL's parameters prove nothing); only Result 000 with the amount and currency we
// asked for is paid. The orders are created in the same transaction as a conditional update of
// the attempt (`fulfilledAt IS NULL`), so many verifications at once, or a replay, create them once.

export type CartSnapshot = { lines: PricedLine[]; total: string };

export type Verification =
  | { outcome: "paid"; explanation: string }
  /** Paid, but a day was taken meanwhile: the money is recorded, the office recovers the orders. */
  | { outcome: "paid-unfulfilled"; explanation: string }
  | { outcome: "pending"; result: string; explanation: string }
  | { outcome: "failed"; result: string; explanation: string }
  /** The provider could not be asked: not a decline; the sweep asks again later. */
  | { outcome: "unconfirmed"; explanation: string };

const REQUEST_ERRORS = new Set(["801", "802", "803", "804", "950"]);

const attemptSelect = {
  id: true,
  userId: true,
  transactionId: true,
  paymentAmount: true,
  currency: true,
  cartItems: true,
  fulfilledAt: true,
  transactionStatus: true,
} as const;

/** Asks the provider about an attempt and settles it: orders once paid, failed when declined. */
export async function verifyAttempt(attemptId: number): Promise<Verification> {
  const db = await getDb();
  const attempt = await db.paymentAttempt.findUnique({
    where: { id: attemptId },
    select: attemptSelect,
  });
  if (!attempt) return { outcome: "failed", result: "902", explanation: "Unknown payment" };
  if (attempt.fulfilledAt) return { outcome: "paid", explanation: "Transaction Paid" };
  if (!attempt.transactionId) {
    return { outcome: "failed", result: "902", explanation: "The payment was never started" };
  }

  const answer = await verifyToken(paymentProviderConfig().client, attempt.transactionId);
  switch (answer.kind) {
    case "unreachable":
    case "invalid-response":
      console.warn(`[payments] verify ${attempt.id}: provider ${answer.kind}: ${answer.error}`);
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
        console.error(
          `[payments] verify ${attempt.id}: provider refused our request: ${answer.result} ${answer.explanation}`,
        );
        return {
          outcome: "unconfirmed",
          explanation: "Your payment is being confirmed. Your orders will appear as soon as it is.",
        };
      }
      await db.paymentAttempt.updateMany({
        where: { id: attempt.id, fulfilledAt: null, transactionStatus: { not: TX.verified } },
        data: {
          transactionStatus: answer.result === "904" ? TX.cancelled : TX.failed,
          status: answer.result === "904" ? STATUS.abandoned : STATUS.failed,
          errorDetails: `${answer.result}: ${answer.explanation}`,
        },
      });
      return { outcome: "failed", result: answer.result, explanation: answer.explanation };
    }
    case "paid": {
      const asked = attempt.paymentAmount.toFixed(2);
      if (!sameAmount(answer.amount, asked) || !sameCurrency(answer.currency, attempt.currency)) {
        const detail = `Paid ${answer.amount} ${answer.currency}, expected ${asked} ${attempt.currency}`;
        console.error(`[payments] attempt ${attempt.id}: ${detail}`);
        await db.paymentAttempt.updateMany({
          where: { id: attempt.id, fulfilledAt: null },
          data: { transactionStatus: TX.failed, status: STATUS.error, errorDetails: detail },
        });
        return { outcome: "failed", result: "002", explanation: detail };
      }
      return fulfil(attempt.id);
    }
  }
}

/** Creates the snapshot's orders once; safe to call any number of times, at once or later. */
export async function fulfil(attemptId: number): Promise<Verification> {
  const db = await getDb();
  try {
    const created = await db.$transaction(async (tx) => {
      const now = new Date();
      const claim = await tx.paymentAttempt.updateMany({
        where: { id: attemptId, fulfilledAt: null },
        data: {
          fulfilledAt: now,
          verifiedAt: now,
          transactionStatus: TX.verified,
          status: STATUS.processing,
        },
      });
      if (claim.count === 0) return false;
      const attempt = await tx.paymentAttempt.findUniqueOrThrow({
        where: { id: attemptId },
        select: { userId: true, cartItems: true, user: { select: { name: true, email: true } } },
      });
      const snapshot = attempt.cartItems as unknown as CartSnapshot;
      for (const line of snapshot.lines) {
        await tx.order.create({
          data: {
            userId: attempt.userId,
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
            status: "pending",
            paymentStatus: "confirmed",
            paymentProcessor: "DPO",
            paymentAttemptId: attemptId,
          },
        });
      }
      await tx.paymentAttempt.update({ where: { id: attemptId }, data: { status: STATUS.done } });
      await enqueueOrderConfirmation(tx, attempt.user, snapshot.lines, snapshot.total);
      return true;
    });
    if (created) kickOutbox();
    return { outcome: "paid", explanation: "Transaction Paid" };
  } catch (error) {
    if (!isUniqueViolation(error)) throw error;
    // The money arrived but a child's day was ordered meanwhile. Nothing is lost: the attempt
    // keeps the paid cart, marked for the office's Order Recovery.
    await db.paymentAttempt.updateMany({
      where: { id: attemptId, fulfilledAt: null },
      data: {
        transactionStatus: TX.verified,
        verifiedAt: new Date(),
        status: STATUS.error,
        errorDetails: "Paid, but a meal day was already ordered; orders need recovery",
      },
    });
    return {
      outcome: "paid-unfulfilled",
      explanation:
        "Your payment was received, but some meals could not be booked. The school office will contact you.",
    };
  }
}
