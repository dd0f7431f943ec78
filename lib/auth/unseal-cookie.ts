import { unsealData } from "iron-session";
import { LRUCache } from "lru-cache";
import { SESSION_MAX_AGE_SECONDS, type SessionCookie } from "@/lib/auth/session-cookie";

// Unsealing the session cookie (PBKDF2, key import, HMAC, AES) is a visible share of every
// signed-in request's CPU (figures in docs/benchmarks.md). A phone sends the same sealed text on
// every request of its session, so each process keeps what that text unsealed to: a pure function
// of the text and the secret, so no instance can hold a stale copy. Only seals that verified are
// kept, never past the seal's own expiry, and only for the secret they verified with.
// Whether the session is still live is not decided here: its Session row is read on every request.

type Unsealed = { secret: string; data: Readonly<SessionCookie>; expiresAt: number };

const globalForUnseal = globalThis as unknown as { canteenUnsealed?: LRUCache<string, Unsealed> };

function unsealed(): LRUCache<string, Unsealed> {
  // 20,000 sessions of about 300 bytes each: a few MB at most.
  return (globalForUnseal.canteenUnsealed ??= new LRUCache({ max: 20_000 }));
}

/** The ids a sealed session cookie holds, or `{}` when it does not verify or has expired. */
export async function unsealSessionCookie(sealed: string, secret: string): Promise<SessionCookie> {
  const hit = unsealed().get(sealed);
  // The same clock iron checks the expiry with (it allows a minute's skew past it; this does not).
  if (hit && hit.secret === secret && Date.now() < hit.expiresAt) return hit.data;
  const data = await unsealData<SessionCookie>(sealed, {
    password: secret,
    ttl: SESSION_MAX_AGE_SECONDS,
  });
  const expiresAt = sealExpiresAt(sealed);
  if (typeof data.sid === "string" && Date.now() < expiresAt) {
    unsealed().set(sealed, { secret, data: Object.freeze(data), expiresAt });
  } else {
    unsealed().delete(sealed);
  }
  return data;
}

/** The expiry iron wrote into the seal (its sixth `*`-separated part, in ms since the epoch). */
function sealExpiresAt(sealed: string): number {
  const expiration = Number(sealed.split("*")[5]);
  return Number.isFinite(expiration) && expiration > 0 ? expiration : 0;
}
