// The integration suite on a Citus cluster (issue 46), for an operator's or a developer's own
// check; CI keeps PostgreSQL and the catalog test. Run with
//   TEST_DATABASE_URL=postgresql://postgres@127.0.0.1:9700/postgres \
//   CITUS_WORKERS=127.0.0.1:9701,127.0.0.1:9702 npm run test:integration
// where 9700 is the coordinator. Each test file's database is created on every node with the
// extension, the workers are added, the app migrates and seeds it as usual, and then it is
// distributed by npm run db:distribute's own code. From then on every connection runs with
// citus.multi_task_query_log_level = 'error': a query that reaches more than one shard fails,
// unless it is one of the operator's cross-school reads (docs/scaling.md), which the code marks.
import pg from "pg";
import { distributeDatabase } from "@/lib/migrations/distribute";
import { PLATFORM_TABLES } from "@/lib/scope/school-models";

export function citusWorkers(): { host: string; port: number }[] {
  const list = process.env.CITUS_WORKERS?.trim();
  if (!list) return [];
  return list.split(",").map((entry) => {
    const [host = "", port = "5432"] = entry.trim().split(":");
    return { host, port: Number(port) };
  });
}

async function on<T>(url: string, run: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await run(client);
  } finally {
    await client.end();
  }
}

function nodeUrl(base: string, node: { host: string; port: number }, database: string): string {
  const url = new URL(base);
  url.hostname = node.host;
  url.port = String(node.port);
  url.pathname = `/${database}`;
  return url.toString();
}

/** Creates `database` on every worker with the extension, and on the coordinator adds them. */
export async function prepareCitusDatabase(adminUrl: string, database: string): Promise<void> {
  const coordinator = new URL(adminUrl);
  for (const worker of citusWorkers()) {
    await on(nodeUrl(adminUrl, worker, "postgres"), (c) =>
      c.query(`CREATE DATABASE "${database}"`),
    );
    await on(nodeUrl(adminUrl, worker, database), (c) => c.query("CREATE EXTENSION citus"));
  }
  const here = { host: coordinator.hostname, port: Number(coordinator.port || 5432) };
  await on(nodeUrl(adminUrl, here, database), async (c) => {
    await c.query("CREATE EXTENSION citus");
    await c.query("SELECT citus_set_coordinator_host($1, $2)", [here.host, here.port]);
    for (const worker of citusWorkers()) {
      await c.query("SELECT citus_add_node($1, $2)", [worker.host, worker.port]);
    }
    // Few shards per table: the suite creates a database per file.
    await c.query(`ALTER DATABASE "${database}" SET citus.shard_count = 4`);
  });
}

/** After the app migrated and seeded it: distributed, and strict about fan-out from now on. */
export async function distributeForTests(databaseUrl: string, database: string): Promise<void> {
  await on(databaseUrl, async (c) => {
    await c.query("SET citus.shard_count = 4");
    await distributeDatabase(
      async <T>(sql: string, params: unknown[] = []) => (await c.query(sql, params)).rows as T[],
      PLATFORM_TABLES,
    );
    await c.query(`ALTER DATABASE "${database}" SET citus.multi_task_query_log_level = 'error'`);
  });
}

export async function dropCitusDatabase(adminUrl: string, database: string): Promise<void> {
  for (const worker of citusWorkers()) {
    await on(nodeUrl(adminUrl, worker, "postgres"), (c) =>
      c.query(`DROP DATABASE IF EXISTS "${database}" WITH (FORCE)`),
    );
  }
}

/**
 * How much longer a long test may take on a cluster: the hostile-input proofs take a whole-table
 * digest of every table around each of their hundreds of calls, and on a cluster each is a read of
 * every shard (tests/support/db-fingerprint.ts).
 */
export const clusterTimeFactor = citusWorkers().length > 0 ? 4 : 1;
