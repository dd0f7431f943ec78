import type { SessionOptions } from "iron-session";
import type { Role } from "@/lib/auth/permissions";

// What the sealed cookie holds: only ids and the role. `sid` names a row of the Session table,
// checked on every request, so deleting the row ends the session whatever the cookie says.
export type SessionCookie = { sid?: string; uid?: number; role?: Role };

export const SESSION_MAX_AGE_SECONDS = 60 * 60 * 24 * 30;

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
