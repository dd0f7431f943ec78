import "server-only";
import { createHash, randomBytes } from "node:crypto";
import { gradeLabel } from "@/lib/client/format";
import type { Grade } from "@/lib/contracts";
import { ROLL_INVITE_DAYS } from "@/lib/contracts/roll";
import type { SchoolContext } from "@/lib/contracts/schools";
import type { Tx } from "@/lib/db";
import { enqueueEmail } from "@/lib/mail/outbox";
import { fitsOneSms, shorten } from "@/lib/messaging/gsm7";
import { sendableAt } from "@/lib/messaging/quiet-hours";
import { log } from "@/lib/observability/log";

// The roll's invitations (issue 49, decision 0120): a guardian without an account (or whose account
// has not proven the address) gets a one-time link by e-mail, and an SMS saying to look for it
// when the school sends SMS and the roll has a phone (the SMS carries no link). Only the token's SHA-256 is kept; the link works ROLL_INVITE_DAYS, once.
// Both messages are outbox rows written in the import's transaction ("secret": their bodies are
// erased once sent); the SMS waits for the end of quiet hours like every message the office sends.

const DAY_MS = 86_400_000;

export type InviteSchool = Pick<SchoolContext, "id" | "name" | "origin" | "timeZone">;

export function hashToken(token: string): string {
  return createHash("sha256").update(token).digest("base64url");
}

/** 24 random bytes: 32 characters in the e-mailed link. */
function newToken(): string {
  return randomBytes(24).toString("base64url");
}

export function claimLink(origin: string, token: string): string {
  const link = new URL("/claim", origin);
  link.searchParams.set("token", token);
  return link.toString();
}

export type InviteTarget = {
  rollChildId: number;
  slot: 1 | 2;
  guardianName: string;
  email: string;
  /** The child was just added: it has no earlier links to replace. */
  fresh: boolean;
  /** The roll's phone, when an SMS is to go too. */
  smsTo: string | null;
  childName: string;
  grade: Grade;
  className: string | null;
};

/** "j***@gmail.com": enough for its owner to know which inbox, not the address itself. */
function maskEmail(email: string): string {
  const at = email.lastIndexOf("@");
  return `${email.slice(0, 1)}***${email.slice(at)}`;
}

/**
 * One SMS of at most 160 GSM-7 characters pointing at the e-mailed link, or null when even the
 * shortest does not fit. It never carries the link: the number comes from the school's records,
 * unproven, and a link texted to a mistyped number would let a stranger claim the child. The
 * e-mailed link is the proof; the text only tells the parent to look for it.
 */
export function inviteSms(schoolName: string, childName: string, email: string): string | null {
  const masked = maskEmail(email);
  for (const [school, child, inbox] of [
    [24, 30, masked],
    [16, 16, masked],
    [16, 16, "your inbox"],
    [8, 10, "your inbox"],
  ] as const) {
    const text =
      `${shorten(schoolName, school)}: to order lunches for ${shorten(childName, child)}, open ` +
      `the link we e-mailed to ${inbox} within ${ROLL_INVITE_DAYS} days.`;
    if (fitsOneSms(text)) return text;
  }
  return null;
}

function inviteEmailText(school: InviteSchool, target: InviteTarget, link: string): string {
  const klass = target.className ? `, class ${target.className}` : "";
  return (
    `Hello ${target.guardianName},\n\n` +
    `${school.name} has put ${target.childName} (${gradeLabel(target.grade)}${klass}) on its ` +
    `canteen portal, with you as a guardian. To order school lunches for ${target.childName}, ` +
    `open this link within ${ROLL_INVITE_DAYS} days, sign in or create your account with this ` +
    `e-mail address (${target.email}), and accept:\n\n${link}\n\n` +
    `The link works once. If you do not know this child, you can ignore this message.\n`
  );
}

/**
 * Writes the invitation (and its messages) in the import's transaction; earlier unused links for
 * the same child and guardian stop working. Answers whether an SMS was queued.
 */
export async function sendInvite(
  tx: Tx,
  school: InviteSchool,
  target: InviteTarget,
  now: Date,
): Promise<boolean> {
  const schoolId = school.id;
  const token = newToken();
  if (!target.fresh) {
    await tx.rollInvite.deleteMany({
      where: { schoolId, rollChildId: target.rollChildId, slot: target.slot, claimedAt: null },
    });
  }
  await tx.rollInvite.create({
    data: {
      schoolId,
      rollChildId: target.rollChildId,
      slot: target.slot,
      email: target.email,
      tokenHash: hashToken(token),
      expiresAt: new Date(now.getTime() + ROLL_INVITE_DAYS * DAY_MS),
      createdAt: now,
    },
  });
  const link = claimLink(school.origin, token);
  await enqueueEmail(
    {
      erasure: "secret",
      to: target.email,
      subject: `${target.childName} at ${school.name}: add your child to the canteen portal`,
      text: inviteEmailText(school, target, link),
    },
    tx,
  );
  if (!target.smsTo) return false;
  const sms = inviteSms(school.name, target.childName, target.email);
  if (!sms) {
    log.error({ schoolId }, "a roll invitation's SMS does not fit");
    return false;
  }
  await tx.emailOutbox.create({
    data: {
      schoolId,
      channel: "sms",
      to: target.smsTo,
      subject: "School roll invitation",
      text: sms,
      erasure: "secret",
      nextAttemptAt: sendableAt(school.timeZone, now),
    },
  });
  return true;
}
