import "server-only";
import { tooManyRequests, unauthorized, unprocessable } from "@/lib/api/errors";
import { WRONG_PASSWORD } from "@/lib/contracts/privacy";
import { verifyAgainstNothing, verifyPassword } from "@/lib/security/password";
import {
  endAllSessions,
  sessionUserSelect,
  startSession,
  toSessionUser,
  type SessionUser,
} from "@/lib/auth/session";
import type { SchoolContext } from "@/lib/contracts/schools";
import { schoolDb } from "@/lib/db";
import { idKey } from "@/lib/schools/keys";
import { blockedFor, hit, resetLimit, type Limit } from "@/lib/rate-limit";
import { usernameKey } from "@/lib/validations/username";
import type { LoginInput } from "@/lib/validations/auth";

// Sign-in with a password or an unused temporary password, and the limits around it.
//
// Lock-outs are counted per account *and address* (and per address alone), never per account
// alone: ten wrong passwords from one machine stop that machine, not the owner signing in from
// home, so nobody can keep the superadmin out by failing on purpose. A guess spread over many
// addresses meets a per-account ceiling that slows every attempt on that account with a growing
// delay instead of refusing it (docs/decisions/0003-login-limits.md).
//
// Usernames are per school (issue 45): sign-in reads only the account of that name at the school
// the request was addressed to, and its limits count in that school's buckets.

export const INVALID_CREDENTIALS = "Invalid username or password";

const LOGIN_WINDOW = 15 * 60;
const loginLimits = (key: string, address: string): Limit[] => [
  { key: `login:account-address:${key}:${address}`, max: 10, windowSeconds: LOGIN_WINDOW },
  { key: `login:address:${address}`, max: 30, windowSeconds: LOGIN_WINDOW },
];

/** Failures on one account from every address together, over an hour. */
const accountFailures = (key: string): Limit => ({
  key: `login:account:${key}`,
  max: Number.MAX_SAFE_INTEGER, // counted, never a lock-out: see accountDelayMs
  windowSeconds: 60 * 60,
});

/** Failures on an account before its attempts start to wait; the wait doubles with each after. */
export const ACCOUNT_DELAY_AFTER = 10;
const ACCOUNT_DELAY_BASE_MS = 250;
export const ACCOUNT_DELAY_MAX_MS = 8_000;

/** How long an attempt on an account with `failures` recent failures waits before it is checked. */
export function accountDelayMs(failures: number): number {
  if (failures < ACCOUNT_DELAY_AFTER) return 0;
  const doublings = Math.min(failures - ACCOUNT_DELAY_AFTER, 10);
  return Math.min(ACCOUNT_DELAY_BASE_MS * 2 ** doublings, ACCOUNT_DELAY_MAX_MS);
}

/**
 * Checks a username and password (or the unused temporary password) at `school` and starts a
 * session there. A wrong user, a wrong password and an account with or without a pending temporary
 * password all do the same work (two verifications) and get the same answer.
 */
export async function signIn(
  school: SchoolContext,
  input: LoginInput,
  address: string,
): Promise<SessionUser> {
  const schoolId = school.id;
  const key = usernameKey(input.username);
  const limits = loginLimits(key, address);
  const wait = await blockedFor(schoolId, limits);
  if (wait !== null) throw tooManyRequests(wait);
  const delay = accountDelayMs(await recentAccountFailures(schoolId, key));
  if (delay > 0) await new Promise((resolve) => setTimeout(resolve, delay));

  const db = await schoolDb(schoolId);
  // A deleted account (issue 43) is unknown here, by its old name or its erased key.
  const user = await db.user.findUnique({
    where: { schoolId_usernameKey: { schoolId, usernameKey: key }, deletedAt: null },
    select: {
      ...sessionUserSelect,
      passwordHash: true,
      temporaryPasswords: {
        where: { usedAt: null, expiresAt: { gt: new Date() } },
        select: { id: true, passwordHash: true },
        orderBy: { id: "desc" },
        take: 1,
      },
    },
  });
  const pending = user?.temporaryPasswords[0];
  const [passwordOk, temporaryOk] = await Promise.all([
    user ? verifyPassword(user.passwordHash, input.password) : verifyAgainstNothing(input.password),
    pending
      ? verifyPassword(pending.passwordHash, input.password)
      : verifyAgainstNothing(input.password),
  ]);
  const ok =
    !!user &&
    (passwordOk === true ||
      (temporaryOk === true &&
        !!pending &&
        (await redeemTemporaryPassword(schoolId, user.id, pending))));
  if (!user || !ok) {
    await Promise.all([...limits, accountFailures(key)].map((limit) => hit(schoolId, limit)));
    throw unauthorized(INVALID_CREDENTIALS);
  }
  await resetLimit(schoolId, limits[0]!.key);
  await startSession(schoolId, user);
  return toSessionUser(user);
}

/**
 * Confirms the signed-in user's own password before an irreversible step (deleting the account):
 * a wrong one counts toward the same limits as a failed sign-in, so it cannot be guessed here
 * instead of at the login form.
 */
export async function confirmOwnPassword(
  schoolId: number,
  user: Pick<SessionUser, "id" | "username">,
  password: string,
  address: string,
): Promise<void> {
  const key = usernameKey(user.username);
  const limits = loginLimits(key, address);
  const wait = await blockedFor(schoolId, limits);
  if (wait !== null) throw tooManyRequests(wait);
  const db = await schoolDb(schoolId);
  const row = await db.user.findUniqueOrThrow({
    where: idKey(schoolId, user.id),
    select: { passwordHash: true },
  });
  if (!(await verifyPassword(row.passwordHash, password))) {
    await Promise.all([...limits, accountFailures(key)].map((limit) => hit(schoolId, limit)));
    throw unprocessable(WRONG_PASSWORD, { details: { password: [WRONG_PASSWORD] } });
  }
}

async function recentAccountFailures(schoolId: number, key: string): Promise<number> {
  const db = await schoolDb(schoolId);
  const row = await db.rateLimit.findFirst({
    where: { schoolId, key: accountFailures(key).key, expiresAt: { gt: new Date() } },
    select: { count: true },
  });
  return row?.count ?? 0;
}

/**
 * A temporary password becomes the account's password the first time it is used; every other
 * temporary password and every old session of the account end with it.
 */
async function redeemTemporaryPassword(
  schoolId: number,
  userId: number,
  temporary: { id: number; passwordHash: string },
): Promise<boolean> {
  const db = await schoolDb(schoolId);
  return db.$transaction(async (tx) => {
    // Conditional update: two logins racing with the same temporary password redeem it once.
    const redeemed = await tx.temporaryPassword.updateMany({
      where: { schoolId, id: temporary.id, userId, usedAt: null },
      data: { usedAt: new Date() },
    });
    if (redeemed.count === 0) return false;
    await tx.temporaryPassword.updateMany({
      where: { schoolId, userId, usedAt: null },
      data: { usedAt: new Date() },
    });
    await tx.user.update({
      where: idKey(schoolId, userId),
      data: { passwordHash: temporary.passwordHash },
    });
    await endAllSessions({ schoolId, id: userId }, tx);
    return true;
  });
}
