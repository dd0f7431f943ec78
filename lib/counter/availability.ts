import "server-only";
import type { Tx } from "@/lib/db";
import { signedNgwee } from "@/lib/credit/ledger";
import { toNgwee } from "@/lib/money";

// What a child may still spend at the counter today (issue 47): the family wallet, capped by what
// is left of the child's daily limit (the parent's own, else the school's), nothing when the
// parent blocked the counter. Today's sales are the child's sales of the school's date that were
// not voided. The reads take the caller's transaction (or client); every statement names the
// school and reads one table, so on Citus each is answered by the school's shard.

type Reader = Pick<Tx, "$queryRaw">;

/** What the counter reads of a child to know what they may spend. */
export type CounterChild = {
  id: number;
  parentId: number;
  /** The child's own limit (2 decimals), or null: the school's. */
  counterDailyLimit: string | null;
  counterBlocked: boolean;
};

/** The child's daily limit in ngwee. */
export const limitOf = (child: CounterChild, schoolLimitNgwee: number): number =>
  child.counterDailyLimit === null ? schoolLimitNgwee : toNgwee(child.counterDailyLimit);

/** What is left to spend: 0 when blocked, never below 0. */
export function availableNgwee(p: {
  balance: number;
  limit: number;
  spentToday: number;
  blocked: boolean;
}): number {
  if (p.blocked) return 0;
  return Math.max(0, Math.min(p.balance, p.limit - p.spentToday));
}

/** The children's counter sales of `day` (YYYY-MM-DD) that stand, in ngwee, by child. */
export async function spentOn(
  db: Reader,
  schoolId: number,
  studentIds: number[],
  day: string,
): Promise<Map<number, number>> {
  if (studentIds.length === 0) return new Map();
  const rows = await db.$queryRaw<{ studentId: number; spent: string }[]>`
    SELECT "studentId", SUM("total")::numeric(14, 2)::text AS "spent" FROM "CounterSale"
    WHERE "schoolId" = ${schoolId} AND "studentId" = ANY(${studentIds}::int[])
      AND "day" = ${day}::date AND "voidedAt" IS NULL
    GROUP BY "studentId"`;
  return new Map(rows.map((row) => [row.studentId, toNgwee(row.spent)]));
}

/** The accounts' balances (the sum of their ledger rows), in ngwee, by account. */
export async function balancesOf(
  db: Reader,
  schoolId: number,
  userIds: number[],
): Promise<Map<number, number>> {
  if (userIds.length === 0) return new Map();
  const rows = await db.$queryRaw<{ userId: number; balance: string }[]>`
    SELECT "userId", SUM("amount")::numeric(14, 2)::text AS "balance" FROM "CreditEntry"
    WHERE "schoolId" = ${schoolId} AND "userId" = ANY(${[...new Set(userIds)]}::int[])
    GROUP BY "userId"`;
  return new Map(rows.map((row) => [row.userId, signedNgwee(row.balance)]));
}
