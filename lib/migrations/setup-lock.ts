import { log } from "@/lib/observability/log";

/**
 * One server at a time migrates and seeds a PostgreSQL database (DB_AUTO_SETUP, decision 0121).
 * Several instances, or the processes of one `SERVER_PROCESSES=N npm start`, may start together
 * on one database; without this, two would apply the same migration or seed the same accounts at
 * once and one of them fail. The lock is a transaction-level advisory lock on a connection of its
 * own, held open while the caller works: it is released when that transaction ends, or when the
 * connection drops with a server that died meanwhile, and it holds through a pooler in transaction
 * mode (a session-level lock would not). The embedded database lives inside one process: nothing
 * to wait for.
 */
export const SETUP_LOCK_KEY = 4_904_902;

/** How long a starting server waits for another's migrations before it gives up (and retries). */
const SETUP_LOCK_TIMEOUT = "120s";

export async function withSetupLock<T>(
  databaseUrl: string | undefined,
  work: () => Promise<T>,
): Promise<T> {
  if (!databaseUrl) return work();
  const { default: pg } = await import("pg");
  const lock = new pg.Client({ connectionString: databaseUrl });
  // A dropped connection (a restart, a failover, a pooler's timeout) is an 'error' event: unheard,
  // it would end the process. The lock is gone with it; the work in hand finishes, and the next
  // server to start finds the migrations applied or applies what is left.
  let lost: Error | null = null;
  lock.on("error", (error) => {
    lost = error;
    log.warn({ err: error }, "lost the connection holding the setup lock");
  });
  await lock.connect();
  try {
    await lock.query("BEGIN");
    await lock.query(`SET LOCAL lock_timeout = '${SETUP_LOCK_TIMEOUT}'`);
    await lock.query("SELECT pg_advisory_xact_lock($1)", [SETUP_LOCK_KEY]);
    return await work();
  } finally {
    // COMMIT releases the lock; a failed connection releases it on the server's side.
    if (!lost) await lock.query("COMMIT").catch(() => {});
    await lock.end().catch(() => {});
  }
}
