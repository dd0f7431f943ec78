import "server-only";
import { createHash, randomBytes } from "node:crypto";
import { ApiError, conflict, unprocessable } from "@/lib/api/errors";
import { isUniqueViolation } from "@/lib/api/prisma-errors";
import type { SessionUser } from "@/lib/auth/session";
import { STATUS, TX, type CreatePaymentAnswer } from "@/lib/contracts/payments";
import { getDb } from "@/lib/db";
import { env } from "@/lib/env";
import type { Prisma } from "@/lib/generated/prisma/client";
import { toNgwee } from "@/lib/money";
import { checkCart, type PricedCart } from "@/lib/orders/check-cart";
import { cancelToken, createToken, formatServiceDate, payPageUrl } from "@/lib/payments/dpo-client";
import { verifyAttempt, type CartSnapshot } from "@/lib/payments/fulfil";
import { paymentProviderConfig } from "@/lib/payments/provider-config";
import type { CreatePaymentInput } from "@/lib/validations/payments";

// POST /api/payments/create: the cart is checked and priced again on the server, the amount the
// browser shows must match it, and the provider is asked for exactly that amount. One open
// transaction per user (a partial unique index): the same cart gets the same token back.

export const AMOUNT_MISMATCH = "Payment amount does not match cart total";
const ALREADY_STARTING = "A payment is already being started. Please wait a moment and try again.";
/** DPO's payment time limit we ask for (PTL, minutes). */
const PAYMENT_TIME_LIMIT_MINUTES = 60;
/** Longer than the provider's time-out: an attempt still without a token after it has crashed. */
const STARTING_GRACE_MS = 2 * 60 * 1000;

type OpenAttempt = {
  id: number;
  transactionId: string | null;
  transactionRef: string;
  paymentAmount: { toFixed(digits: number): string };
  cartKey: string | null;
  createdAt: Date;
};

export async function createPayment(
  actor: SessionUser,
  input: CreatePaymentInput,
): Promise<CreatePaymentAnswer> {
  const cart = await checkCart(actor, input.cartItems);
  if (cart.totalNgwee === 0) {
    throw unprocessable("This order is free: place it without a card payment");
  }
  if (!amountMatches(input.amount, cart.totalNgwee)) {
    throw unprocessable(AMOUNT_MISMATCH, { expected: cart.total });
  }
  const provider = paymentProviderConfig();
  const cartKey = digest(cart);
  const db = await getDb();

  const companyRef =
    `CANTEEN-${Date.now().toString(36)}-${randomBytes(4).toString("hex")}`.toUpperCase();
  const snapshot: CartSnapshot = { lines: cart.lines, total: cart.total };
  const data = {
    userId: actor.id,
    transactionRef: companyRef,
    paymentAmount: cart.total,
    currency: "ZMW",
    cartItems: snapshot,
    cartKey,
    transactionStatus: TX.initiated,
    status: STATUS.initiated,
  };
  // Most carts are the parent's only open one: the insert goes first, and only when the one-open-
  // attempt index refuses it is the open attempt read (the same cart gets its token back; another
  // cart settles it first) and the insert tried again.
  let attemptId = await insertAttempt(data);
  if (attemptId === null) {
    const open = await findOpenAttempt(actor.id);
    if (open) {
      if (open.transactionId && open.cartKey === cartKey && !isExpired(open)) {
        return answerFor(open, open.transactionId, provider.payUrl);
      }
      await settlePreviousAttempt(open);
    }
    attemptId = await insertAttempt(data);
  }
  if (attemptId === null) {
    // Another tap of Place Order got there first.
    const concurrent = await findOpenAttempt(actor.id);
    if (concurrent?.transactionId && concurrent.cartKey === cartKey) {
      return answerFor(concurrent, concurrent.transactionId, provider.payUrl);
    }
    throw conflict(ALREADY_STARTING);
  }

  const [firstName, ...rest] = (actor.name || actor.username).split(" ");
  const token = await createToken(provider.client, {
    amount: cart.total,
    currency: "ZMW",
    companyRef,
    redirectUrl: new URL("/payment/success", env().APP_URL).toString(),
    backUrl: new URL("/payment/cancel", env().APP_URL).toString(),
    customerEmail: actor.email ?? undefined,
    customerFirstName: firstName,
    customerLastName: rest.join(" ") || undefined,
    customerPhone: actor.phone ?? undefined,
    serviceDescription: `School lunches: ${cart.lines.length} meal${cart.lines.length === 1 ? "" : "s"}`,
    serviceDate: formatServiceDate(new Date(), env().SCHOOL_TIMEZONE),
  });
  if (!token.ok) {
    const detail =
      token.kind === "declined"
        ? `${token.result}: ${token.explanation}`
        : `${token.kind}: ${token.error}`;
    await db.paymentAttempt.updateMany({
      where: { id: attemptId },
      data: { transactionStatus: TX.failed, status: STATUS.error, errorDetails: detail },
    });
    throw new ApiError(
      502,
      token.kind === "declined" ? token.explanation : "Payment initialization failed",
      {
        Result: token.kind === "declined" ? token.result : undefined,
        ResultExplanation: token.kind === "declined" ? token.explanation : undefined,
      },
    );
  }
  await db.paymentAttempt.updateMany({
    where: { id: attemptId },
    data: { transactionId: token.transToken },
  });
  return {
    Result: token.result,
    ResultExplanation: token.explanation,
    TransToken: token.transToken,
    companyRef,
    paymentUrl: payPageUrl(provider.payUrl, token.transToken),
    amount: cart.total,
  };
}

function amountMatches(amount: string | number, totalNgwee: number): boolean {
  try {
    const asked = typeof amount === "number" ? Math.round(amount * 100) : toNgwee(amount);
    return Math.abs(asked - totalNgwee) <= 1; // the spec's tolerance of 0.01
  } catch {
    return false;
  }
}

/** The same children, days, meals and prices give the same digest. */
function digest(cart: PricedCart): string {
  const lines = cart.lines
    .map((l) => [
      l.studentId,
      l.cycleId,
      l.weekNumber,
      l.dayOfWeek,
      l.menuItemId,
      l.category,
      l.sideDish,
      l.comments,
      l.discountedPrice,
    ])
    .sort((a, b) => JSON.stringify(a).localeCompare(JSON.stringify(b)));
  return createHash("sha256")
    .update(JSON.stringify([lines, cart.total]))
    .digest("hex");
}

/** The new open attempt's id, or null when the user already has an open one (unique index). */
async function insertAttempt(
  data: Prisma.PaymentAttemptUncheckedCreateInput,
): Promise<number | null> {
  const db = await getDb();
  try {
    const attempt = await db.paymentAttempt.create({ data, select: { id: true } });
    return attempt.id;
  } catch (error) {
    if (isUniqueViolation(error)) return null;
    throw error;
  }
}

async function findOpenAttempt(userId: number): Promise<OpenAttempt | null> {
  const db = await getDb();
  return db.paymentAttempt.findFirst({
    where: { userId, transactionStatus: TX.initiated },
    select: {
      id: true,
      transactionId: true,
      transactionRef: true,
      paymentAmount: true,
      cartKey: true,
      createdAt: true,
    },
  });
}

function isExpired(attempt: OpenAttempt): boolean {
  return Date.now() - attempt.createdAt.getTime() > PAYMENT_TIME_LIMIT_MINUTES * 60 * 1000;
}

function answerFor(attempt: OpenAttempt, token: string, payUrl: string): CreatePaymentAnswer {
  return {
    Result: "000",
    ResultExplanation: "Transaction created",
    TransToken: token,
    companyRef: attempt.transactionRef,
    paymentUrl: payPageUrl(payUrl, token),
    amount: attempt.paymentAmount.toFixed(2),
  };
}

/**
 * Before a different cart is paid, the open one is settled: if it was paid after all its orders are
 * created (and the new payment refused, so nobody pays twice); if not, its token is cancelled so
 * it can no longer be paid. When the provider cannot be asked, nothing new is started.
 */
async function settlePreviousAttempt(open: OpenAttempt): Promise<void> {
  const db = await getDb();
  if (!open.transactionId) {
    // Another request is asking the provider for its token right now: wait for it.
    if (Date.now() - open.createdAt.getTime() < STARTING_GRACE_MS) throw conflict(ALREADY_STARTING);
    // Its createToken never finished (a crash between the two writes): nothing can be paid.
    await db.paymentAttempt.updateMany({
      where: { id: open.id, transactionStatus: TX.initiated, transactionId: null },
      data: {
        transactionStatus: TX.failed,
        status: STATUS.error,
        errorDetails: "Never reached the provider",
      },
    });
    return;
  }
  const result = await verifyAttempt(open.id);
  if (result.outcome === "paid" || result.outcome === "paid-unfulfilled") {
    throw conflict(
      "Your previous payment went through and its orders are placed. Please check your Order History.",
    );
  }
  if (result.outcome === "unconfirmed") {
    throw conflict(
      "Your previous payment is still being confirmed. Please try again in a few minutes.",
    );
  }
  if (result.outcome === "pending") {
    const cancelled = await cancelToken(paymentProviderConfig().client, open.transactionId);
    // Refused (say, paid a moment ago) or unreachable: keep it open and let it be confirmed.
    if (!cancelled.ok) {
      throw conflict(
        "Your previous payment is still being confirmed. Please try again in a few minutes.",
      );
    }
    await db.paymentAttempt.updateMany({
      where: { id: open.id, transactionStatus: TX.initiated, fulfilledAt: null },
      data: {
        transactionStatus: TX.cancelled,
        status: STATUS.abandoned,
        errorDetails: "Replaced by a new cart",
      },
    });
  }
}
