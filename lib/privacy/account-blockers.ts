import "server-only";
import { balanceOf } from "@/lib/credit/ledger";
import type { Tx } from "@/lib/db";
import { formatZmw, fromNgwee } from "@/lib/money";

// What must be settled before an account can be deleted (issue 26): a meal still to be served, a
// payment still in progress, money still held for the family. Each is named in the refusal. A
// withdrawal already requested is not one: the school pays it after the erasure (decision 0103).

const plural = (count: number, one: string, many: string) => `${count} ${count === 1 ? one : many}`;

/** The reasons the account cannot be deleted today (`today` in the school's zone); empty when none. */
export async function accountBlockers(
  tx: Tx,
  schoolId: number,
  userId: number,
  today: string,
): Promise<string[]> {
  // An order is still to be served when it is live and its day (the cycle's start plus its week
  // and day) is today or later.
  const [{ live }] = await tx.$queryRaw<[{ live: number }]>`
    SELECT count(*)::int AS "live" FROM "Order" o
    JOIN "OrderCycle" c ON c."schoolId" = o."schoolId" AND c."id" = o."cycleId"
    WHERE o."schoolId" = ${schoolId} AND o."userId" = ${userId} AND o."status" IN ('pending', 'completed')
      AND c."startDate" + ((o."weekNumber" - 1) * 7 + (o."dayOfWeek" - 1)) >= ${today}::date`;
  const payments = await tx.paymentAttempt.count({
    where: { schoolId, userId, transactionStatus: "initiated" },
  });
  const credit = await balanceOf(tx, schoolId, userId);
  const blockers: string[] = [];
  if (live > 0)
    blockers.push(plural(live, "order still to be served", "orders still to be served"));
  if (payments > 0) blockers.push("a payment in progress");
  // Issue 47: the family withdraws it first (POST /api/account/withdraw), then deletes.
  if (credit > 0) blockers.push(`account credit of ${formatZmw(fromNgwee(credit))} to withdraw`);
  return blockers;
}
