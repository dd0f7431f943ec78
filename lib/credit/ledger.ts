import "server-only";
import { conflict } from "@/lib/api/errors";
import { creditDescription, type AccountCreditDto, type CreditKind } from "@/lib/contracts/credit";
import type { Tx } from "@/lib/db";
import { Prisma } from "@/lib/generated/prisma/client";
import { fromNgwee, toNgwee } from "@/lib/money";
import { NO_WATCH, type LowBalanceWatch } from "@/lib/credit/low-balance";

// The account credit ledger (issue 17). Append-only: nothing here updates or deletes a row. A
// balance is the sum of the account's rows. Whatever takes credit away first locks the account's
// User row (SELECT ... FOR UPDATE) and reads the balance under that lock, so two checkouts at once
// are serialised and the balance never goes below zero. Each function takes the caller's
// transaction: the movement commits with the change it pays for, or not at all. Every raw
// statement names the school (issue 45): an account's rows are its school's rows.

export const NOT_ENOUGH_CREDIT =
  "Your account credit has changed. Please review your cart and try again.";

export type Movement = {
  userId: number;
  /** Signed ngwee. */
  ngwee: number;
  kind: CreditKind;
  orderId?: number | null;
  paymentAttemptId?: number | null;
  adminId?: number | null;
  reason?: string | null;
};

/** The account's balance, an SQL expression (numeric): the sum of its rows. */
export function balanceSql(schoolId: number, userId: number): Prisma.Sql {
  return Prisma.sql`COALESCE((SELECT SUM("amount") FROM "CreditEntry"
    WHERE "schoolId" = ${schoolId} AND "userId" = ${userId}), 0)`;
}

/** The credit spent on the account's open payment (≤ 0), an SQL expression (numeric). */
function heldSpentSql(schoolId: number, userId: number): Prisma.Sql {
  return Prisma.sql`COALESCE((SELECT SUM(h."amount") FROM "CreditEntry" h
    JOIN "PaymentAttempt" pa ON pa."schoolId" = h."schoolId" AND pa."id" = h."paymentAttemptId"
    WHERE h."schoolId" = ${schoolId} AND h."userId" = ${userId} AND h."kind" = 'spent'
      AND pa."transactionStatus" = 'initiated' AND pa."fulfilledAt" IS NULL), 0)`;
}

/** Balance + held on the open payment, an SQL expression (numeric): what a checkout may spend. */
export function spendableSql(schoolId: number, userId: number): Prisma.Sql {
  return Prisma.sql`(${balanceSql(schoolId, userId)} - ${heldSpentSql(schoolId, userId)})`;
}

/** The account's balance in ngwee (read inside the caller's transaction). */
export async function balanceOf(tx: Tx, schoolId: number, userId: number): Promise<number> {
  const [row] = await tx.$queryRaw<{ balance: string }[]>`
    SELECT ${balanceSql(schoolId, userId)}::numeric(14, 2)::text AS "balance"`;
  return signedNgwee(row?.balance ?? "0.00");
}

/**
 * Credit held on the account's open payment (not yet paid, failed or abandoned), in ngwee: a new
 * checkout settles that payment first, so this credit is available to it again.
 */
export async function heldOnOpenPayment(tx: Tx, schoolId: number, userId: number): Promise<number> {
  const [row] = await tx.$queryRaw<{ held: string }[]>`
    SELECT (-${heldSpentSql(schoolId, userId)})::numeric(14, 2)::text AS "held"`;
  return signedNgwee(row?.held ?? "0.00");
}

/** Balance + held on the open payment, in ngwee, in one statement: what a checkout may spend. */
export async function spendableCredit(tx: Tx, schoolId: number, userId: number): Promise<number> {
  const [row] = await tx.$queryRaw<{ spendable: string }[]>`
    SELECT ${spendableSql(schoolId, userId)}::numeric(14, 2)::text AS "spendable"`;
  return signedNgwee(row?.spendable ?? "0.00");
}

/** Locks the account for the rest of the transaction and answers its balance under the lock. */
export async function lockedBalance(tx: Tx, schoolId: number, userId: number): Promise<number> {
  await tx.$queryRaw`
    SELECT "id" FROM "User" WHERE "schoolId" = ${schoolId} AND "id" = ${userId} FOR UPDATE`;
  return balanceOf(tx, schoolId, userId);
}

/**
 * Locks the account like `lockedBalance`, and reads with the lock what a spend needs to tell the
 * parent their wallet is low (issue 47).
 */
export async function lockedWallet(
  tx: Tx,
  schoolId: number,
  userId: number,
): Promise<{ balanceNgwee: number; watch: LowBalanceWatch }> {
  // With the lock, the account's message columns (issue 48, `recipientColumns`): a message to
  // the parent (low balance, a counter purchase) costs no read of its own.
  const [watch] = await tx.$queryRaw<LowBalanceWatch[]>`
    SELECT "name", "email", "lowBalanceThreshold"::text AS "threshold",
      "lowBalanceNotifiedOn" AS "notifiedOn", "phone", "phoneVerifiedAt", "smsOptedOutAt",
      "notificationChannels", "orderReminders", "counterReceipts", "deletedAt"
    FROM "User" WHERE "schoolId" = ${schoolId} AND "id" = ${userId} FOR UPDATE`;
  return {
    balanceNgwee: await balanceOf(tx, schoolId, userId),
    watch: watch ?? NO_WATCH,
  };
}

/**
 * Appends one movement. Credit given needs no lock; credit taken goes through `takeCredit`. `tx`
 * is a school's scoped transaction, which writes the school's id on the row.
 */
export async function appendMovement(tx: Tx, movement: Movement): Promise<number> {
  const entry = await tx.creditEntry.create({
    data: {
      userId: movement.userId,
      amount: fromNgwee(movement.ngwee),
      kind: movement.kind,
      orderId: movement.orderId ?? null,
      paymentAttemptId: movement.paymentAttemptId ?? null,
      adminId: movement.adminId ?? null,
      reason: movement.reason ?? null,
    },
    select: { id: true },
  });
  return entry.id;
}

/**
 * Takes `ngwee` (> 0) of the account's credit under the account's lock: 409 with `message` when the
 * balance (read under the lock) is smaller, so nothing is spent twice.
 */
export async function takeCredit(
  tx: Tx,
  schoolId: number,
  movement: Omit<Movement, "ngwee"> & { ngwee: number },
  message = NOT_ENOUGH_CREDIT,
): Promise<void> {
  if (movement.ngwee <= 0) return;
  const balance = await lockedBalance(tx, schoolId, movement.userId);
  if (balance < movement.ngwee) {
    throw conflict(message, { balance: fromNgwee(balance) });
  }
  await appendMovement(tx, { ...movement, ngwee: -movement.ngwee });
}

/**
 * Gives back the credit held on a payment attempt that ended without orders (failed, cancelled,
 * abandoned): once, whoever calls it (the unique index on attempt and kind), and never for an
 * attempt that was fulfilled.
 */
export async function releaseHeldCredit(
  tx: Tx,
  schoolId: number,
  attemptId: number,
): Promise<void> {
  await tx.$executeRaw`
    INSERT INTO "CreditEntry" ("schoolId", "userId", "amount", "kind", "paymentAttemptId", "reason")
    SELECT h."schoolId", h."userId", -h."amount", 'released', h."paymentAttemptId", NULL
    FROM "CreditEntry" h
    JOIN "PaymentAttempt" pa ON pa."schoolId" = h."schoolId" AND pa."id" = h."paymentAttemptId"
    WHERE h."schoolId" = ${schoolId} AND h."paymentAttemptId" = ${attemptId} AND h."kind" = 'spent'
      AND pa."fulfilledAt" IS NULL AND pa."transactionStatus" IN ('failed', 'cancelled')
    ON CONFLICT DO NOTHING`;
}

/** The account's balance and movements, newest first. */
export async function accountCredit(
  tx: Tx,
  schoolId: number,
  userId: number,
): Promise<AccountCreditDto> {
  // One after the other: inside a transaction the statements share one connection.
  const balance = await balanceOf(tx, schoolId, userId);
  const held = await heldOnOpenPayment(tx, schoolId, userId);
  const rows = await tx.creditEntry.findMany({
    where: { schoolId, userId },
    select: { id: true, amount: true, kind: true, reason: true, createdAt: true },
    orderBy: [{ createdAt: "desc" }, { id: "desc" }],
    take: 200,
  });
  return {
    balance: fromNgwee(balance),
    held: fromNgwee(held),
    entries: rows.map((row) => ({
      id: row.id,
      amount: row.amount.toFixed(2),
      kind: row.kind,
      description: creditDescription(row.kind, row.reason),
      createdAt: row.createdAt.toISOString(),
    })),
  };
}

/** "-36.50" → -3650. */
export function signedNgwee(amount: string): number {
  const text = amount.trim();
  return text.startsWith("-") ? -toNgwee(text.slice(1)) : toNgwee(text);
}
