// npm run db:distribute: spreads the PostgreSQL database at DATABASE_URL over a Citus cluster
// (issue 46, docs/scaling.md). School tables are distributed by "schoolId" and co-located, the
// platform's tables become reference tables. Run it on the coordinator after npm run db:migrate;
// it can be run again, and on a server without Citus it stops with a message and changes nothing.
import { existsSync } from "node:fs";
import pg from "pg";
import { CannotDistribute, distributeDatabase } from "../../lib/migrations/distribute";
import { PLATFORM_TABLES } from "../../lib/scope/school-models";

async function main(): Promise<void> {
  if (existsSync(".env")) process.loadEnvFile(".env");
  const url = process.env.DATABASE_URL;
  if (!url) {
    throw new CannotDistribute(
      "DATABASE_URL is not set: the embedded database is one machine's and cannot be distributed. " +
        "Nothing was changed.",
    );
  }
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const report = await distributeDatabase(
      async <T>(sql: string, params: unknown[] = []) =>
        (await client.query(sql, params)).rows as T[],
      PLATFORM_TABLES,
      (message) => console.log(`  ${message}`),
    );
    const changed = report.reference.length + report.distributed.length;
    console.log(
      changed === 0
        ? "The database was already distributed: nothing to do."
        : `Distributed ${report.distributed.length} school tables by schoolId (co-located with ` +
            `${report.colocatedWith}) and made ${report.reference.length} platform tables reference tables.`,
    );
  } finally {
    await client.end();
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : String(error));
  // PostgreSQL's DETAIL says why Citus refused (which constraint, which table).
  const detail = (error as { detail?: unknown }).detail;
  if (typeof detail === "string") console.error(detail);
  process.exitCode = 1;
});
