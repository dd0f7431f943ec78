import "server-only";
import { RETENTION } from "@/lib/contracts/privacy";
import { schoolDb } from "@/lib/db";

// Fixed-window counters in the database, so every app instance counts the same attempts. The
// increment is one atomic upsert: parallel requests can never both see a stale count. Each school
// has its own buckets (issue 45): a counter is `(schoolId, key)`, so one school's failed sign-ins
// never lock out another school's users of the same name or address.

export type Limit = { key: string; max: number; windowSeconds: number };

type CounterRow = { count: number; retryAfter: number };

/** Counts one event against `limit`; returns how many events the window now holds. */
export async function hit(schoolId: number, limit: Limit): Promise<CounterRow> {
  const db = await schoolDb(schoolId);
  // The time is the app's, passed in: a distributed database takes only IMMUTABLE functions in an
  // upsert's DO UPDATE and RETURNING (issue 46), and now() is not one.
  const now = new Date();
  const expires = new Date(now.getTime() + limit.windowSeconds * 1000);
  const rows = await db.$queryRaw<{ count: number; expiresAt: Date }[]>`
    INSERT INTO "RateLimit" ("schoolId", "key", "count", "windowStart", "expiresAt")
    VALUES (${schoolId}, ${limit.key}, 1, ${now}, ${expires})
    ON CONFLICT ("schoolId", "key") DO UPDATE SET
      "count" = CASE WHEN "RateLimit"."expiresAt" <= ${now} THEN 1 ELSE "RateLimit"."count" + 1 END,
      "windowStart" = CASE WHEN "RateLimit"."expiresAt" <= ${now} THEN ${now} ELSE "RateLimit"."windowStart" END,
      "expiresAt" = CASE WHEN "RateLimit"."expiresAt" <= ${now} THEN ${expires} ELSE "RateLimit"."expiresAt" END
    RETURNING "count", "expiresAt"`;
  const row = rows[0];
  if (!row) return { count: 1, retryAfter: limit.windowSeconds };
  return { count: row.count, retryAfter: secondsUntil(row.expiresAt) };
}

function secondsUntil(at: Date): number {
  return Math.max(1, Math.ceil((at.getTime() - Date.now()) / 1000));
}

/** Seconds until the caller may try again when any limit is already used up, else null. */
export async function blockedFor(
  schoolId: number,
  limits: readonly Limit[],
): Promise<number | null> {
  const db = await schoolDb(schoolId);
  const rows = await db.rateLimit.findMany({
    where: { schoolId, key: { in: limits.map((l) => l.key) }, expiresAt: { gt: new Date() } },
    select: { key: true, count: true, expiresAt: true },
  });
  let wait: number | null = null;
  for (const row of rows) {
    const limit = limits.find((l) => l.key === row.key);
    if (limit && row.count >= limit.max) {
      wait = Math.max(wait ?? 0, secondsUntil(row.expiresAt));
    }
  }
  return wait;
}

export async function resetLimit(schoolId: number, key: string): Promise<void> {
  const db = await schoolDb(schoolId);
  await db.rateLimit.deleteMany({ where: { schoolId, key } });
}

/** Drops a school's expired counters; run from the periodic sweep for every school. */
export async function pruneRateLimits(schoolId: number): Promise<number> {
  const db = await schoolDb(schoolId);
  const end = new Date(Date.now() - RETENTION.rateLimitDays * 24 * 60 * 60 * 1000);
  const { count } = await db.rateLimit.deleteMany({
    where: { schoolId, expiresAt: { lte: end } },
  });
  return count;
}
