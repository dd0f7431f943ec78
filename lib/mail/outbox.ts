import "server-only";
import { DEFAULT_SCHOOL_ID } from "@/lib/contracts/schools";
import nodemailer, { type Transporter } from "nodemailer";
import { schoolDb, type Tx } from "@/lib/db";
import { allSchools, schoolEntry } from "@/lib/schools/resolve-school";
import { idKey } from "@/lib/schools/keys";
import { env } from "@/lib/env";
import type { MailErasure } from "@/lib/generated/prisma/client";
import { log } from "@/lib/observability/log";
import { ERASED_BODY, ERASED_RECIPIENT } from "@/lib/contracts/privacy";

// Mail is written to the outbox table in the same transaction as the change it reports, and sent
// afterwards. Rows are claimed with FOR UPDATE SKIP LOCKED plus a lease, so several instances never
// send one message twice, and a failed send is retried with back-off instead of being lost.
// Without SMTP_URL the messages stay in the outbox and are written to the server log.
// Many schools (issue 45): each row carries its school (written through the school's scoped client
// or transaction); a run claims one school's due mail at a time, each row read and updated by its
// (schoolId, id) key, sent in the school's own name at MAIL_FROM's address.

/**
 * `erasure` (default after_retention): "secret" for a message carrying a temporary password or a
 * link that verifies or signs in, whose body is erased as soon as it is sent; "farewell" for the
 * confirmation of a deleted account, whose recipient is erased too (lib/privacy).
 */
export type Email = {
  to: string;
  subject: string;
  text: string;
  erasure?: MailErasure;
  /** The account the message is about: deleting the account erases it, whatever its address. */
  userId?: number;
};

const MAX_ATTEMPTS = 8;
const BATCH = 20;

/**
 * Writes a message to the outbox through the school's scoped client or transaction `db`. With
 * create, not createMany (which would read nothing back): Prisma compiles a createMany afresh on
 * every call, which costs more than the row it reads back (decision 0059).
 */
export async function enqueueEmail(email: Email, db: Tx): Promise<void> {
  await db.emailOutbox.create({ data: email });
  noteQueued(email);
}

/** After a message was written to the outbox (by enqueueEmail or in a caller's own statement). */
export function noteQueued(email: Email): void {
  if (!env().SMTP_URL) {
    // Outside production the text is shown too, so a developer can follow a sign-up link. In
    // production it is not: a message may carry a temporary password or a verification link.
    log.info(
      {
        to: email.to,
        subject: email.subject,
        ...(env().production ? {} : { text: email.text }),
      },
      "SMTP_URL is not set; the message stays in the outbox",
    );
  }
}

/**
 * Sends the school's due mail without making the caller wait; failures stay in the outbox for the
 * sweep.
 */
export function kickOutbox(schoolId: number): void {
  if (!env().SMTP_URL) return;
  processSchoolOutbox(schoolId).catch((error: unknown) =>
    log.error({ err: error, schoolId }, "outbox run failed"),
  );
}

let transport: Transporter | undefined;
let transportUrl: string | undefined;

function getTransport(url: string): Transporter {
  if (!transport || transportUrl !== url) {
    transport = nodemailer.createTransport(url);
    transportUrl = url;
  }
  return transport;
}

type Claimed = {
  schoolId: number;
  id: number;
  to: string;
  subject: string;
  text: string;
  attempts: number;
  erasure: MailErasure;
};

/** What a delivered message keeps: a secret loses its body, a farewell its recipient too. */
function erasedOnceSent(erasure: MailErasure, now: Date) {
  if (erasure === "after_retention") return {};
  return {
    text: ERASED_BODY,
    erasedAt: now,
    ...(erasure === "farewell" ? { to: ERASED_RECIPIENT } : {}),
  };
}

/** MAIL_FROM's address (`Name <address>` or a bare address). */
function senderAddress(mailFrom: string): string {
  const match = /<([^>]+)>\s*$/.exec(mailFrom);
  return (match?.[1] ?? mailFrom).trim();
}

/** Every school's due messages, one school after the other; returns how many were delivered. */
export async function processOutbox(): Promise<number> {
  if (!env().SMTP_URL) return 0;
  let sent = 0;
  for (const school of await allSchools()) {
    try {
      sent += await processSchoolOutbox(school.id);
    } catch (error) {
      // One school's failure never stops the others' mail.
      log.error({ err: error, schoolId: school.id }, "a school's outbox run failed");
    }
  }
  return sent;
}

/**
 * Claims and sends one school's due messages; returns how many were delivered. The claim names
 * the school, so on a distributed database it is answered by that school's shard alone (issue 46):
 * one claim over several schools' rows would lock rows on every shard.
 */
export async function processSchoolOutbox(schoolId: number): Promise<number> {
  const { SMTP_URL, MAIL_FROM } = env();
  if (!SMTP_URL) return 0;
  const db = await schoolDb(schoolId);
  const claimed = await db.$queryRaw<Claimed[]>`
    UPDATE "EmailOutbox" SET "lockedUntil" = now() + interval '2 minutes', "attempts" = "attempts" + 1
    WHERE "schoolId" = ${schoolId} AND "id" IN (
      SELECT "id" FROM "EmailOutbox"
      WHERE "schoolId" = ${schoolId} AND "status" = 'pending' AND "nextAttemptAt" <= now()
        AND ("lockedUntil" IS NULL OR "lockedUntil" < now())
      ORDER BY "createdAt", "id" LIMIT ${BATCH} FOR UPDATE SKIP LOCKED)
    RETURNING "schoolId", "id", "to", "subject", "text", "attempts", "erasure"`;
  if (claimed.length === 0) return 0;
  // The default school keeps MAIL_FROM exactly as configured (its sender's name included); every
  // other school sends in its own name at MAIL_FROM's address.
  const name = schoolId === DEFAULT_SCHOOL_ID ? undefined : (await schoolEntry(schoolId))?.name;
  const from = name ? { name, address: senderAddress(MAIL_FROM) } : MAIL_FROM;
  let sent = 0;
  for (const message of claimed) {
    try {
      await getTransport(SMTP_URL).sendMail({
        from,
        to: message.to,
        subject: message.subject,
        text: message.text,
      });
      await db.emailOutbox.update({
        where: idKey(message.schoolId, message.id),
        data: {
          status: "sent",
          sentAt: new Date(),
          lockedUntil: null,
          lastError: null,
          ...erasedOnceSent(message.erasure, new Date()),
        },
      });
      sent++;
    } catch (error) {
      const failed = message.attempts >= MAX_ATTEMPTS;
      const backoffSeconds = Math.min(3600, 30 * 2 ** (message.attempts - 1));
      await db.emailOutbox.update({
        where: idKey(message.schoolId, message.id),
        data: {
          status: failed ? "failed" : "pending",
          lastError: error instanceof Error ? error.message.slice(0, 500) : String(error),
          nextAttemptAt: new Date(Date.now() + backoffSeconds * 1000),
          lockedUntil: null,
        },
      });
    }
  }
  return sent;
}
