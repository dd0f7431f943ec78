import "server-only";
import { getDb } from "@/lib/db";
import { log } from "@/lib/observability/log";
import { verifyAttempt } from "@/lib/payments/fulfil";

// The reconciliation sweep: a parent who paid and closed the tab before the return page verified
// still gets their orders. Attempts left open are re-verified every few minutes. Each is claimed
// with a lease under FOR UPDATE SKIP LOCKED, so several instances never verify one attempt at once.
// The lease (one minute) outlasts one verification (DPO_TIMEOUT_MS, 15 s by default) and is short
// enough that an attempt the provider could not confirm is asked again at the next sweeps.

const BATCH = 20;

export async function reconcileOpenPayments(
  options: { olderThanSeconds?: number } = {},
): Promise<number> {
  const db = await getDb();
  const olderThan = options.olderThanSeconds ?? 120;
  const claimed = await db.$queryRaw<{ id: number }[]>`
    UPDATE "PaymentAttempt" SET "reconcileLeaseUntil" = now() + interval '1 minute'
    WHERE "id" IN (
      SELECT "id" FROM "PaymentAttempt"
      WHERE "transactionStatus" = 'initiated' AND "transactionId" IS NOT NULL
        AND "fulfilledAt" IS NULL
        AND "updatedAt" < now() - ${olderThan} * interval '1 second'
        AND ("reconcileLeaseUntil" IS NULL OR "reconcileLeaseUntil" < now())
      ORDER BY "id" LIMIT ${BATCH} FOR UPDATE SKIP LOCKED)
    RETURNING "id"`;
  let settled = 0;
  for (const { id } of claimed) {
    try {
      // Orders made by the sweep, not by the parent's return page, are marked recovered.
      const result = await verifyAttempt(id, { recovered: true });
      if (result.outcome !== "pending" && result.outcome !== "unconfirmed") {
        settled++;
        log.info({ attemptId: id, outcome: result.outcome }, "payment reconciled");
      }
    } catch (error) {
      log.error({ err: error, attemptId: id }, "reconciling a payment failed");
    }
  }
  return settled;
}
