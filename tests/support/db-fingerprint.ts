// A digest of the rows hostile requests could damage, compared before and after a refused call:
// the hostile-input (bodies) and hostile-headers (cookies and headers) proofs share it.
import { getDb } from "@/lib/db";

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
];

/** A digest of every row of `tables`. */
export async function fingerprint(tables: readonly string[] = DATA_TABLES): Promise<string> {
  const db = await getDb();
  const parts = await Promise.all(
    tables.map(async (table) => {
      const rows = await db.$queryRawUnsafe<{ digest: string | null }[]>(
        `SELECT md5(coalesce(string_agg(t::text, '|' ORDER BY t::text), '')) AS digest FROM "${table}" t`,
      );
      return `${table}:${rows[0]?.digest ?? ""}`;
    }),
  );
  return parts.join(",");
}
