/**
 * One server at a time migrates and seeds a PostgreSQL database (DB_AUTO_SETUP, decision 0121).
 * Several instances, or the workers of one `WEB_CONCURRENCY=N npm start`, may start together on
 * one database; without this, two would apply the same migration or seed the same demo accounts
 * at once and one of them fail. The lock is a transaction-level advisory lock on a connection of
 * its own, held open while the caller works: it is released when that transaction ends, or when
 * the connection drops with a server that died meanwhile, and it holds through a pooler in
 * transaction mode (a session-level lock would not). The embedded database lives inside one
 * process: nothing to wait for.
 */
export const SETUP_LOCK_KEY = 4_904_902;

export async function withSetupLock<T>(
  databaseUrl: string | undefined,
  work: () => Promise<T>,
): Promise<T> {
  if (!databaseUrl) return work();
  const { default: pg } = await import("pg");
  const lock = new pg.Client({ connectionString: databaseUrl });
  await lock.connect();
  try {
    await lock.query("BEGIN");
    await lock.query("SELECT pg_advisory_xact_lock($1)", [SETUP_LOCK_KEY]);
    return await work();
  } finally {
    // COMMIT releases the lock; a failed connection releases it on the server's side.
    await lock.query("COMMIT").catch(() => {});
    await lock.end().catch(() => {});
  }
}
