import "server-only";
import type { Tx } from "@/lib/db";
import { allocateCredit } from "@/lib/credit/allocate";
import { signedNgwee } from "@/lib/credit/ledger";
import { toNgwee } from "@/lib/money";

// The part of one order paid from account credit (issue 44), in ngwee. A cart paid from credit
// alone or with a bank transfer records the credit spent on each order (a "spent" entry naming
// it); a card or mobile-money payment holds its credit on the payment attempt, shared among the
// cart's lines in the cart's order (allocateCredit), so each order's share is fixed once paid.
// The held amount is read from the ledger (spent less released), not PaymentAttempt.creditAmount:
// an attempt paid after its hold was released (recovered by hand) holds nothing.

type SnapshotLine = {
  studentId: number;
  cycleId: number;
  weekNumber: number;
  dayOfWeek: number;
  discountedPrice: string;
};

export async function creditPaidFor(tx: Tx, schoolId: number, orderId: number): Promise<number> {
  const [row] = await tx.$queryRaw<
    {
      spent: string;
      studentId: number;
      cycleId: number;
      weekNumber: number;
      dayOfWeek: number;
      held: string;
      cartItems: unknown;
    }[]
  >`
    SELECT (-COALESCE((SELECT SUM(e."amount") FROM "CreditEntry" e
        WHERE e."schoolId" = ${schoolId} AND e."orderId" = o."id" AND e."kind" = 'spent'), 0))::numeric(14, 2)::text AS "spent",
      o."studentId", o."cycleId", o."weekNumber", o."dayOfWeek",
      (-COALESCE((SELECT SUM(h."amount") FROM "CreditEntry" h
        WHERE h."schoolId" = ${schoolId} AND h."paymentAttemptId" = pa."id"
          AND h."kind" IN ('spent', 'released')), 0))
        ::numeric(14, 2)::text AS "held",
      pa."cartItems"
    FROM "Order" o
    LEFT JOIN "PaymentAttempt" pa ON pa."schoolId" = o."schoolId" AND pa."id" = o."paymentAttemptId"
    WHERE o."schoolId" = ${schoolId} AND o."id" = ${orderId}`;
  if (!row) return 0;
  const spent = signedNgwee(row.spent);
  // What the attempt still holds, from the ledger: a hold given back (released) counts as nothing.
  const held = Math.max(0, signedNgwee(row.held));
  if (held === 0) return spent;
  const lines = snapshotLines(row.cartItems);
  const shares = allocateCredit(
    lines.map((line) => toNgwee(line.discountedPrice)),
    held,
  );
  const n = lines.findIndex(
    (line) =>
      line.studentId === row.studentId &&
      line.cycleId === row.cycleId &&
      line.weekNumber === row.weekNumber &&
      line.dayOfWeek === row.dayOfWeek,
  );
  return spent + (n >= 0 ? (shares[n] ?? 0) : 0);
}

function snapshotLines(cartItems: unknown): SnapshotLine[] {
  const lines = (cartItems as { lines?: unknown } | null)?.lines;
  return Array.isArray(lines) ? (lines as SnapshotLine[]) : [];
}
