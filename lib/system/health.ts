import "server-only";
import { getDb } from "@/lib/db";
import { readMigrationList } from "@/lib/migrations/schema-engine";
import { isDraining } from "@/lib/observability/lifecycle";

export type Readiness = { ready: boolean; reason?: string };

/**
 * Ready when the instance is not shutting down, the database answers, and every migration in
 * prisma/migrations is applied.
 */
export async function checkReadiness(): Promise<Readiness> {
  if (isDraining()) return { ready: false, reason: "shutting down" };
  try {
    const db = await getDb();
    const applied = await db.$queryRaw<{ migration_name: string }[]>`
      SELECT "migration_name" FROM "_prisma_migrations"
      WHERE "finished_at" IS NOT NULL AND "rolled_back_at" IS NULL`;
    const done = new Set(applied.map((row) => row.migration_name));
    const expected = (await readMigrationList()).migrationDirectories.map((dir) => dir.path);
    const pending = expected.filter((name) => !done.has(name));
    return pending.length === 0
      ? { ready: true }
      : { ready: false, reason: `pending migrations: ${pending.join(", ")}` };
  } catch {
    return { ready: false, reason: "database unreachable" };
  }
}
