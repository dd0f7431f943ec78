import type { SessionOptions } from "iron-session";
import type { Role } from "@/lib/contracts/permissions";

// What the sealed cookie holds: only ids and the role. `sid` names a row of the Session table,
// checked on every request, so deleting the row ends the session whatever the cookie says.
export type SessionCookie = { sid?: string; uid?: number; role?: Role };

export const SESSION_MAX_AGE_SECONDS = 60 * 60 * 24 * 30;

const HOUR_MS = 60 * 60 * 1000;
const DAY_MS = 24 * HOUR_MS;

/**
 * How long a session lives, by role: in all (from sign-in) and idle (since its last request).
 * Admins work on a shared school desktop: 8 hours idle, 24 hours at most. Teachers use school
 * laptops: a week idle. Parents keep their phone signed in for the cookie's 30 days. The server
 * enforces these on every request (lib/auth/session.ts); the cookie's own 30 days is only a ceiling.
 */
export const SESSION_LIFETIME: Record<Role, { maxMs: number; idleMs: number }> = {
  admin: { maxMs: DAY_MS, idleMs: 8 * HOUR_MS },
  teacher: { maxMs: SESSION_MAX_AGE_SECONDS * 1000, idleMs: 7 * DAY_MS },
  parent: { maxMs: SESSION_MAX_AGE_SECONDS * 1000, idleMs: SESSION_MAX_AGE_SECONDS * 1000 },
};

export function sessionCookieName(secure: boolean): string {
  // `__Host-` binds the cookie to this exact host, https only, path / (no subdomain can set it).
  return secure ? "__Host-canteen_session" : "canteen_session";
}

export function sessionOptions(secret: string, secure: boolean): SessionOptions {
  return {
    password: secret,
    cookieName: sessionCookieName(secure),
    ttl: SESSION_MAX_AGE_SECONDS,
    cookieOptions: { httpOnly: true, secure, sameSite: "lax", path: "/" },
  };
}
