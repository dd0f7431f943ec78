// A digest of every row a call could change, to show that a refused call changed nothing; and a
// scan of the same rows for characters that should never have been let in.
import { getDb } from "@/lib/db";

/** Every table a call could write, but not sessions, rate counters or caches' versions. */
const TABLES = [
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
  "EmailOutbox",
];

export async function fingerprint(): Promise<string> {
  const db = await getDb();
  const parts = await Promise.all(
    TABLES.map(async (table) => {
      const rows = await db.$queryRawUnsafe<{ digest: string | null }[]>(
        `SELECT md5(coalesce(string_agg(t::text, '|' ORDER BY t::text), '')) AS digest FROM "${table}" t`,
      );
      return `${table}:${rows[0]?.digest ?? ""}`;
    }),
  );
  return parts.join(",");
}

/** The tables (with a sample row) holding a row whose text matches `pattern`. */
export async function tablesHolding(pattern: RegExp): Promise<string[]> {
  const db = await getDb();
  const found: string[] = [];
  for (const table of TABLES) {
    const rows = await db.$queryRawUnsafe<{ row: string }[]>(
      `SELECT t::text AS row FROM "${table}" t`,
    );
    const hit = rows.find(({ row }) => pattern.test(row));
    if (hit) found.push(`${table}: ${JSON.stringify(hit.row.slice(0, 120))}`);
  }
  return found;
}
