import "server-only";
import { schoolDb } from "@/lib/db";

// What rarely changes (the menu, the settings, the order cycles) is kept in memory, and each read
// first asks the database for the current version of it: one primary-key lookup instead of the
// query it replaces. The versions live in the CacheVersion table and are bumped by triggers on
// MenuItem, Setting and OrderCycle (migration cache_versions), at the writing transaction's commit, so an edit committed through any instance is seen by every instance's next read:
// never a stale menu, cut-off or cycle, and no write path can forget to bump.
// Many schools (issue 45): versions and values are per school. CacheVersion rows are keyed
// (schoolId, key), the trigger bumps the written row's school's versions only, and every entry is
// kept under its school's id: one school's cache never answers another's.

export type CacheArea = "menu" | "settings" | "cycles";

type Entry = { version: string; value: unknown };

const globalForCache = globalThis as unknown as { canteenVersionedCache?: Map<string, Entry> };

function entries(): Map<string, Entry> {
  return (globalForCache.canteenVersionedCache ??= new Map<string, Entry>());
}

type Versions = ReadonlyMap<string, string>;

const globalForBatch = globalThis as unknown as {
  canteenVersionBatch?: Map<number, Promise<Versions>>;
};

function batches(): Map<number, Promise<Versions>> {
  return (globalForBatch.canteenVersionBatch ??= new Map<number, Promise<Versions>>());
}

/**
 * The versions of every area of one school (three rows), read by one query that every version
 * check of that school asking in the same turn of the event loop shares: a request that reads the
 * cycle, the menu and the cut-off (a cart check), and the other requests of the school arriving
 * meanwhile, pay one round trip instead of one each. The query is sent after each of them asked,
 * so each still sees every write committed before it asked; a later check starts a new query.
 */
function currentVersions(schoolId: number): Promise<Versions> {
  const pending = batches().get(schoolId);
  if (pending) return pending;
  const batch: Promise<Versions> = new Promise((resolve, reject) => {
    setImmediate(() => {
      // Closed before the query is sent: nobody joins a query that may already have been read.
      if (batches().get(schoolId) === batch) batches().delete(schoolId);
      readVersions(schoolId).then(resolve, reject);
    });
  });
  batches().set(schoolId, batch);
  return batch;
}

async function readVersions(schoolId: number): Promise<Versions> {
  const db = await schoolDb(schoolId);
  const rows = await db.$queryRaw<{ key: string; version: string }[]>`
    SELECT "key", "version"::text AS "version" FROM "CacheVersion"
    WHERE "schoolId" = ${schoolId}`;
  return new Map(rows.map((row) => [row.key, row.version]));
}

/** The current version of one school's area, or null when it has no row (no caching). */
async function versionOf(schoolId: number, area: CacheArea): Promise<string | null> {
  return (await currentVersions(schoolId)).get(area) ?? null;
}

/**
 * `load()`'s value, from memory while the school's area's version has not moved since it was loaded. The
 * version is read before loading: a write committing during the load leaves the entry under the
 * older version, so the next read loads again. The value is frozen: callers share it.
 */
export async function cachedRead<T>(
  schoolId: number,
  area: CacheArea,
  name: string,
  load: () => Promise<T>,
) {
  const version = await versionOf(schoolId, area);
  if (version === null) return load();
  const id = `${schoolId}:${area}:${name}`;
  const hit = entries().get(id);
  if (hit && hit.version === version) return hit.value as T;
  const value = deepFreeze(await load());
  entries().set(id, { version, value });
  return value;
}

/** Forgets every entry (tests that swap databases under one process). */
export function clearVersionedCache(): void {
  entries().clear();
}

function deepFreeze<T>(value: T): T {
  if (value && typeof value === "object" && !Object.isFrozen(value)) {
    Object.freeze(value);
    for (const inner of Object.values(value as object)) deepFreeze(inner);
  }
  return value;
}
