import "server-only";
import type { Prisma } from "@/lib/generated/prisma/client";
import { MESSAGE_KIND_LABELS, type Channel, type MessageKind } from "@/lib/contracts/notifications";
import type { SchoolContext } from "@/lib/contracts/schools";
import type { Tx } from "@/lib/db";
import { noteQueued, type Email } from "@/lib/mail/outbox";
import { offeredChannels } from "@/lib/messaging/config";
import { fitsOneSms } from "@/lib/messaging/gsm7";
import {
  insertOutboxRows,
  type OutboxRow,
  type WhatsAppTemplate,
} from "@/lib/messaging/outbox-insert";
import { deliveryChannels, type RecipientPrefs } from "@/lib/messaging/preferences";
import { sendableAt } from "@/lib/messaging/quiet-hours";
import { log } from "@/lib/observability/log";

// One message to one account on the channels its owner chose (issue 48, decision 0108). Every
// channel's message is an outbox row written in the caller's transaction, so it is sent if and
// only if the change it reports commits, and sent later by the outbox (lib/mail/outbox.ts). SMS
// and WhatsApp outside a confirmation of what the parent just did wait for the end of quiet hours.

export type { WhatsAppTemplate } from "@/lib/messaging/outbox-insert";

export type Notice = {
  userId: number;
  kind: MessageKind;
  /** Confirms something the parent just did (a payment): sent during quiet hours too. */
  immediate?: boolean;
  /** The e-mail (its `to` as the caller chose it); without it the kind sends no e-mail. */
  email?: Omit<Email, "userId">;
  /** One GSM-7 SMS of at most 160 characters (lib/messaging/templates). */
  sms?: string;
  /** The approved WhatsApp template and its body parameters. */
  whatsapp?: WhatsAppTemplate;
  announcementId?: number;
};

export const recipientColumns = {
  email: true,
  phone: true,
  phoneVerifiedAt: true,
  smsOptedOutAt: true,
  notificationChannels: true,
  orderReminders: true,
  counterReceipts: true,
  deletedAt: true,
} as const satisfies Prisma.UserSelect;

type NotifySchool = Pick<SchoolContext, "id" | "timeZone">;

/**
 * Queues the notice on the account's channels in `tx` and returns them. `prefs` saves the read
 * when the caller already has the account's columns (`recipientColumns`); `offered` when it
 * notifies many accounts at once (without it, it is read through `tx`).
 */
export async function notify(
  tx: Tx,
  school: NotifySchool,
  notice: Notice,
  options: { prefs?: RecipientPrefs; offered?: Channel[]; now?: Date } = {},
): Promise<Channel[]> {
  const prefs =
    options.prefs ??
    (await tx.user.findUnique({
      where: { schoolId_id: { schoolId: school.id, id: notice.userId } },
      select: recipientColumns,
    }));
  if (!prefs) return [];
  const offered = options.offered ?? (await offeredChannels(school, tx));
  const { channels, rows } = noticeRows(school, notice, prefs, offered, options.now);
  // One statement whatever the number of channels (a confirmation to e-mail and SMS was two).
  await insertOutboxRows(tx, school.id, rows);
  return channels;
}

/**
 * The outbox rows of one notice (one per channel), for `notify` and for a caller that writes many
 * notices' rows in one statement (a sweep). An e-mail row is noted as queued.
 */
export function noticeRows(
  school: NotifySchool,
  notice: Notice,
  prefs: RecipientPrefs,
  offered: readonly Channel[],
  now: Date = new Date(),
): { channels: Channel[]; rows: OutboxRow[] } {
  const channels = deliveryChannels(prefs, notice.kind, offered).filter((channel) =>
    channel === "email" ? notice.email !== undefined : notice.sms !== undefined,
  );
  const phoneAt = notice.immediate ? now : sendableAt(school.timeZone, now);
  const common = {
    userId: notice.userId,
    kind: notice.kind,
    ...(notice.announcementId === undefined ? {} : { announcementId: notice.announcementId }),
  };
  const rows: OutboxRow[] = [];
  for (const channel of channels) {
    if (channel === "email") {
      const email = notice.email!;
      rows.push({ ...email, ...common, schoolId: school.id });
      noteQueued(email);
      continue;
    }
    if (channel === "whatsapp" && !notice.whatsapp) {
      log.error({ kind: notice.kind }, "a notice for WhatsApp has no template");
      continue;
    }
    const text = notice.sms!;
    if (!fitsOneSms(text)) {
      // A template that does not fit is a bug in the template, never a split message.
      log.error({ kind: notice.kind, length: text.length }, "an SMS does not fit one message");
      continue;
    }
    rows.push({
      ...common,
      schoolId: school.id,
      channel,
      to: prefs.phone!,
      subject: MESSAGE_KIND_LABELS[notice.kind],
      text,
      nextAttemptAt: phoneAt,
      ...(channel === "whatsapp" && notice.whatsapp ? { template: notice.whatsapp } : {}),
    });
  }
  return { channels, rows };
}
