import "server-only";
import { sealData, unsealData } from "iron-session";
import { conflict, tooManyRequests } from "@/lib/api/errors";
import { generatePassword, hashPassword } from "@/lib/security/password";
import {
  sessionUserSelect,
  startSession,
  toSessionUser,
  type SessionUser,
} from "@/lib/auth/session";
import { DEFAULT_SCHOOL_ID, type SchoolContext } from "@/lib/contracts/schools";
import { schoolDb, type Tx } from "@/lib/db";
import { env } from "@/lib/env";
import { enqueueEmail, type Email } from "@/lib/mail/outbox";
import { kickOutbox } from "@/lib/messaging/outbox";
import { blockedFor, hit, type Limit } from "@/lib/rate-limit";
import { isEmailIdentifier, normalizeUsername, usernameKey } from "@/lib/validations/username";
import type { ForgotPasswordInput } from "@/lib/validations/auth";

// Sign-up, sign-in, password reset and e-mail verification. Usernames and addresses are per school
// (issue 45): every lookup here reads only the school the request was addressed to.

const RESET_WINDOW = 60 * 60;
const resetLimits = (identifier: string, address: string): Limit[] => [
  { key: `reset:identifier:${identifier.toLowerCase()}`, max: 3, windowSeconds: RESET_WINDOW },
  { key: `reset:address:${address}`, max: 10, windowSeconds: RESET_WINDOW },
];

export const TEMPORARY_PASSWORD_TTL_MS = 24 * 60 * 60 * 1000;
const EMAIL_TOKEN_TTL_SECONDS = 3 * 24 * 60 * 60;

export const RESET_ANSWER =
  "If an account with that username/email exists, a temporary password has been sent.";

export type NewAccount = {
  username: string;
  password: string;
  name: string;
  email?: string | undefined;
  phone?: string | undefined;
};

/**
 * Failed sign-ups per address: a taken username answers 409, which would otherwise let anyone probe
 * which usernames exist without limit. Successful sign-ups are not counted (a school's parents may
 * all sign up from the school's one address on the first day).
 */
const failedSignUps = (address: string): Limit => ({
  key: `register:failed:${address}`,
  max: 10,
  windowSeconds: 60 * 60,
});

/** Creates a parent account and signs it in. */
export async function registerAccount(
  school: SchoolContext,
  input: NewAccount,
  address: string,
): Promise<SessionUser> {
  const schoolId = school.id;
  const limit = failedSignUps(address);
  const wait = await blockedFor(schoolId, [limit]);
  if (wait !== null) throw tooManyRequests(wait);
  const db = await schoolDb(schoolId);
  const username = normalizeUsername(input.username);
  const key = usernameKey(username);
  const taken = await db.user.findUnique({
    where: { schoolId_usernameKey: { schoolId, usernameKey: key } },
    select: { id: true },
  });
  if (taken) {
    await hit(schoolId, limit);
    throw conflict("Username already exists");
  }
  const passwordHash = await hashPassword(input.password);
  const mayConfirm = input.email
    ? (await claimConfirmationMail(schoolId, null, input.email)) === null
    : false;
  const user = await db.$transaction(async (tx) => {
    const created = await tx.user.create({
      data: {
        schoolId,
        username,
        usernameKey: key,
        passwordHash,
        name: input.name,
        email: input.email ?? null,
        phone: input.phone ?? null,
        role: "parent",
      },
      select: sessionUserSelect,
    });
    await startSession(schoolId, created, tx);
    // Over the confirmation limits the account is still made, without the mail (issue 43).
    if (created.email && mayConfirm) await enqueueVerificationEmail(school, created, tx);
    return created;
  });
  kickOutbox(school.id);
  return toSessionUser(user);
}

/** Forgot-password answers take at least this long, whichever path they took. */
const RESET_MIN_DURATION_MS = 400;

/**
 * Creates a temporary password for the account the identifier names and e-mails it to that
 * account's own address. An identifier with `@` is an e-mail address, one without is a username:
 * never both, so a username that looks like someone's address cannot pull their reset to it. Several
 * accounts may share an address (a parent with two accounts): each gets its own secret in a mail
 * that names only that account. The current password keeps working until the temporary one is
 * used. Answers the same whether or not an account exists, and no sooner than a fixed time.
 */
export async function requestPasswordReset(
  school: SchoolContext,
  input: ForgotPasswordInput,
  address: string,
): Promise<{ message: string }> {
  const schoolId = school.id;
  const limits = resetLimits(input.identifier, address);
  const wait = await blockedFor(schoolId, limits);
  if (wait !== null) throw tooManyRequests(wait);
  await Promise.all(limits.map((limit) => hit(schoolId, limit)));
  const started = performance.now();

  const accounts = (await findResetAccounts(schoolId, input.identifier)).filter(
    (account): account is ResetAccount & { email: string } => account.email !== null,
  );
  if (accounts.length === 0) {
    // The same hashing work as for one account, so the time says nothing either.
    await hashPassword(generatePassword());
  } else {
    const expiresAt = new Date(Date.now() + TEMPORARY_PASSWORD_TTL_MS);
    // One secret per account, hashed before the transaction (hashing is the slow part).
    const resets = await Promise.all(
      accounts.map(async (account) => {
        const temporary = generatePassword();
        return { account, temporary, passwordHash: await hashPassword(temporary) };
      }),
    );
    const db = await schoolDb(schoolId);
    await db.$transaction(async (tx) => {
      for (const { account, temporary, passwordHash } of resets) {
        // The newest mail is the one that works: an earlier temporary password ends here.
        await tx.temporaryPassword.updateMany({
          where: { schoolId, userId: account.id, usedAt: null },
          data: { usedAt: new Date() },
        });
        await tx.temporaryPassword.create({
          data: { schoolId, userId: account.id, passwordHash, expiresAt },
        });
        // The scoped transaction stamps the school on the outbox row.
        await enqueueEmail(temporaryPasswordMail(school, account, temporary), tx);
      }
    });
    kickOutbox(school.id);
  }
  // Writing the temporary password and the e-mail takes longer than finding nobody: answer no
  // sooner than a fixed time after the lookup, so the delay says nothing about the account.
  const remaining = RESET_MIN_DURATION_MS - (performance.now() - started);
  if (remaining > 0) await new Promise((resolve) => setTimeout(resolve, remaining));
  return { message: RESET_ANSWER };
}

type ResetAccount = { id: number; username: string; name: string; email: string | null };

/** The accounts of `schoolId` a forgot-password identifier names: by e-mail with `@`, else by username. */
export async function findResetAccounts(
  schoolId: number,
  identifier: string,
): Promise<ResetAccount[]> {
  const db = await schoolDb(schoolId);
  const value = identifier.trim();
  const select = { id: true, username: true, name: true, email: true } as const;
  if (isEmailIdentifier(value)) {
    return db.user.findMany({
      where: { schoolId, email: { equals: value, mode: "insensitive" }, deletedAt: null },
      select,
      orderBy: { id: "asc" },
      take: 5,
    });
  }
  const user = await db.user.findUnique({
    where: { schoolId_usernameKey: { schoolId, usernameKey: usernameKey(value) }, deletedAt: null },
    select,
  });
  return user ? [user] : [];
}

function temporaryPasswordMail(
  school: SchoolContext,
  account: ResetAccount & { email: string },
  temporary: string,
): Email {
  return {
    erasure: "secret",
    userId: account.id,
    to: account.email,
    subject: "Your temporary password",
    text:
      `Hello ${account.name},\n\n` +
      `A temporary password was requested for the account "${account.username}" at ` +
      `${school.name}.\n\n` +
      `Temporary password: ${temporary}\n\n` +
      `Log in with it within 24 hours and change your password immediately in View Profile.\n` +
      `Your current password stays active until you log in with the temporary password.\n` +
      `If you did not ask for this, you can ignore this message.`,
  };
}

/** `sid`: the school of the account (absent in links sent before issue 45: the default school). */
type EmailToken = { sid?: number; uid: number; email: string };

/**
 * Confirmation mails (issue 43): each one is school-branded mail to an address nobody has shown to
 * be theirs yet, so at most 5 a day per account and 3 a day per address, whichever account asks.
 */
const CONFIRMATION_WINDOW = 24 * 60 * 60;
export const CONFIRMATION_LIMITS = {
  perAccount: 5,
  perAddress: 3,
  windowSeconds: CONFIRMATION_WINDOW,
};

function confirmationLimits(userId: number | null, address: string): Limit[] {
  // Counted in the school's own buckets (`hit(schoolId, …)`).
  return [
    ...(userId === null
      ? []
      : [
          {
            key: `confirm:account:${userId}`,
            max: CONFIRMATION_LIMITS.perAccount,
            windowSeconds: CONFIRMATION_WINDOW,
          },
        ]),
    {
      key: `confirm:address:${address.trim().toLowerCase()}`,
      max: CONFIRMATION_LIMITS.perAddress,
      windowSeconds: CONFIRMATION_WINDOW,
    },
  ];
}

/**
 * Counts one confirmation mail for the account (null before it exists) and the address: null when
 * it may be sent, else the seconds until it may. Call it before the transaction that queues it.
 */
export async function claimConfirmationMail(
  schoolId: number,
  userId: number | null,
  address: string,
): Promise<number | null> {
  const limits = confirmationLimits(userId, address);
  const wait = await blockedFor(schoolId, limits);
  if (wait !== null) return wait;
  const counts = await Promise.all(limits.map((limit) => hit(schoolId, limit)));
  // Two requests at once may both pass blockedFor: the counts they got back decide.
  const over = counts.filter((row, i) => row.count > limits[i]!.max).map((row) => row.retryAfter);
  return over.length > 0 ? Math.max(...over) : null;
}

/**
 * Queues the link that confirms `email` for the account. The greeting names nobody: the address is
 * not known to be the account holder's, and the name is whatever text the sign-up typed.
 */
export async function enqueueVerificationEmail(
  school: SchoolContext,
  user: { id: number; email: string | null },
  tx?: Tx,
): Promise<void> {
  if (!user.email) return;
  const token = await sealData(
    { sid: school.id, uid: user.id, email: user.email } satisfies EmailToken,
    { password: env().SESSION_SECRET, ttl: EMAIL_TOKEN_TTL_SECONDS },
  );
  // Back to the address the user is at: the school's own host.
  const link = new URL("/api/auth/verify-email", school.origin);
  link.searchParams.set("token", token);
  await enqueueEmail(
    {
      erasure: "secret",
      userId: user.id,
      to: user.email,
      subject: "Confirm your e-mail address",
      text:
        `Hello,\n\nPlease confirm this e-mail address for order confirmations and ` +
        `password recovery by opening this link within 3 days:\n\n${link.toString()}\n\n` +
        `If you did not ask for this, you can ignore this message.\n`,
    },
    // A scoped client either way, so the outbox row carries the school.
    tx ?? (await schoolDb(school.id)),
  );
}

/**
 * Confirms the address in the token: the account's pending address becomes its address, or its
 * current address is marked verified. False when the token is bad or old, or names an address the
 * account neither has nor is waiting for (an earlier pending address verifies nothing).
 */
export async function verifyEmailToken(school: SchoolContext, token: string): Promise<boolean> {
  let data: Partial<EmailToken>;
  try {
    data = await unsealData<EmailToken>(token, {
      password: env().SESSION_SECRET,
      ttl: EMAIL_TOKEN_TTL_SECONDS,
    });
  } catch {
    return false;
  }
  if (typeof data.uid !== "number" || typeof data.email !== "string") return false;
  // A link confirms an account of the school it was sent for, opened at that school only.
  if ((data.sid ?? DEFAULT_SCHOOL_ID) !== school.id) return false;
  const schoolId = school.id;
  const db = await schoolDb(schoolId);
  const now = new Date();
  // Each statement names the address it expects, so a change made meanwhile wins over the link.
  const moved = await db.user.updateMany({
    where: { schoolId, id: data.uid, pendingEmail: data.email, deletedAt: null },
    data: { email: data.email, pendingEmail: null, emailVerifiedAt: now },
  });
  if (moved.count > 0) return true;
  const { count } = await db.user.updateMany({
    where: { schoolId, id: data.uid, email: data.email, deletedAt: null },
    data: { emailVerifiedAt: now },
  });
  return count > 0;
}
