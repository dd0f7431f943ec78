import "server-only";
import { randomBytes } from "node:crypto";
import { ApiError, conflict } from "@/lib/api/errors";
import { isUniqueViolation } from "@/lib/api/prisma-errors";
import type { SessionUser } from "@/lib/auth/session";
import type { MobileOperator, PaymentMethod } from "@/lib/contracts/mobile-money";
import { STATUS, TX } from "@/lib/contracts/payments";
import { appendMovement, lockedWallet, releaseHeldCredit } from "@/lib/credit/ledger";
import { noteLowBalance } from "@/lib/credit/low-balance";
import type { SchoolContext } from "@/lib/contracts/schools";
import { schoolDb, type Tx } from "@/lib/db";
import { log } from "@/lib/observability/log";
import { fromNgwee } from "@/lib/money";
import { cancelToken, createToken, formatServiceDate } from "@/lib/payments/dpo-client";
import {
  verifiableSelect,
  verifyAttempt,
  type CartSnapshot,
  type VerifiableAttempt,
} from "@/lib/payments/fulfil";
import { markCancelled } from "@/lib/payments/mark-cancelled";
import type { PayableCart } from "@/lib/payments/payable-cart";
import { providerFor, type PaymentProviderConfig } from "@/lib/payments/provider-config";

// What a card and a mobile-money payment share before the provider is asked for money, once the
// cart is priced (lib/payments/payable-cart.ts): the one open transaction per user (a partial
// unique index over card and mobile alike). A different cart, or another method, first settles
// the open transaction.

export const CREDIT_CHANGED =
  "Your account credit has changed. Please review your cart and try again.";
export const ALREADY_STARTING =
  "A payment is already being started. Please wait a moment and try again.";
export const PREVIOUS_PAID =
  "Your previous payment went through and its orders are placed. Please check your Order History.";
export const PREVIOUS_CONFIRMING =
  "Your previous payment is still being confirmed. Please try again in a few minutes.";
/** DPO's payment time limit we ask for (PTL, minutes). */
const PAYMENT_TIME_LIMIT_MINUTES = 60;
/** Longer than the provider's time-out: an attempt still without a token after it has crashed. */
const STARTING_GRACE_MS = 2 * 60 * 1000;

/**
 * What an attempt pays for: a priced cart, or a wallet top-up (issue 47), which has no lines and
 * whose paid amount becomes credit instead of orders.
 */
export type Payable = Pick<
  PayableCart,
  "lines" | "total" | "amountDue" | "dueNgwee" | "creditNgwee" | "cartKey"
> & { topUp?: true };

export type OpenAttempt = VerifiableAttempt & {
  transactionRef: string;
  cartKey: string | null;
  paymentMethod: string;
  createdAt: Date;
};

/** How the new attempt pays: recorded on it (Live Orders, Order Recovery, Order History). */
export type AttemptMethod = {
  paymentMethod: PaymentMethod;
  mobileOperator?: MobileOperator | null;
  mobileNumber?: string | null;
};

/** What becomes of the open attempt of the same cart and method: kept, settled, or already closed. */
export type Reuse = "reuse" | "settle" | "closed";

export type Slot =
  | { kind: "new"; attemptId: number; companyRef: string }
  /** The open attempt of the same cart and method, which `reuse` accepted. */
  | { kind: "open"; attempt: OpenAttempt & { transactionId: string } };

/**
 * Opens the user's one attempt for this cart. Most carts are the parent's only open one: the
 * insert goes first, and only when the one-open-attempt index refuses it is the open attempt read.
 * `reuse` says whether an open attempt (same cart, same method, a token, not expired) is kept, or
 * has been closed by it; any other is settled first (paid: its orders are made and this payment
 * refused; unpaid: its token cancelled).
 */
export async function openAttempt(
  school: SchoolContext,
  actor: SessionUser,
  cart: Payable,
  method: AttemptMethod,
  reuse: (open: OpenAttempt & { transactionId: string }) => Promise<Reuse>,
): Promise<Slot> {
  const companyRef =
    `CANTEEN-${Date.now().toString(36)}-${randomBytes(4).toString("hex")}`.toUpperCase();
  const snapshot: CartSnapshot = {
    lines: cart.lines,
    total: cart.total,
    ...(cart.topUp && { topUp: true }),
  };
  const data: NewAttempt = {
    userId: actor.id,
    transactionRef: companyRef,
    paymentAmount: cart.amountDue,
    creditAmount: fromNgwee(cart.creditNgwee),
    cartItems: snapshot,
    cartKey: cart.cartKey,
    paymentMethod: method.paymentMethod,
    mobileOperator: method.mobileOperator ?? null,
    mobileNumber: method.mobileNumber ?? null,
  };
  let attemptId = await insertAttempt(school, data, cart.creditNgwee);
  if (attemptId === null) {
    const open = await findOpenAttempt(school.id, actor.id);
    if (open) {
      const token = open.transactionId;
      const same =
        open.cartKey === cart.cartKey &&
        open.paymentMethod === method.paymentMethod &&
        !isExpired(open);
      const kept = token !== null && same ? { ...open, transactionId: token } : null;
      const verdict = kept ? await reuse(kept) : "settle";
      if (kept && verdict === "reuse") return { kind: "open", attempt: kept };
      if (verdict === "settle") await settlePreviousAttempt(school, open);
    }
    attemptId = await insertAttempt(school, data, cart.creditNgwee);
  }
  if (attemptId === null) {
    // Another tap of Place Order got there first.
    const concurrent = await findOpenAttempt(school.id, actor.id);
    if (
      concurrent?.transactionId &&
      concurrent.cartKey === cart.cartKey &&
      concurrent.paymentMethod === method.paymentMethod &&
      method.paymentMethod === "CARD"
    ) {
      return { kind: "open", attempt: { ...concurrent, transactionId: concurrent.transactionId } };
    }
    throw conflict(ALREADY_STARTING);
  }
  return { kind: "new", attemptId, companyRef };
}

/**
 * Asks the school's provider for a token of the new attempt's amount, with our own return
 * addresses at the school's origin (the browser's are ignored). Refused or unreachable: the
 * attempt fails and frees the slot (502).
 */
export async function requestToken(
  school: SchoolContext,
  provider: PaymentProviderConfig,
  actor: SessionUser,
  cart: Payable,
  slot: { attemptId: number; companyRef: string },
) {
  const db = await schoolDb(school.id);
  const [firstName, ...rest] = (actor.name || actor.username).split(" ");
  const token = await createToken(provider.client, {
    amount: cart.amountDue,
    currency: "ZMW",
    companyRef: slot.companyRef,
    redirectUrl: new URL("/payment/success", school.origin).toString(),
    backUrl: new URL("/payment/cancel", school.origin).toString(),
    customerEmail: actor.email ?? undefined,
    customerFirstName: firstName,
    customerLastName: rest.join(" ") || undefined,
    customerPhone: actor.phone ?? undefined,
    serviceDescription: cart.topUp
      ? "School canteen wallet top-up"
      : `School lunches: ${cart.lines.length} meal${cart.lines.length === 1 ? "" : "s"}`,
    serviceDate: formatServiceDate(new Date(), school.timeZone),
  });
  if (!token.ok) {
    const detail =
      token.kind === "declined"
        ? `${token.result}: ${token.explanation}`
        : `${token.kind}: ${token.error}`;
    await db.$transaction(async (tx) => {
      await tx.paymentAttempt.updateMany({
        where: { schoolId: school.id, id: slot.attemptId },
        data: { transactionStatus: TX.failed, status: STATUS.error, errorDetails: detail },
      });
      await releaseHeldCredit(tx, school.id, slot.attemptId);
    });
    // The parent sees a toast; the log says why (issue 24 §6: an unreachable sandbox at a wrong
    // APP_URL was a silent 502).
    log.warn({ attemptId: slot.attemptId, detail }, "card payment not started by the provider");
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
    where: { schoolId: school.id, id: slot.attemptId },
    data: { transactionId: token.transToken },
  });
  return token;
}

/**
 * The new open attempt's id, or null when the user already has an open one (unique index). The
 * credit it spends is held on it in the same transaction, under the account's lock: 409 when the
 * balance went down meanwhile (another checkout spent it).
 */
async function insertAttempt(
  school: SchoolContext,
  data: NewAttempt,
  creditNgwee: number,
): Promise<number | null> {
  const schoolId = school.id;
  const db = await schoolDb(schoolId);
  // ON CONFLICT DO NOTHING: a parent's open attempt makes the insert return no row instead of
  // failing, so a changed cart costs no failed statement (and no error logged by PostgreSQL); the
  // partial unique index is still what decides. Written in SQL because Prisma's client compiles
  // createManyAndReturn (its only form of ON CONFLICT DO NOTHING) afresh on every call: its query
  // plan cache leaves createMany out, and that compilation was a tenth of the server's CPU under
  // the payments' rush (decision 0059).
  const insert = async (client: Tx) => {
    const [attempt] = await client.$queryRaw<{ id: number }[]>`
      INSERT INTO "PaymentAttempt" ("schoolId", "userId", "transactionRef", "paymentAmount", "creditAmount",
        "currency", "cartItems", "cartKey", "transactionStatus", "status", "paymentMethod",
        "mobileOperator", "mobileNumber", "updatedAt")
      VALUES (${schoolId}, ${data.userId}, ${data.transactionRef}, ${data.paymentAmount}::decimal,
        ${data.creditAmount}::decimal, 'ZMW', ${JSON.stringify(data.cartItems)}::jsonb,
        ${data.cartKey}, ${TX.initiated}, ${STATUS.initiated}, ${data.paymentMethod},
        ${data.mobileOperator}, ${data.mobileNumber}, now())
      ON CONFLICT DO NOTHING
      RETURNING "id"`;
    return attempt?.id ?? null;
  };
  try {
    if (creditNgwee === 0) return await insert(db);
    return await db.$transaction(async (tx) => {
      const { balanceNgwee: balance, watch } = await lockedWallet(tx, schoolId, data.userId);
      // The insert first: an open attempt (whose held credit is released when it is settled)
      // makes it null before the balance is judged.
      const attemptId = await insert(tx);
      if (attemptId === null) return null;
      if (balance < creditNgwee) throw conflict(CREDIT_CHANGED);
      await appendMovement(tx, {
        userId: data.userId,
        ngwee: -creditNgwee,
        kind: "spent",
        paymentAttemptId: attemptId,
      });
      await noteLowBalance(tx, school, data.userId, watch, balance - creditNgwee);
      return attemptId;
    });
  } catch (error) {
    if (isUniqueViolation(error)) return null;
    throw error;
  }
}

/** A new open attempt's row: initiated, in kwacha, the amounts as decimal strings. */
type NewAttempt = {
  userId: number;
  transactionRef: string;
  paymentAmount: string;
  creditAmount: string;
  cartItems: CartSnapshot;
  cartKey: string;
  paymentMethod: PaymentMethod;
  mobileOperator: MobileOperator | null;
  mobileNumber: string | null;
};

async function findOpenAttempt(schoolId: number, userId: number): Promise<OpenAttempt | null> {
  const db = await schoolDb(schoolId);
  return db.paymentAttempt.findFirst({
    where: { schoolId, userId, transactionStatus: TX.initiated },
    select: {
      ...verifiableSelect,
      transactionRef: true,
      cartKey: true,
      paymentMethod: true,
      createdAt: true,
    },
  });
}

function isExpired(attempt: OpenAttempt): boolean {
  return Date.now() - attempt.createdAt.getTime() > PAYMENT_TIME_LIMIT_MINUTES * 60 * 1000;
}

/**
 * Before a different cart is paid, the open one is settled: if it was paid after all its orders are
 * created (and the new payment refused, so nobody pays twice); if not, its token is cancelled so
 * it can no longer be paid. When the provider cannot be asked, nothing new is started.
 */
async function settlePreviousAttempt(school: SchoolContext, open: OpenAttempt): Promise<void> {
  const db = await schoolDb(school.id);
  if (!open.transactionId) {
    // Another request is asking the provider for its token right now: wait for it.
    if (Date.now() - open.createdAt.getTime() < STARTING_GRACE_MS) throw conflict(ALREADY_STARTING);
    // Its createToken never finished (a crash between the two writes): nothing can be paid.
    await db.$transaction(async (tx) => {
      await tx.paymentAttempt.updateMany({
        where: {
          schoolId: school.id,
          id: open.id,
          transactionStatus: TX.initiated,
          transactionId: null,
        },
        data: {
          transactionStatus: TX.failed,
          status: STATUS.error,
          errorDetails: "Never reached the provider",
        },
      });
      await releaseHeldCredit(tx, school.id, open.id);
    });
    return;
  }
  const result = await verifyAttempt(school, open);
  if (result.outcome === "paid" || result.outcome === "paid-unfulfilled") {
    throw conflict(PREVIOUS_PAID);
  }
  if (result.outcome === "unconfirmed") throw conflict(PREVIOUS_CONFIRMING);
  if (result.outcome === "pending") {
    const provider = await providerFor(school);
    const cancelled = await cancelToken(provider.client, open.transactionId);
    // Refused (say, paid a moment ago) or unreachable: keep it open and let it be confirmed.
    if (!cancelled.ok) throw conflict(PREVIOUS_CONFIRMING);
    await markCancelled(school.id, open, "Replaced by a new cart");
  }
}
