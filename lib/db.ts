import "server-only";
import { mkdirSync } from "node:fs";
import { readFile } from "node:fs/promises";
import path from "node:path";
import type { SqlMigrationAwareDriverAdapterFactory } from "@prisma/driver-adapter-utils";
import { env } from "@/lib/env";
import { log } from "@/lib/observability/log";
import { PrismaClient } from "@/lib/generated/prisma/client";
import { SCHOOL_MODELS } from "@/lib/scope/school-models";
import { assertSchoolScoped, scopeArgs } from "@/lib/scope/guard";
import { statementNamer } from "@/lib/statement-names";
import { withSetupLock } from "@/lib/migrations/setup-lock";

// The one Prisma client of the process. PGlite (embedded, in PGLITE_DATA_DIR) when DATABASE_URL is
// unset, PostgreSQL through @prisma/adapter-pg when it is set. Opened lazily on the first query and
// cached on globalThis: `next build` imports this module in workers and must never open the folder,
// and a PGlite data folder may be opened by one process only.

// Many schools (issue 45): every query of a school table goes through `schoolDb(schoolId)`, the
// scoped client, which puts the school into its `where` and its new rows (decision 0073). Under it
// the second guard (decision 0075) refuses any school table's query that does not name one school:
// a query written on `getDb()` without `schoolId` throws instead of reaching every school.

function guarded(client: PrismaClient) {
  const db = client.$extends({
    name: "school-guard",
    query: {
      $allModels: {
        $allOperations({ model, operation, args, query }) {
          assertSchoolScoped(SCHOOL_MODELS, model, operation, args);
          return query(args);
        },
      },
    },
  });
  return db;
}

function scoped(client: PrismaClient, schoolId: number): Db {
  // One extension that scopes and then checks: Prisma runs the hooks of stacked extensions first
  // to last, so the guard of the client under this one would see the query before its school.
  return client.$extends({
    name: `school-${schoolId}`,
    query: {
      $allModels: {
        $allOperations({ model, operation, args, query }) {
          const scopedArgs = scopeArgs(SCHOOL_MODELS, model, operation, args, schoolId);
          assertSchoolScoped(SCHOOL_MODELS, model, operation, scopedArgs);
          return query(scopedArgs as typeof args);
        },
      },
    },
  });
}

/** The guarded client: platform tables freely, school tables only with their school named. */
export type Db = ReturnType<typeof guarded>;
export type Tx = Parameters<Parameters<Db["$transaction"]>[0]>[0];

type DbState = {
  ready: Promise<Db>;
  /**
   * The client under the guarded one: each school's scope is put on it, with the guard after it.
   * Kept in the process-wide state, not in a module: a production build bundles this module into
   * several chunks, and each must find the same client.
   */
  raw: Promise<PrismaClient>;
  close: () => Promise<void>;
  schools: Map<number, Db>;
};

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

/**
 * How long a transaction may wait to begin (decision 0113). Prisma's 2 s default turned a burst
 * of sign-ups or checkouts into "Something went wrong" on the embedded database, whose one
 * connection runs transactions one after another, and on PostgreSQL once the pool is busy. A
 * parent would rather wait a few seconds than start again.
 */
export const TRANSACTION_MAX_WAIT_MS = 15_000;

function createClient(adapter: SqlMigrationAwareDriverAdapterFactory): PrismaClient {
  // Query events cost a little on every statement: only the tests, which count them, ask for them.
  const observed = process.env.NODE_ENV === "test";
  // Password hashes never leave the server unless a query asks for them by name.
  const client = new PrismaClient({
    adapter,
    transactionOptions: { maxWait: TRANSACTION_MAX_WAIT_MS },
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

async function open(): Promise<{ client: Db; raw: PrismaClient; close: () => Promise<void> }> {
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
    const inMemory = dir.startsWith("memory://");
    if (!inMemory) mkdirSync(path.resolve(dir), { recursive: true });
    // One options object: create(undefined, options) drops the options (the memory:// case).
    const pglite = await PGlite.create({
      dataDir: inMemory ? undefined : path.resolve(dir),
      // A test file's database starts migrated and seeded (decision 0124): about 2.5 s, not 6.
      loadDataDir:
        inMemory && config.PGLITE_TEMPLATE
          ? new Blob([await readFile(config.PGLITE_TEMPLATE)])
          : undefined,
      startParams: [...PGlite.defaultStartParams, ...EMBEDDED_SETTINGS],
    });
    // PGlite takes the process's zone as the session's, and the adapter reads timestamps without
    // an offset: a server west of UTC would see every now() hours in the past. Always UTC.
    await pglite.exec("SET TIME ZONE 'UTC'");
    adapter = new PrismaPGlite(pglite);
    closeDriver = () => pglite.close();
  }
  const raw = createClient(adapter);
  const client = guarded(raw);
  if (config.DB_AUTO_SETUP) {
    // Instances starting together take turns (decision 0121).
    await withSetupLock(config.DATABASE_URL, async () => {
      const { applyPendingMigrations } = await import("@/lib/migrations/schema-engine");
      const applied = await applyPendingMigrations(adapter);
      if (applied.length > 0) log.info({ migrations: applied }, "applied migrations");
      const { seedIfEmpty } = await import("@/lib/seed");
      const { DEFAULT_SCHOOL_ID } = await import("@/lib/contracts/schools");
      const school = scoped(raw, DEFAULT_SCHOOL_ID);
      await seedIfEmpty(client as unknown as PrismaClient, school as unknown as PrismaClient);
    });
  }
  return {
    client,
    raw,
    close: async () => {
      await client.$disconnect();
      await closeDriver();
    },
  };
}

/**
 * The guarded client, ready for queries (migrated and seeded first when DB_AUTO_SETUP is on): the
 * platform's tables, and school tables only by naming the school. Domain code uses `schoolDb`.
 */
export function getDb(): Promise<Db> {
  return dbState().ready;
}

/** The one way into a school's tables: every query and new row of it carries `schoolId`. */
export async function schoolDb(schoolId: number): Promise<Db> {
  const state = dbState();
  const raw = await state.raw;
  let school = state.schools.get(schoolId);
  if (!school) {
    school = scoped(raw, schoolId);
    state.schools.set(schoolId, school);
  }
  return school;
}

function dbState(): DbState {
  if (!globalForDb.canteenDb) {
    const opening = open();
    const state: DbState = {
      ready: opening.then((o) => o.client),
      raw: opening.then((o) => o.raw),
      close: async () => (await opening).close(),
      schools: new Map(),
    };
    // Whichever of the two a caller awaits, the other's failure is not an unhandled rejection.
    state.ready.catch(() => {});
    state.raw.catch(() => {});
    // A failed open (database unreachable) must not poison the process: the next call retries.
    opening.catch(() => {
      if (globalForDb.canteenDb === state) globalForDb.canteenDb = undefined;
    });
    globalForDb.canteenDb = state;
  }
  return globalForDb.canteenDb;
}

export async function disconnectDb(): Promise<void> {
  const state = globalForDb.canteenDb;
  globalForDb.canteenDb = undefined;
  if (state) await state.close().catch(() => {});
}
