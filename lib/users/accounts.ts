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
import { getDb } from "@/lib/db";
import { env } from "@/lib/env";
import { enqueueEmail, kickOutbox, type Email } from "@/lib/mail/outbox";
import { blockedFor, hit, type Limit } from "@/lib/rate-limit";
import { isEmailIdentifier, normalizeUsername, usernameKey } from "@/lib/validations/username";
import type { ForgotPasswordInput } from "@/lib/validations/auth";

// Sign-up, sign-in, password reset and e-mail verification.

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
export async function registerAccount(input: NewAccount, address: string): Promise<SessionUser> {
  const limit = failedSignUps(address);
  const wait = await blockedFor([limit]);
  if (wait !== null) throw tooManyRequests(wait);
  const db = await getDb();
  const username = normalizeUsername(input.username);
  const key = usernameKey(username);
  if (await db.user.findUnique({ where: { usernameKey: key }, select: { id: true } })) {
    await hit(limit);
    throw conflict("Username already exists");
  }
  const passwordHash = await hashPassword(input.password);
  const mayConfirm = input.email
    ? (await claimConfirmationMail(null, input.email)) === null
    : false;
  const user = await db.$transaction(async (tx) => {
    const created = await tx.user.create({
      data: {
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
    await startSession(created, tx);
    // Over the confirmation limits the account is still made, without the mail (issue 43).
    if (created.email && mayConfirm) await enqueueVerificationEmail(created, tx);
    return created;
  });
  kickOutbox();
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
  input: ForgotPasswordInput,
  address: string,
): Promise<{ message: string }> {
  const limits = resetLimits(input.identifier, address);
  const wait = await blockedFor(limits);
  if (wait !== null) throw tooManyRequests(wait);
  await Promise.all(limits.map((limit) => hit(limit)));
  const started = performance.now();

  const accounts = (await findResetAccounts(input.identifier)).filter(
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
    const db = await getDb();
    await db.$transaction(async (tx) => {
      for (const { account, temporary, passwordHash } of resets) {
        // The newest mail is the one that works: an earlier temporary password ends here.
        await tx.temporaryPassword.updateMany({
          where: { userId: account.id, usedAt: null },
          data: { usedAt: new Date() },
        });
        await tx.temporaryPassword.create({
          data: { userId: account.id, passwordHash, expiresAt },
        });
        await enqueueEmail(temporaryPasswordMail(account, temporary), tx);
      }
    });
    kickOutbox();
  }
  // Writing the temporary password and the e-mail takes longer than finding nobody: answer no
  // sooner than a fixed time after the lookup, so the delay says nothing about the account.
  const remaining = RESET_MIN_DURATION_MS - (performance.now() - started);
  if (remaining > 0) await new Promise((resolve) => setTimeout(resolve, remaining));
  return { message: RESET_ANSWER };
}

type ResetAccount = { id: number; username: string; name: string; email: string | null };

/** The accounts a forgot-password identifier names: by e-mail with `@`, else by username. */
export async function findResetAccounts(identifier: string): Promise<ResetAccount[]> {
  const db = await getDb();
  const value = identifier.trim();
  const select = { id: true, username: true, name: true, email: true } as const;
  if (isEmailIdentifier(value)) {
    return db.user.findMany({
      where: { email: { equals: value, mode: "insensitive" }, deletedAt: null },
      select,
      orderBy: { id: "asc" },
      take: 5,
    });
  }
  const user = await db.user.findUnique({
    where: { usernameKey: usernameKey(value), deletedAt: null },
    select,
  });
  return user ? [user] : [];
}

function temporaryPasswordMail(
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
      `A temporary password was requested for the account "${account.username}".\n\n` +
      `Temporary password: ${temporary}\n\n` +
      `Log in with it within 24 hours and change your password immediately in View Profile.\n` +
      `Your current password stays active until you log in with the temporary password.\n` +
      `If you did not ask for this, you can ignore this message.`,
  };
}

type EmailToken = { uid: number; email: string };

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
  userId: number | null,
  address: string,
): Promise<number | null> {
  const limits = confirmationLimits(userId, address);
  const wait = await blockedFor(limits);
  if (wait !== null) return wait;
  const counts = await Promise.all(limits.map((limit) => hit(limit)));
  // Two requests at once may both pass blockedFor: the counts they got back decide.
  const over = counts.filter((row, i) => row.count > limits[i]!.max).map((row) => row.retryAfter);
  return over.length > 0 ? Math.max(...over) : null;
}

/**
 * Queues the link that confirms `email` for the account. The greeting names nobody: the address is
 * not known to be the account holder's, and the name is whatever text the sign-up typed.
 */
export async function enqueueVerificationEmail(
  user: { id: number; email: string | null },
  tx?: Parameters<typeof enqueueEmail>[1],
): Promise<void> {
  if (!user.email) return;
  const token = await sealData({ uid: user.id, email: user.email } satisfies EmailToken, {
    password: env().SESSION_SECRET,
    ttl: EMAIL_TOKEN_TTL_SECONDS,
  });
  const link = new URL("/api/auth/verify-email", env().APP_URL);
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
    tx,
  );
}

/**
 * Confirms the address in the token: the account's pending address becomes its address, or its
 * current address is marked verified. False when the token is bad or old, or names an address the
 * account neither has nor is waiting for (an earlier pending address verifies nothing).
 */
export async function verifyEmailToken(token: string): Promise<boolean> {
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
  const db = await getDb();
  const now = new Date();
  // Each statement names the address it expects, so a change made meanwhile wins over the link.
  const moved = await db.user.updateMany({
    where: { id: data.uid, pendingEmail: data.email, deletedAt: null },
    data: { email: data.email, pendingEmail: null, emailVerifiedAt: now },
  });
  if (moved.count > 0) return true;
  const { count } = await db.user.updateMany({
    where: { id: data.uid, email: data.email, deletedAt: null },
    data: { emailVerifiedAt: now },
  });
  return count > 0;
}
