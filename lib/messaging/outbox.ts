import "server-only";
import type { Channel } from "@/lib/contracts/notifications";
import { schoolDb } from "@/lib/db";
import { env } from "@/lib/env";
import { mailFromFor, sendMail, type MailFrom } from "@/lib/mail/outbox";
import { sendSms } from "@/lib/messaging/africastalking";
import { queueSmsFallback } from "@/lib/messaging/fallback";
import { getMessagingSettings, smsConfigured, whatsappConfigured } from "@/lib/messaging/config";
import { recordOutcome, releaseClaims, type ClaimedRow } from "@/lib/messaging/outbox-rows";
import type { SendOutcome } from "@/lib/messaging/send-outcome";
import { sendWhatsApp, templateSchema } from "@/lib/messaging/whatsapp";
import { NO_WHATSAPP_TEMPLATE } from "@/lib/contracts/message-delivery";
import { log } from "@/lib/observability/log";
import { allSchools } from "@/lib/schools/resolve-school";

// The outbox of every channel (decision 0011, issue 45, issue 48): a message is written in the
// transaction of the change it reports and sent afterwards. A run claims one school's due rows with
// FOR UPDATE SKIP LOCKED plus a lease, so two instances never hold the same row, and sends each on
// its channel: e-mail through SMTP_URL, SMS through Africa's Talking, WhatsApp through Meta's Cloud
// API. Only the channels that can be sent now are claimed: without SMTP_URL the mail waits (and is
// in the server log), while SMS and WhatsApp go out as soon as their provider is configured.
// A phone row keeps its provider's id from the moment it is known and is never sent again
// (decision 0109: what that does and does not guarantee).

const BATCH = 20;
/** Time a run of e-mail alone may hold its rows (as before issue 48). */
const MAIL_LEASE_SECONDS = 120;
/** Kept free at the end of a lease: a send is not started unless it can finish inside it. */
const LEASE_MARGIN_MS = 30_000;

/** The channels whose rows can be sent now: configured on this platform. */
export function sendableChannels(): Channel[] {
  const channels: Channel[] = [];
  if (env().SMTP_URL) channels.push("email");
  if (smsConfigured()) channels.push("sms");
  if (whatsappConfigured()) channels.push("whatsapp");
  return channels;
}

/**
 * How long a run holds its claimed rows. A phone row may take MESSAGING_TIMEOUT_MS to answer and
 * a run sends its batch one row after the other, so the lease covers the whole batch's time-outs:
 * no other instance may claim a row this run has yet to send, or is sending (decision 0109).
 */
export function leaseSeconds(channels: readonly Channel[]): number {
  const phone = channels.some((channel) => channel !== "email");
  const perRow = Math.ceil(env().MESSAGING_TIMEOUT_MS / 1000);
  return MAIL_LEASE_SECONDS + (phone ? BATCH * perRow : 0);
}

/** Sends the school's due messages without making the caller wait; failures stay for the sweep. */
export function kickOutbox(schoolId: number): void {
  if (sendableChannels().length === 0) return;
  processSchoolOutbox(schoolId).catch((error: unknown) =>
    log.error({ err: error, schoolId }, "outbox run failed"),
  );
}

/** Every school's due messages, one school after the other; returns how many were sent. */
export async function processOutbox(): Promise<number> {
  if (sendableChannels().length === 0) return 0;
  let sent = 0;
  for (const school of await allSchools()) {
    try {
      sent += await processSchoolOutbox(school.id);
    } catch (error) {
      // One school's failure never stops the others' messages.
      log.error({ err: error, schoolId: school.id }, "a school's outbox run failed");
    }
  }
  return sent;
}

/**
 * Claims and sends one school's due messages; returns how many were sent. The claim names the
 * school, so on a distributed database it is answered by that school's shard alone (issue 46).
 */
export async function processSchoolOutbox(schoolId: number): Promise<number> {
  const channels = sendableChannels();
  if (channels.length === 0) return 0;
  const lease = leaseSeconds(channels);
  const db = await schoolDb(schoolId);
  const deadline = Date.now() + lease * 1000 - LEASE_MARGIN_MS;
  const claimed = await db.$queryRaw<ClaimedRow[]>`
    UPDATE "EmailOutbox"
    SET "lockedUntil" = now() + ${lease} * interval '1 second', "attempts" = "attempts" + 1
    WHERE "schoolId" = ${schoolId} AND "id" IN (
      SELECT "id" FROM "EmailOutbox"
      WHERE "schoolId" = ${schoolId} AND "status" = 'pending' AND "nextAttemptAt" <= now()
        AND ("lockedUntil" IS NULL OR "lockedUntil" < now())
        AND "providerMessageId" IS NULL AND "channel"::text = ANY(${channels}::text[])
      ORDER BY "createdAt", "id" LIMIT ${BATCH} FOR UPDATE SKIP LOCKED)
    RETURNING "schoolId", "id", "channel", "to", "subject", "text", "template", "attempts",
      "erasure", "userId"`;
  if (claimed.length === 0) return 0;
  const senders = new Senders(schoolId);
  let sent = 0;
  let fallbacks = 0;
  for (const [index, row] of claimed.entries()) {
    const timeout = row.channel === "email" ? 0 : env().MESSAGING_TIMEOUT_MS;
    if (Date.now() + timeout > deadline) {
      // The lease is nearly over: another instance may claim these rows soon. Left for it.
      await releaseClaims(db, schoolId, claimed.slice(index));
      log.warn({ schoolId, left: claimed.length - index }, "outbox lease nearly over");
      break;
    }
    const outcome = await senders.send(row);
    if (await recordOutcome(db, row, outcome)) sent++;
    if (outcome.kind === "notOnWhatsApp") {
      fallbacks += (await queueSmsFallback(schoolId, row.id, { answered: true })) ? 1 : 0;
    }
  }
  // A fallback SMS is due at once: sent now rather than at the next sweep.
  if (fallbacks > 0) kickOutbox(schoolId);
  return sent;
}

/** One run's senders: the school's mail sender and SMS sender ID, read once when first needed. */
class Senders {
  private mailFrom: Promise<MailFrom> | undefined;
  private senderId: Promise<string | null> | undefined;

  constructor(private readonly schoolId: number) {}

  async send(row: ClaimedRow): Promise<SendOutcome> {
    switch (row.channel) {
      case "email":
        return this.email(row);
      case "sms":
        this.senderId ??= getMessagingSettings({ id: this.schoolId }).then((s) => s.senderId);
        return sendSms({ to: row.to, message: row.text, from: await this.senderId });
      case "whatsapp": {
        const template = templateSchema.safeParse(row.template);
        if (!template.success) return { kind: "failed", reason: NO_WHATSAPP_TEMPLATE };
        return sendWhatsApp({ to: row.to, template: template.data });
      }
    }
  }

  private async email(row: ClaimedRow): Promise<SendOutcome> {
    try {
      this.mailFrom ??= mailFromFor(this.schoolId);
      await sendMail(await this.mailFrom, { to: row.to, subject: row.subject, text: row.text });
      return { kind: "sent", messageId: null };
    } catch (error) {
      // Every SMTP failure is retried with back-off, as before issue 48.
      const reason = error instanceof Error ? error.message.slice(0, 500) : String(error);
      return { kind: "retry", reason };
    }
  }
}
