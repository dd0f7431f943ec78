import "server-only";
import { balanceSql, spendableSql } from "@/lib/credit/ledger";
import { watchOf, type LowBalanceWatch } from "@/lib/credit/low-balance";
import type { Db, Tx } from "@/lib/db";
import { Prisma } from "@/lib/generated/prisma/client";
import { guardedBySql } from "@/lib/students/guardianship";
import type { OrderItemInput } from "@/lib/validations/orders";

/** A cart's child as the cart's one read found it. */
export type CartStudent = {
  id: number;
  name: string;
  grade: string;
  allergies: string[];
  dietaryNotes: string | null;
};

export type CartContext = {
  students: CartStudent[];
  code: { code: string; discountPercentage: number } | null;
  ordered: boolean;
  creditBalance: string;
  creditSpendable: string;
};

/**
 * What a checkout's transaction holds once the cart is read under its locks: the cycle's closed
 * days (FOR SHARE) and the account's columns a message needs (FOR NO KEY UPDATE).
 */
export type CartLocks = { cycle: { id: number; blockedDays: unknown }; watch: LowBalanceWatch };

const EMPTY: CartContext = {
  students: [],
  code: null,
  ordered: false,
  creditBalance: "0.00",
  creditSpendable: "0.00",
};

/**
 * The cart's context as one statement's columns: the caller's own (not archived) children among
 * the cart's, the caller's best active discount code (as findActiveDiscountCode picks it), whether
 * any (child, week, day) of the cart already has a live order in the cycle (read through the
 * one-live-order index), and the account's credit (lib/credit/ledger.ts). Every subquery names
 * the school with its own parameter (decision 0079).
 */
function contextColumns(
  schoolId: number,
  userId: number,
  cycleId: number,
  items: OrderItemInput[],
): Prisma.Sql {
  const studentIds = [...new Set(items.map((i) => i.studentId))];
  return Prisma.sql`
      COALESCE((
        SELECT json_agg(json_build_object('id', s."id", 'name', s."name", 'grade', s."grade",
          'allergies', s."allergies", 'dietaryNotes', s."dietaryNotes"))
        FROM "Student" s
        WHERE s."schoolId" = ${schoolId} AND s."id" = ANY(${studentIds}::int[])
          AND ${guardedBySql(schoolId, userId)}
          AND s."archivedAt" IS NULL
      ), '[]'::json) AS "students",
      (
        SELECT json_build_object('code', d."code", 'discountPercentage', d."discountPercentage")
        FROM "DiscountCode" d
        WHERE d."schoolId" = ${schoolId} AND d."userId" = ${userId} AND d."isActive"
        ORDER BY d."discountPercentage" DESC, d."id" ASC
        LIMIT 1
      ) AS "code",
      EXISTS (
        SELECT 1
        FROM unnest(${items.map((i) => i.studentId)}::int[], ${items.map((i) => i.weekNumber)}::int[],
                    ${items.map((i) => i.dayOfWeek)}::int[]) AS l("studentId", "weekNumber", "dayOfWeek")
        JOIN "Order" o ON o."schoolId" = ${schoolId} AND o."studentId" = l."studentId"
          AND o."cycleId" = ${cycleId}
          AND o."weekNumber" = l."weekNumber" AND o."dayOfWeek" = l."dayOfWeek"
        WHERE o."status" IN ('pending', 'completed')
      ) AS "ordered",
      ${balanceSql(schoolId, userId)}::numeric(14, 2)::text AS "creditBalance",
      ${spendableSql(schoolId, userId)}::numeric(14, 2)::text AS "creditSpendable"`;
}

/** The cart's context in one statement, outside any transaction (a card payment's snapshot). */
export async function readCartContext(
  db: Db,
  schoolId: number,
  userId: number,
  cycleId: number,
  items: OrderItemInput[],
): Promise<CartContext> {
  const [row] = await db.$queryRaw<CartContext[]>`
    SELECT ${contextColumns(schoolId, userId, cycleId, items)}`;
  return row ?? EMPTY;
}

/**
 * The cart's context and the checkout's locks in one statement (decision 0114): the cycle's row
 * FOR SHARE (a "Close a day" holds it FOR UPDATE, so the checkout runs wholly before or wholly
 * after a closing) and the account FOR NO KEY UPDATE: two checkouts of one account, and every
 * other spend (`lockedBalance`, FOR UPDATE), queue on it, so none spends the same credit, while a
 * row that only points at the account (a closing's credit movement, a session) does not wait for
 * it. Two co-located tables joined, each naming the school with its own parameter, and the
 * context's subqueries with theirs: one shard on Citus. Null when the cycle is gone.
 *
 * The credit in the context is the statement's snapshot, taken before any wait for the account's
 * lock: what spends credit reads the balance again in the next statement (`balanceOf`).
 */
export async function readLockedCartContext(
  tx: Tx,
  schoolId: number,
  userId: number,
  cycleId: number,
  items: OrderItemInput[],
): Promise<{ context: CartContext; locks: CartLocks } | null> {
  const [row] = await tx.$queryRaw<
    (CartContext & { cycleId: number; blockedDays: unknown } & LowBalanceWatch)[]
  >`
    SELECT c."id" AS "cycleId", c."blockedDays", u."name", u."email",
      u."lowBalanceThreshold"::text AS "threshold", u."lowBalanceNotifiedOn" AS "notifiedOn",
      u."phone", u."phoneVerifiedAt", u."smsOptedOutAt", u."notificationChannels",
      u."orderReminders", u."counterReceipts", u."deletedAt",
      ${contextColumns(schoolId, userId, cycleId, items)}
    FROM "OrderCycle" c
    JOIN "User" u ON u."schoolId" = ${schoolId} AND u."id" = ${userId}
    WHERE c."schoolId" = ${schoolId} AND c."id" = ${cycleId}
    FOR SHARE OF c FOR NO KEY UPDATE OF u`;
  if (!row) return null;
  const { students, code, ordered, creditBalance, creditSpendable } = row;
  return {
    context: { students, code, ordered, creditBalance, creditSpendable },
    locks: { cycle: { id: row.cycleId, blockedDays: row.blockedDays }, watch: watchOf(row) },
  };
}
