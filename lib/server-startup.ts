import "server-only";
import { getDb } from "@/lib/db";
import { processOutbox } from "@/lib/mail/outbox";
import { pruneRateLimits } from "@/lib/rate-limit";

const SWEEP_INTERVAL_MS = 60_000;

/**
 * Called once per server process. The sweeps are safe on several instances at once: outbox rows
 * are claimed with SKIP LOCKED and pruning expired counters is idempotent.
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
    await processOutbox();
    await pruneRateLimits();
  } catch (error) {
    console.error("[sweep] failed:", error);
  }
}
