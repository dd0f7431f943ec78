import "server-only";
import { mkdirSync } from "node:fs";
import path from "node:path";
import type { SqlMigrationAwareDriverAdapterFactory } from "@prisma/driver-adapter-utils";
import { env } from "@/lib/env";
import { log } from "@/lib/observability/log";
import { PrismaClient } from "@/lib/generated/prisma/client";
import { statementNamer } from "@/lib/statement-names";

// The one Prisma client of the process. PGlite (embedded, in PGLITE_DATA_DIR) when DATABASE_URL is
// unset, PostgreSQL through @prisma/adapter-pg when it is set. Opened lazily on the first query and
// cached on globalThis: `next build` imports this module in workers and must never open the folder,
// and a PGlite data folder may be opened by one process only.

export type Db = PrismaClient;
export type Tx = Parameters<Parameters<PrismaClient["$transaction"]>[0]>[0];

type DbState = { ready: Promise<PrismaClient>; close: () => Promise<void> };

const globalForDb = globalThis as unknown as { canteenDb?: DbState };

/** Listeners of every SQL statement the client sends (tests only: the query-count test). */
const queryListeners = new Set<(sql: string) => void>();

/** Calls `listener` with each statement the client sends from now on (test runs only). */
export function observeQueries(listener: (sql: string) => void): () => void {
  queryListeners.add(listener);
  return () => queryListeners.delete(listener);
}

/**
 * PostgreSQL settings of the embedded database, passed at every open (nothing is written to the
 * data folder). PGlite zero-fills its shared memory at start, so all of it stays resident: 32 MB
 * of shared buffers hold a realistic school's whole database (figures in docs/benchmarks.md).
 * `startParams` replaces PGlite's own defaults (single-user mode among them) rather than adding
 * to them, hence the spread: without it the database does not start. Read back by
 * tests/integration/embedded-memory.test.ts.
 */
const EMBEDDED_SETTINGS = ["-c", "shared_buffers=32MB"] as const;

function createClient(adapter: SqlMigrationAwareDriverAdapterFactory): PrismaClient {
  // Query events cost a little on every statement: only the tests, which count them, ask for them.
  const observed = process.env.NODE_ENV === "test";
  // Password hashes never leave the server unless a query asks for them by name.
  const client = new PrismaClient({
    adapter,
    omit: { user: { passwordHash: true }, temporaryPassword: { passwordHash: true } },
    ...(observed ? { log: [{ emit: "event" as const, level: "query" as const }] } : {}),
  }) as PrismaClient;
  if (observed) {
    (client as PrismaClient<"query">).$on("query", (event) => {
      for (const listener of queryListeners) listener(event.query);
    });
  }
  return client;
}

async function open(): Promise<{ client: PrismaClient; close: () => Promise<void> }> {
  const config = env();
  let adapter: SqlMigrationAwareDriverAdapterFactory;
  let closeDriver = async () => {};
  if (config.DATABASE_URL) {
    const { PrismaPg } = await import("@prisma/adapter-pg");
    // Sessions in UTC: the drivers read timestamps without an offset in the session's zone.
    // Statements are prepared once per connection (decision 0062) unless a pooler in front of
    // PostgreSQL cannot keep them (DATABASE_PREPARED_STATEMENTS=false).
    adapter = new PrismaPg(
      { connectionString: config.DATABASE_URL, max: 10, options: "-c TimeZone=UTC" },
      config.DATABASE_PREPARED_STATEMENTS === false
        ? {}
        : { statementNameGenerator: statementNamer() },
    );
  } else {
    const { PGlite } = await import("@electric-sql/pglite");
    const { PrismaPGlite } = await import("pglite-prisma-adapter");
    const dir = config.PGLITE_DATA_DIR;
    if (!dir.startsWith("memory://")) mkdirSync(path.resolve(dir), { recursive: true });
    // One options object: create(undefined, options) drops the options (the memory:// case).
    const pglite = await PGlite.create({
      dataDir: dir.startsWith("memory://") ? undefined : path.resolve(dir),
      startParams: [...PGlite.defaultStartParams, ...EMBEDDED_SETTINGS],
    });
    // PGlite takes the process's zone as the session's, and the adapter reads timestamps without
    // an offset: a server west of UTC would see every now() hours in the past. Always UTC.
    await pglite.exec("SET TIME ZONE 'UTC'");
    adapter = new PrismaPGlite(pglite);
    closeDriver = () => pglite.close();
  }
  if (config.DB_AUTO_SETUP) {
    const { applyPendingMigrations } = await import("@/lib/migrations/schema-engine");
    const applied = await applyPendingMigrations(adapter);
    if (applied.length > 0) log.info({ migrations: applied }, "applied migrations");
  }
  const client = createClient(adapter);
  if (config.DB_AUTO_SETUP) {
    const { seedIfEmpty } = await import("@/lib/seed");
    await seedIfEmpty(client);
  }
  return {
    client,
    close: async () => {
      await client.$disconnect();
      await closeDriver();
    },
  };
}

/** The Prisma client, ready for queries (migrated and seeded first when DB_AUTO_SETUP is on). */
export function getDb(): Promise<PrismaClient> {
  if (!globalForDb.canteenDb) {
    const opening = open();
    const state: DbState = {
      ready: opening.then((o) => o.client),
      close: async () => (await opening).close(),
    };
    // A failed open (database unreachable) must not poison the process: the next call retries.
    opening.catch(() => {
      if (globalForDb.canteenDb === state) globalForDb.canteenDb = undefined;
    });
    globalForDb.canteenDb = state;
  }
  return globalForDb.canteenDb.ready;
}

export async function disconnectDb(): Promise<void> {
  const state = globalForDb.canteenDb;
  globalForDb.canteenDb = undefined;
  if (state) await state.close().catch(() => {});
}
