import "server-only";
import type { SchoolContext } from "@/lib/contracts/schools";
import { schoolDb } from "@/lib/db";
import { log } from "@/lib/observability/log";
import { verifyAttempt } from "@/lib/payments/fulfil";
import { everySchool } from "@/lib/schools/resolve-school";

// The reconciliation sweep: a parent who paid and closed the tab before the return page verified
// still gets their orders. Attempts left open are re-verified every few minutes. Each is claimed
// with a lease under FOR UPDATE SKIP LOCKED, so several instances never verify one attempt at once.
// The lease (one minute) outlasts one verification (DPO_TIMEOUT_MS, 15 s by default) and is short
// enough that an attempt the provider could not confirm is asked again at the next sweeps. It runs
// per school, each school's attempts verified with that school's own provider configuration, a
// suspended school's too (nothing paid is lost).

const BATCH = 20;

type SweepOptions = { olderThanSeconds?: number };

/** Every school's open payments, one school after the other; the number settled. */
export async function reconcileOpenPayments(options: SweepOptions = {}): Promise<number> {
  let settled = 0;
  for (const school of await everySchool()) {
    try {
      settled += await reconcileSchoolPayments(school, options);
    } catch (error) {
      // One school's failure (its provider not configured, say) never stops the others' sweep.
      log.error({ err: error, schoolId: school.id }, "reconciling a school's payments failed");
    }
  }
  return settled;
}

/** One school's open payments: claimed under a lease, verified with the school's provider. */
export async function reconcileSchoolPayments(
  school: SchoolContext,
  options: SweepOptions = {},
): Promise<number> {
  const db = await schoolDb(school.id);
  const olderThan = options.olderThanSeconds ?? 120;
  const claimed = await db.$queryRaw<{ id: number }[]>`
    UPDATE "PaymentAttempt" SET "reconcileLeaseUntil" = now() + interval '1 minute'
    WHERE "schoolId" = ${school.id} AND "id" IN (
      SELECT "id" FROM "PaymentAttempt"
      WHERE "schoolId" = ${school.id}
        AND "transactionStatus" = 'initiated' AND "transactionId" IS NOT NULL
        AND "fulfilledAt" IS NULL
        AND "updatedAt" < now() - ${olderThan} * interval '1 second'
        AND ("reconcileLeaseUntil" IS NULL OR "reconcileLeaseUntil" < now())
      ORDER BY "id" LIMIT ${BATCH} FOR UPDATE SKIP LOCKED)
    RETURNING "id"`;
  let settled = 0;
  for (const { id } of claimed) {
    try {
      // Orders made by the sweep, not by the parent's return page, are marked recovered.
      const result = await verifyAttempt(school, id, { recovered: true });
      if (result.outcome !== "pending" && result.outcome !== "unconfirmed") {
        settled++;
        log.info(
          { schoolId: school.id, attemptId: id, outcome: result.outcome },
          "payment reconciled",
        );
      }
    } catch (error) {
      log.error({ err: error, schoolId: school.id, attemptId: id }, "reconciling a payment failed");
    }
  }
  return settled;
}
