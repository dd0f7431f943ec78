import "server-only";
import { randomBytes } from "node:crypto";
import { cookies } from "next/headers";
import { cache } from "react";
import { getIronSession } from "iron-session";
import { currentRequestCookies } from "@/lib/auth/request-cookies";
import { schoolDb, type Tx } from "@/lib/db";
import { env } from "@/lib/env";
import type { Role } from "@/lib/contracts/permissions";
import type { SessionUser } from "@/lib/contracts/people";
import {
  SESSION_LIFETIME,
  sessionCookieName,
  sessionOptions,
  type SessionCookie,
} from "@/lib/auth/session-cookie";
import { readSessionRow } from "@/lib/auth/session-rows";
import { unsealSessionCookie } from "@/lib/auth/unseal-cookie";

/** The signed-in user; its shape is a contract, in lib/contracts/people.ts. */
export type { SessionUser };

export const sessionUserSelect = {
  id: true,
  username: true,
  name: true,
  email: true,
  phone: true,
  role: true,
  allowedFeatures: true,
  emailVerifiedAt: true,
  pendingEmail: true,
  orderReminders: true,
} as const;

type UserRow = {
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

/** Picks the public fields by name, so a row selected with extra columns never leaks them. */
export function toSessionUser(row: UserRow): SessionUser {
  return {
    id: row.id,
    username: row.username,
    name: row.name,
    email: row.email,
    phone: row.phone,
    role: row.role,
    allowedFeatures: row.allowedFeatures,
    emailVerified: row.emailVerifiedAt !== null,
    pendingEmail: row.pendingEmail,
    orderReminders: row.orderReminders,
  };
}

const LAST_SEEN_RESOLUTION_MS = 5 * 60 * 1000;

/**
 * The session iron-session saves and destroys. iron's own unseal throws on some broken cookies
 * (issue 14: a tampered cookie made login and logout answer 500), so iron never reads the cookie:
 * it gets the jar without it, and the session is filled from `unsealSessionCookie`, which never
 * throws and is the one judge of what a cookie holds.
 */
async function cookieSession() {
  const config = env();
  const jar = currentRequestCookies() ?? (await cookies());
  const options = sessionOptions(config.SESSION_SECRET, config.secureCookies);
  const session = await getIronSession<SessionCookie>(
    {
      get: (name) => (name === options.cookieName ? undefined : jar.get(name)),
      set: (...args: unknown[]) => void Reflect.apply(jar.set, jar, args),
    },
    options,
  );
  return Object.assign(session, await readSessionCookie());
}

/** What this request's session cookie holds, read without writing anything back. */
async function readSessionCookie(): Promise<SessionCookie> {
  const config = env();
  const jar = currentRequestCookies() ?? (await cookies());
  const sealed = jar.get(sessionCookieName(config.secureCookies))?.value;
  return sealed ? unsealSessionCookie(sealed, config.SESSION_SECRET) : {};
}

/**
 * The signed-in user of this request at `schoolId`, or null. Checked against the school's Session
 * table every time: a cookie of another school (or of none) is no session here (issue 45).
 */
export const getCurrentUser = cache(async (schoolId: number): Promise<SessionUser | null> => {
  const session = await readSessionCookie();
  if (!session.sid || !session.uid) return null;
  // One statement for the session row and its user, shared with the requests arriving meanwhile.
  const row = await readSessionRow(schoolId, session.sid);
  const db = await schoolDb(schoolId);
  const now = Date.now();
  if (!row || row.userId !== session.uid || row.expiresAt.getTime() <= now) return null;
  if (now - row.lastSeenAt.getTime() > SESSION_LIFETIME[row.role].idleMs) {
    // Idle too long for this role: the session ends here, whatever the cookie says.
    await db.session.deleteMany({ where: { schoolId, id: session.sid } }).catch(() => {});
    return null;
  }
  if (now - row.lastSeenAt.getTime() > LAST_SEEN_RESOLUTION_MS) {
    await db.session
      .updateMany({ where: { schoolId, id: session.sid }, data: { lastSeenAt: new Date(now) } })
      .catch(() => {});
  }
  return toSessionUser(row);
});

/** Starts a session for `user` of `schoolId` in a new Session row and seals its id into the cookie. */
export async function startSession(
  schoolId: number,
  user: { id: number; role: Role },
  tx?: Tx,
): Promise<void> {
  const db = tx ?? (await schoolDb(schoolId));
  const sid = randomBytes(32).toString("base64url");
  await db.session.create({
    data: {
      schoolId,
      id: sid,
      userId: user.id,
      expiresAt: new Date(Date.now() + SESSION_LIFETIME[user.role].maxMs),
    },
  });
  const session = await cookieSession();
  session.sid = sid;
  session.uid = user.id;
  session.role = user.role;
  await session.save();
}

/** Ends this browser's session at `schoolId`: its row is deleted and the cookie cleared. */
export async function endCurrentSession(schoolId: number): Promise<void> {
  const session = await cookieSession();
  if (session.sid) {
    const db = await schoolDb(schoolId);
    await db.session.deleteMany({ where: { schoolId, id: session.sid } });
  }
  session.destroy();
}

/** Ends every session of a user (password change, conversion, forced deletion). */
export async function endAllSessions(
  user: { schoolId: number; id: number },
  tx?: Tx,
): Promise<void> {
  const db = tx ?? (await schoolDb(user.schoolId));
  await db.session.deleteMany({ where: { schoolId: user.schoolId, userId: user.id } });
}

/** Clears this browser's cookie without touching the database. */
export async function clearSessionCookie(): Promise<void> {
  (await cookieSession()).destroy();
}
