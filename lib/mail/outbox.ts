import "server-only";
import { DEFAULT_SCHOOL_ID } from "@/lib/contracts/schools";
import nodemailer, { type Transporter } from "nodemailer";
import type { Tx } from "@/lib/db";
import { schoolEntry } from "@/lib/schools/resolve-school";
import { env } from "@/lib/env";
import type { MailErasure } from "@/lib/generated/prisma/client";
import { log } from "@/lib/observability/log";

// Mail is written to the outbox table in the same transaction as the change it reports, and sent
// afterwards by the outbox of every channel (lib/messaging/outbox.ts, issue 48), which claims rows
// with FOR UPDATE SKIP LOCKED plus a lease and retries a failed send with back-off. This file is
// the e-mail channel's part: queuing a mail and handing one to SMTP.
// Without SMTP_URL the messages stay in the outbox and are written to the server log.
// Many schools (issue 45): each row carries its school (written through the school's scoped client
// or transaction) and is sent in the school's own name at MAIL_FROM's address.

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

let transport: Transporter | undefined;
let transportUrl: string | undefined;

function getTransport(url: string): Transporter {
  if (!transport || transportUrl !== url) {
    transport = nodemailer.createTransport(url);
    transportUrl = url;
  }
  return transport;
}

/** MAIL_FROM's address (`Name <address>` or a bare address). */
function senderAddress(mailFrom: string): string {
  const match = /<([^>]+)>\s*$/.exec(mailFrom);
  return (match?.[1] ?? mailFrom).trim();
}

export type MailFrom = string | { name: string; address: string };

/**
 * Who a school's mail is from: the default school keeps MAIL_FROM exactly as configured (its
 * sender's name included); every other school sends in its own name at MAIL_FROM's address.
 */
export async function mailFromFor(schoolId: number): Promise<MailFrom> {
  const { MAIL_FROM } = env();
  const name = schoolId === DEFAULT_SCHOOL_ID ? undefined : (await schoolEntry(schoolId))?.name;
  return name ? { name, address: senderAddress(MAIL_FROM) } : MAIL_FROM;
}

/** Hands one message to SMTP_URL's server; throws when it is not accepted. */
export async function sendMail(
  from: MailFrom,
  message: { to: string; subject: string; text: string },
): Promise<void> {
  const { SMTP_URL } = env();
  if (!SMTP_URL) throw new Error("SMTP_URL is not set");
  await getTransport(SMTP_URL).sendMail({ from, ...message });
}
