import "server-only";
import { schoolDb } from "@/lib/db";
import type { Role } from "@/lib/contracts/permissions";

// Every signed-in request reads its Session row and user. Under a rush many requests arrive in the
// same turn of the event loop, and one statement for all of their sessions costs one round trip
// instead of one each (each round trip is a write to PostgreSQL's socket and a wake-up of its
// backend: about a seventh of the server's CPU in the benchmark of issue 20). The statement is sent
// after each of them asked, so each still sees every write committed before it asked (a logout, a
// password change), exactly as a statement of its own would; a later request starts a new one.
// The same batching as the cache versions' (lib/cache/versioned-cache.ts).

export type SessionRow = {
  sid: string;
  userId: number;
  expiresAt: Date;
  lastSeenAt: Date;
  id: number;
  username: string;
  name: string;
  email: string | null;
  phone: string | null;
  role: Role;
  allowedFeatures: string[];
  emailVerifiedAt: Date | null;
  pendingEmail: string | null;
  orderReminders: boolean;
};

type Batch = { ids: Set<string>; rows: Promise<ReadonlyMap<string, SessionRow>> };

// One open batch per school (issue 45): a statement reads one school's sessions, so a cookie of
// one school is never found at another, and on Citus each statement goes to one shard.
const globalForBatch = globalThis as unknown as { canteenSessionBatches?: Map<number, Batch> };

/** The school's session `sid` joined to its user, or undefined when there is no such session. */
export async function readSessionRow(
  schoolId: number,
  sid: string,
): Promise<SessionRow | undefined> {
  const batches = (globalForBatch.canteenSessionBatches ??= new Map<number, Batch>());
  let batch = batches.get(schoolId);
  if (!batch) {
    const ids = new Set<string>();
    const opened: Batch = {
      ids,
      rows: new Promise((resolve, reject) => {
        setImmediate(() => {
          // Closed before the statement is sent: nobody joins a statement already on its way.
          if (batches.get(schoolId) === opened) batches.delete(schoolId);
          readRows(schoolId, [...ids]).then(resolve, reject);
        });
      }),
    };
    batches.set(schoolId, opened);
    batch = opened;
  }
  batch.ids.add(sid);
  return (await batch.rows).get(sid);
}

async function readRows(schoolId: number, ids: string[]): Promise<ReadonlyMap<string, SessionRow>> {
  const db = await schoolDb(schoolId);
  const rows = await db.$queryRaw<SessionRow[]>`
    SELECT s."id" AS "sid", s."userId", s."expiresAt", s."lastSeenAt",
           u."id", u."username", u."name", u."email", u."phone", u."role"::text AS "role",
           u."allowedFeatures", u."emailVerifiedAt", u."pendingEmail", u."orderReminders"
    FROM "Session" s JOIN "User" u ON u."schoolId" = s."schoolId" AND u."id" = s."userId"
    WHERE s."schoolId" = ${schoolId} AND s."id" = ANY(${ids}::text[]) AND u."deletedAt" IS NULL`;
  return new Map(rows.map((row) => [row.sid, row]));
}
