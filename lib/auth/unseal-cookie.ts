import { unsealData } from "iron-session";
import { LRUCache } from "lru-cache";
import { SESSION_MAX_AGE_SECONDS, type SessionCookie } from "@/lib/auth/session-cookie";
import type { Role } from "@/lib/contracts/permissions";
import { log } from "@/lib/observability/log";

// Unsealing the session cookie (PBKDF2, key import, HMAC, AES) is a visible share of every
// signed-in request's CPU (figures in docs/benchmarks.md). A phone sends the same sealed text on
// every request of its session, so each process keeps what that text unsealed to: a pure function
// of the text and the secret, so no instance can hold a stale copy. Only seals that verified are
// kept, never past the seal's own expiry, and only for the secret they verified with.
// Whether the session is still live is not decided here: its Session row is read on every request.
//
// A cookie is attacker-controlled text (issue 14: sqlmap's mutations made some requests 500,
// because iron turns only some of its unseal errors into an empty session and throws the rest).
// Whatever arrives, this answers the ids or `{}`, never throws: anything that is not exactly the
// shape iron-session writes is refused before any crypto. The shape is strict because iron itself
// is lenient around it (`<seal>~2~2` and `<seal>~2x` unseal like `<seal>~2`): a changed text is
// never the same session.

/** A real seal is about 350 characters; a browser keeps at most 4096 bytes per cookie. */
export const MAX_SEALED_LENGTH = 4096;

/** `Fe26.2*id*salt*iv*ciphertext*expiry*salt*hmac~2`: iron's format 2 with iron-session's `~2`. */
const SEAL_SHAPE = /^Fe26\.2\*\w+\*[0-9a-f]+\*[\w-]+\*[\w-]+\*\d+\*[0-9a-f]+\*[\w-]+~2$/;

export type RefusalReason = "too-long" | "malformed" | "expired" | "unverified" | "not-a-session";

type Unsealed = { secret: string; data: Readonly<SessionCookie>; expiresAt: number };

const globalForUnseal = globalThis as unknown as {
  canteenUnsealed?: LRUCache<string, Unsealed>;
  canteenRefused?: LRUCache<string, string>;
};

function unsealed(): LRUCache<string, Unsealed> {
  // 20,000 sessions of about 300 bytes each: a few MB at most.
  return (globalForUnseal.canteenUnsealed ??= new LRUCache({ max: 20_000 }));
}

/**
 * Texts refused in the last minute (the value is the secret they were refused with). A page's
 * request reads its cookie twice (proxy.ts, then the page), and a browser holding a stale cookie
 * sends it with every request: each refused text is logged once a minute, not once a read.
 * Bounded by total length, so a flood of distinct 4 kB texts cannot grow it past about 1 MB.
 */
function refused(): LRUCache<string, string> {
  return (globalForUnseal.canteenRefused ??= new LRUCache({
    max: 1_000,
    maxSize: 1_000_000,
    sizeCalculation: (_secret, text) => Math.max(1, text.length),
    ttl: 60_000,
  }));
}

/**
 * The ids a sealed session cookie holds, or `{}` when it is not a live seal of ours (too long, not
 * iron's shape, expired, made with another secret, altered). Never throws.
 */
export async function unsealSessionCookie(sealed: string, secret: string): Promise<SessionCookie> {
  const hit = unsealed().get(sealed);
  // The same clock iron checks the expiry with (it allows a minute's skew past it; this does not).
  if (hit && hit.secret === secret && Date.now() < hit.expiresAt) return hit.data;
  if (refused().get(sealed) === secret) return {};
  const reason = await verify(sealed, secret);
  if (typeof reason !== "string") {
    unsealed().set(sealed, { secret, ...reason });
    return reason.data;
  }
  unsealed().delete(sealed);
  refused().set(sealed, secret);
  // The reason and the length only: the text itself is a credential when it does verify elsewhere.
  log.info({ reason, length: sealed.length }, "session cookie refused");
  return {};
}

async function verify(
  sealed: string,
  secret: string,
): Promise<RefusalReason | { data: Readonly<SessionCookie>; expiresAt: number }> {
  // Checked before the regular expression and any crypto: the cost of a refusal stays flat.
  if (sealed.length > MAX_SEALED_LENGTH) return "too-long";
  if (!SEAL_SHAPE.test(sealed)) return "malformed";
  const expiresAt = sealExpiresAt(sealed);
  if (Date.now() >= expiresAt) return "expired";
  let opened: Record<string, unknown>;
  try {
    opened = await unsealData<Record<string, unknown>>(sealed, {
      password: secret,
      ttl: SESSION_MAX_AGE_SECONDS,
    });
  } catch {
    // iron throws for some of what its own checks refuse (bad base64, an undecryptable body ...).
    return "unverified";
  }
  // iron answers `{}` for the rest (a MAC that does not verify, another secret's password id).
  if (Object.keys(opened).length === 0) return "unverified";
  // Another seal of ours (an e-mail confirmation token) is not a session.
  const data = sessionFields(opened);
  return data ? { data: Object.freeze(data), expiresAt } : "not-a-session";
}

const ROLES: readonly Role[] = ["parent", "teacher", "admin"];

/** Only the fields a session cookie holds, of their types; null when it holds no session. */
function sessionFields(data: Record<string, unknown>): SessionCookie | null {
  const { sid, uid, role } = data;
  if (typeof sid !== "string" || typeof uid !== "number" || !Number.isSafeInteger(uid)) {
    return null;
  }
  return ROLES.includes(role as Role) ? { sid, uid, role: role as Role } : { sid, uid };
}

/** The expiry iron wrote into the seal (its sixth `*`-separated part, in ms since the epoch). */
function sealExpiresAt(sealed: string): number {
  const expiration = Number(sealed.split("*")[5]);
  return Number.isFinite(expiration) && expiration > 0 ? expiration : 0;
}
