// npm run db:distribute (issue 46) on a database without Citus: the embedded one here, PostgreSQL
// in the integration run (with or without Citus installed but not created). It stops with a
// message that says what to do, and the database is exactly as it was: it only read the catalog.
// Its run on a real Citus cluster is tests/integration/citus.test.ts (CITUS_DATABASE_URL).
import { describe, expect, it } from "@jest/globals";
import { getDb } from "@/lib/db";
import type { CatalogQuery } from "@/lib/migrations/citus-rules";
import { CannotDistribute, distributeDatabase } from "@/lib/migrations/distribute";
import { PLATFORM_TABLES } from "@/lib/scope/school-models";

async function schemaSnapshot(query: CatalogQuery) {
  return query<{ name: string; kind: string }>(
    `SELECT c.relname AS "name", c.relkind::text AS "kind" FROM pg_class c
     JOIN pg_namespace n ON n.oid = c.relnamespace
     WHERE n.nspname NOT IN ('pg_catalog', 'information_schema', 'pg_toast')
     ORDER BY 1, 2`,
    [],
  );
}

// On a Citus cluster (CITUS_WORKERS) the database has Citus: this case is not that one.
const withoutCitus = process.env.CITUS_WORKERS ? describe.skip : describe;

withoutCitus("db:distribute without Citus", () => {
  it("stops with a message naming what to do, and changes nothing", async () => {
    const db = await getDb();
    const statements: string[] = [];
    const query: CatalogQuery = (sql, params) => {
      statements.push(sql);
      return db.$queryRawUnsafe(sql, ...params);
    };
    const before = await schemaSnapshot(query);
    const extensions = await db.$queryRaw<{ n: bigint }[]>`SELECT count(*) AS n FROM pg_extension`;
    statements.length = 0;

    const run = distributeDatabase(query, PLATFORM_TABLES);
    await expect(run).rejects.toBeInstanceOf(CannotDistribute);
    await expect(run).rejects.toThrow(/Citus.*Nothing was changed/s);

    // It read the catalog and nothing else: no statement that creates, alters or distributes.
    expect(statements.length).toBeGreaterThan(0);
    for (const sql of statements) expect(sql).toMatch(/^\s*SELECT [^(]*FROM pg_/);
    expect(await schemaSnapshot(query)).toEqual(before);
    expect(await db.$queryRaw`SELECT count(*) AS n FROM pg_extension`).toEqual(extensions);
  });
});
