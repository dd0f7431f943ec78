import "server-only";
import { ApiError, tooManyRequests } from "@/lib/api/errors";
import { getDb } from "@/lib/db";
import type { PlatformOperatorDto } from "@/lib/contracts/platform";
import { verifyAgainstNothing, verifyPassword } from "@/lib/security/password";

// An operator's sign-in (issue 45). Failed attempts are counted per address and per username in
// this instance (10 in 15 minutes): the platform has a handful of operators and no school's
// rate-limit table (those are per school) is theirs to use.

export const PLATFORM_LOGIN_FAILED = "Invalid username or password";

const WINDOW_MS = 15 * 60 * 1000;
const MAX_FAILURES = 10;
const failures = new Map<string, { count: number; since: number }>();

function limited(key: string, now: number): boolean {
  const entry = failures.get(key);
  if (!entry || now - entry.since > WINDOW_MS) return false;
  return entry.count >= MAX_FAILURES;
}

function fail(key: string, now: number): void {
  const entry = failures.get(key);
  if (!entry || now - entry.since > WINDOW_MS) failures.set(key, { count: 1, since: now });
  else entry.count += 1;
  if (failures.size > 10_000) failures.clear();
}

/** The operator whose username and password these are; 401 otherwise, 429 after many failures. */
export async function signInOperator(
  username: string,
  password: string,
  address: string,
): Promise<PlatformOperatorDto> {
  const now = Date.now();
  const keys = [`a:${address}`, `u:${username.toLowerCase()}`];
  if (keys.some((key) => limited(key, now))) throw tooManyRequests(Math.ceil(WINDOW_MS / 1000));
  const db = await getDb();
  const operator = await db.operator.findUnique({
    where: { username: username.toLowerCase() },
    select: { id: true, username: true, passwordHash: true },
  });
  const ok = operator
    ? await verifyPassword(operator.passwordHash, password)
    : (await verifyAgainstNothing(password), false);
  if (!operator || !ok) {
    for (const key of keys) fail(key, now);
    throw new ApiError(401, PLATFORM_LOGIN_FAILED);
  }
  return { id: operator.id, username: operator.username };
}
