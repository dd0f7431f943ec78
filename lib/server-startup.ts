import "server-only";
import type { SchoolContext } from "@/lib/contracts/schools";
import { disconnectDb, getDb } from "@/lib/db";
import { env } from "@/lib/env";
import { processOutbox } from "@/lib/messaging/outbox";
import {
  isDraining,
  requestsInFlight,
  startDraining,
  waitForIdle,
} from "@/lib/observability/lifecycle";
import { log } from "@/lib/observability/log";
import { reconcileOpenPayments } from "@/lib/payments/reconcile";
import { runDailyRetention } from "@/lib/privacy/retention";
import { pruneRateLimits } from "@/lib/rate-limit";
import { sendOrderReminders } from "@/lib/reminders/order-reminders";
import { everySchool } from "@/lib/schools/resolve-school";
import { limitHeapGrowth } from "@/lib/system/heap-growth";

/** How long a stopping instance waits for requests in flight (below the usual 30 s kill delay). */
const DRAIN_TIMEOUT_MS = 25_000;

/**
 * Called once per server process. The sweeps are safe on several instances at once: payment
 * attempts and outbox rows are claimed with SKIP LOCKED and a lease, an order reminder by its
 * (account, day) row, the daily retention job by its JobRun row, and pruning expired counters is
 * idempotent. Reminders, pruning and retention run per school (issue 45), each claimed per school.
 */
export async function startServer(): Promise<void> {
  limitHeapGrowth();
  installShutdownHandlers();
  try {
    await getDb();
  } catch (error) {
    // Not fatal: the database may come up later; requests answer 503 until it does.
    log.error({ err: error }, "database not ready at startup");
  }
  const timer = setInterval(() => {
    void sweep();
  }, env().SWEEP_INTERVAL_SECONDS * 1000);
  timer.unref();
}

async function sweep(): Promise<void> {
  if (isDraining()) return;
  try {
    // Payments loop over the schools themselves, each with its own credentials.
    await reconcileOpenPayments({ olderThanSeconds: env().RECONCILE_AFTER_SECONDS });
    for (const school of await everySchool()) await sweepSchool(school);
    // The outbox sends every school's messages (mail, SMS, WhatsApp), each in its school's name.
    await processOutbox();
  } catch (error) {
    log.error({ err: error }, "sweep failed");
  }
}

/** One school's jobs, on its own clock; a school's failure never stops the others' sweep. */
async function sweepSchool(school: SchoolContext): Promise<void> {
  try {
    await sendOrderReminders(school);
    await pruneRateLimits(school.id);
    await runDailyRetention(school);
  } catch (error) {
    log.error({ err: error, schoolId: school.id }, "a school's sweep failed");
  }
}

/**
 * `npm start` sets NEXT_MANUAL_SIG_HANDLE so that Next leaves SIGTERM to us: Next's own handler
 * exits at once, cutting off requests in flight. Ours stops being ready, lets the API requests in
 * flight finish, closes the database (a PGlite folder must be closed cleanly) and exits.
 */
export function installShutdownHandlers(): void {
  if (!process.env.NEXT_MANUAL_SIG_HANDLE) {
    // `next dev` (and `next start`) stop the way Next does. Only a production server started some
    // other way than `npm start` is worth a warning: development has nothing to drain (issue 24 §6).
    if (env().production) {
      log.warn("NEXT_MANUAL_SIG_HANDLE is not set: Next.js exits on SIGTERM without draining");
    }
    return;
  }
  let stopping = false;
  const stop = (signal: NodeJS.Signals) => {
    if (stopping) return;
    stopping = true;
    startDraining();
    log.info({ signal, inFlight: requestsInFlight() }, "shutting down: draining requests");
    void (async () => {
      const idle = await waitForIdle(DRAIN_TIMEOUT_MS);
      if (!idle) log.warn({ inFlight: requestsInFlight() }, "drain timed out");
      await disconnectDb();
      log.info("stopped");
      process.exit(0);
    })();
  };
  process.on("SIGTERM", stop);
  process.on("SIGINT", stop);
}
