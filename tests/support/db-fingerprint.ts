// A digest of the rows hostile requests could damage, compared before and after a refused call:
// the hostile-input (bodies) and hostile-headers (cookies and headers) proofs share it. And a scan
// of the same rows for characters that should never have been let in.
import { testDb } from "@/tests/support/school";

/** Every table a call could change, but not sessions or rate counters (logins move those). */
export const DATA_TABLES = [
  "User",
  "Student",
  "MenuItem",
  "OrderCycle",
  "Order",
  "PaymentAttempt",
  "DiscountCode",
  "Setting",
  "AuditLog",
  "TemporaryPassword",
  "SandboxTransaction",
  "Withdrawal",
];

/**
 * The test's own reads of whole tables, every school's rows, in one transaction: on a Citus
 * cluster each asks every shard, which the cluster run refuses of the app
 * (tests/support/citus-cluster.ts), so they say so.
 */
async function wholeTables<T>(sqls: string[]): Promise<T[][]> {
  const db = await testDb();
  const [, ...results] = await db.$transaction([
    db.$executeRawUnsafe("SET LOCAL citus.multi_task_query_log_level = 'off'"),
    ...sqls.map((sql) => db.$queryRawUnsafe<T[]>(sql)),
  ]);
  return results;
}

/** A digest of every row of `tables`. */
export async function fingerprint(tables: readonly string[] = DATA_TABLES): Promise<string> {
  const digests = await wholeTables<{ digest: string | null }>(
    tables.map(
      (table) =>
        `SELECT md5(coalesce(string_agg(t::text, '|' ORDER BY t::text), '')) AS digest FROM "${table}" t`,
    ),
  );
  return tables.map((table, n) => `${table}:${digests[n]?.[0]?.digest ?? ""}`).join(",");
}

/** Data tables plus the outbox (a refused call queues no mail). */
export const DATA_AND_MAIL_TABLES = [...DATA_TABLES, "EmailOutbox"];

/** The tables (with a sample row) holding a row whose text matches `pattern`. */
export async function tablesHolding(
  pattern: RegExp,
  tables: readonly string[] = DATA_AND_MAIL_TABLES,
): Promise<string[]> {
  const found: string[] = [];
  const everyRow = await wholeTables<{ row: string }>(
    tables.map((table) => `SELECT t::text AS row FROM "${table}" t`),
  );
  for (const [n, table] of tables.entries()) {
    const rows = everyRow[n] ?? [];
    const hit = rows.find(({ row }) => pattern.test(row));
    if (hit) found.push(`${table}: ${JSON.stringify(hit.row.slice(0, 120))}`);
  }
  return found;
}
