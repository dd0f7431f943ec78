import "server-only";
import { createHmac, randomInt, timingSafeEqual } from "node:crypto";
import { ApiError, conflict, unprocessable } from "@/lib/api/errors";
import { audit } from "@/lib/audit/audit";
import type { SessionUser } from "@/lib/auth/session";
import type { NotificationsDto } from "@/lib/contracts/notifications";
import {
  CODE_DEAD,
  CODE_EXPIRED,
  codeWrong,
  NO_CODE_WAITING,
  PHONE_CODE_LIMITS,
  PHONE_CODE_MINUTES,
  PHONE_CODE_TRIES,
  SMS_NOT_OFFERED,
  TOO_MANY_CODES_FOR_ACCOUNT,
  TOO_MANY_CODES_FOR_NUMBER,
  type PhoneCodeSentDto,
} from "@/lib/contracts/phone-verification";
import type { SchoolContext } from "@/lib/contracts/schools";
import { schoolDb } from "@/lib/db";
import { env } from "@/lib/env";
import { noteQueued } from "@/lib/mail/outbox";
import { kickOutbox } from "@/lib/messaging/outbox";
import { readNotificationRow, toNotificationsDto } from "@/lib/messaging/account-notifications";
import { offeredChannels } from "@/lib/messaging/config";
import { phoneCodeText } from "@/lib/messaging/phone-code-text";
import { blockedFor, hit, type Limit } from "@/lib/rate-limit";
import { idKey } from "@/lib/schools/keys";
import { formatPhone, samePhone } from "@/lib/validations/phone";

// Proving a phone (issue 48, decision 0110): a 6-digit code texted to the number, kept only as a
// keyed hash, valid 10 minutes and for 5 tries; the account's latest code is the only one that
// counts. The text is an outbox row written with the code (sent at once, quiet hours or not: it
// answers what the parent just did), and its body is erased as soon as it is sent.

const numberLimit = (phone: string): Limit => ({
  key: `phone-code:number:${phone}`,
  ...PHONE_CODE_LIMITS.perNumber,
});
const accountLimit = (userId: number): Limit => ({
  key: `phone-code:account:${userId}`,
  ...PHONE_CODE_LIMITS.perAccount,
});

function tooMany(message: string, wait: number): ApiError {
  return new ApiError(429, message, { retryAfter: wait }, { "Retry-After": String(wait) });
}

/** The code's keyed hash: bound to the school, the account and the number it was sent to. */
function codeHash(schoolId: number, userId: number, phone: string, code: string): string {
  return createHmac("sha256", env().SESSION_SECRET)
    .update(`phone-code:${schoolId}:${userId}:${phone}:${code}`)
    .digest("base64url");
}

function sameHash(a: string, b: string): boolean {
  const left = Buffer.from(a);
  const right = Buffer.from(b);
  return left.length === right.length && timingSafeEqual(left, right);
}

/** POST /api/account/phone/verify: texts a code to `phone` (international form). */
export async function sendPhoneCode(
  school: SchoolContext,
  actor: SessionUser,
  phone: string,
  now: Date = new Date(),
): Promise<PhoneCodeSentDto> {
  if (!(await offeredChannels(school)).includes("sms")) throw conflict(SMS_NOT_OFFERED);
  const schoolId = school.id;
  const limits: [Limit, string][] = [
    [numberLimit(phone), TOO_MANY_CODES_FOR_NUMBER],
    [accountLimit(actor.id), TOO_MANY_CODES_FOR_ACCOUNT],
  ];
  for (const [limit, message] of limits) {
    const wait = await blockedFor(schoolId, [limit]);
    if (wait !== null) throw tooMany(message, wait);
  }
  // Counted in one atomic step each, so parallel requests cannot slip past a limit.
  for (const [limit, message] of limits) {
    const { count, retryAfter } = await hit(schoolId, limit);
    if (count > limit.max) throw tooMany(message, retryAfter);
  }
  const code = String(randomInt(0, 1_000_000)).padStart(6, "0");
  const expiresAt = new Date(now.getTime() + PHONE_CODE_MINUTES * 60_000);
  const text = phoneCodeText(school.name, code);
  const subject = "Phone verification code";
  const db = await schoolDb(schoolId);
  await db.$transaction(async (tx) => {
    await tx.phoneVerification.create({
      data: {
        schoolId,
        userId: actor.id,
        phone,
        codeHash: codeHash(schoolId, actor.id, phone, code),
        expiresAt,
      },
    });
    await tx.emailOutbox.create({
      data: {
        schoolId,
        userId: actor.id,
        channel: "sms",
        to: phone,
        subject,
        text,
        erasure: "secret",
        nextAttemptAt: now,
      },
    });
  });
  noteQueued({ to: phone, subject, text });
  kickOutbox(schoolId);
  return {
    message: `We sent a code to ${formatPhone(phone)}. It is valid for ${PHONE_CODE_MINUTES} minutes.`,
    phone,
    expiresAt: expiresAt.toISOString(),
  };
}

type Outcome = { ok: true } | { ok: false; message: string };

/**
 * POST /api/account/phone/confirm: the account's latest code, unused, unexpired and with tries
 * left, proves its number: the account's phone becomes that number, verified now. A wrong code
 * uses a try (kept even though the call is refused).
 */
export async function confirmPhoneCode(
  school: SchoolContext,
  actor: SessionUser,
  code: string,
  now: Date = new Date(),
): Promise<NotificationsDto> {
  const schoolId = school.id;
  const db = await schoolDb(schoolId);
  const outcome = await db.$transaction(async (tx): Promise<Outcome> => {
    const latest = await tx.phoneVerification.findFirst({
      where: { schoolId, userId: actor.id },
      orderBy: { id: "desc" },
    });
    if (!latest || latest.usedAt) return { ok: false, message: NO_CODE_WAITING };
    if (latest.expiresAt <= now) return { ok: false, message: CODE_EXPIRED };
    // One try, counted only while tries are left: two guesses at once cannot both get the fifth.
    const { count } = await tx.phoneVerification.updateMany({
      where: { schoolId, id: latest.id, usedAt: null, attempts: { lt: PHONE_CODE_TRIES } },
      data: { attempts: { increment: 1 } },
    });
    if (count === 0) return { ok: false, message: CODE_DEAD };
    if (!sameHash(latest.codeHash, codeHash(schoolId, actor.id, latest.phone, code))) {
      return { ok: false, message: codeWrong(PHONE_CODE_TRIES - latest.attempts - 1) };
    }
    const used = await tx.phoneVerification.updateMany({
      where: { schoolId, id: latest.id, usedAt: null },
      data: { usedAt: now },
    });
    if (used.count === 0) return { ok: false, message: NO_CODE_WAITING };
    const before = await tx.user.findUniqueOrThrow({
      where: idKey(schoolId, actor.id),
      select: { phone: true },
    });
    await tx.user.update({
      where: idKey(schoolId, actor.id),
      data: {
        phone: latest.phone,
        phoneVerifiedAt: now,
        // A STOP was the old number's: a new number starts with SMS allowed.
        ...(samePhone(before.phone, latest.phone) ? {} : { smsOptedOutAt: null }),
      },
    });
    await audit(school, tx, actor, {
      action: "account.phone.verify",
      entity: "User",
      entityId: actor.id,
      before: { phone: before.phone },
      after: { phone: latest.phone, phoneVerifiedAt: now.toISOString() },
    });
    return { ok: true };
  });
  if (!outcome.ok) {
    throw unprocessable(outcome.message, { details: { code: [outcome.message] } });
  }
  const [row, offered] = await Promise.all([
    readNotificationRow(db, schoolId, actor.id),
    offeredChannels(school),
  ]);
  return toNotificationsDto(row, offered);
}
