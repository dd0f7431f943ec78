import "server-only";
import { getDb } from "@/lib/db";
import { processOutbox } from "@/lib/mail/outbox";
import { reconcileOpenPayments } from "@/lib/payments/reconcile";
import { pruneRateLimits } from "@/lib/rate-limit";

const SWEEP_INTERVAL_MS = 60_000;

/**
 * Called once per server process. The sweeps are safe on several instances at once: payment
 * attempts and outbox rows are claimed with SKIP LOCKED and a lease, and pruning expired counters
 * is idempotent.
 */
export async function startServer(): Promise<void> {
  try {
    await getDb();
  } catch (error) {
    // Not fatal: the database may come up later; requests answer 503 until it does.
    console.error("[startup] database not ready:", error);
  }
  const timer = setInterval(() => {
    void sweep();
  }, SWEEP_INTERVAL_MS);
  timer.unref();
}

async function sweep(): Promise<void> {
  try {
    await reconcileOpenPayments();
    await processOutbox();
    await pruneRateLimits();
  } catch (error) {
    console.error("[sweep] failed:", error);
  }
}
