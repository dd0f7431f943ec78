import "server-only";
import { MESSAGE_KINDS, type MessageKind } from "@/lib/contracts/notifications";
import { schoolDb } from "@/lib/db";
import { offeredChannels } from "@/lib/messaging/config";
import { fitsOneSms } from "@/lib/messaging/gsm7";
import { recipientColumns } from "@/lib/messaging/notify";
import { deliveryChannels } from "@/lib/messaging/preferences";
import { inQuietHours, sendableAt } from "@/lib/messaging/quiet-hours";
import { log } from "@/lib/observability/log";
import { idKey } from "@/lib/schools/keys";
import { schoolById } from "@/lib/schools/resolve-school";

// WhatsApp answered "not on WhatsApp" (131026), when it was sent or later in a status report
// (issue 48, decisions 0108 and 0109): the SMS wording the WhatsApp row carries is queued once as
// an SMS row that names it (`fallbackOf`). Only while the account may get that SMS now: SMS
// configured and offered by the school, the parent chose SMS for this kind of message as well
// (WhatsApp replaced it), the phone still verified and not stopped. Never a second fallback: the
// WhatsApp row is locked while the SMS row is looked for and written, and the unique key on
// (schoolId, fallbackOf) is the last guard.

type WhatsAppRow = {
  id: number;
  channel: string;
  status: string;
  userId: number | null;
  kind: string | null;
  subject: string;
  text: string;
  erasedAt: Date | null;
  sentAt: Date | null;
  announcementId: number | null;
};

/**
 * Queues the SMS fallback of one WhatsApp row; true when it was queued by this call. `answered`:
 * WhatsApp said so as the row was being sent (it was due now, so is its SMS); otherwise a status
 * report said so later.
 */
export async function queueSmsFallback(
  schoolId: number,
  whatsappRowId: number,
  options: { answered?: boolean; now?: Date } = {},
): Promise<boolean> {
  const now = options.now ?? new Date();
  const school = await schoolById(schoolId);
  if (!school) return false;
  const offered = await offeredChannels(school);
  if (!offered.includes("sms")) return false;
  const db = await schoolDb(schoolId);
  const queued = await db.$transaction(async (tx) => {
    const [row] = await tx.$queryRaw<WhatsAppRow[]>`
      SELECT "id", "channel"::text AS "channel", "status"::text AS "status", "userId", "kind", "subject", "text", "erasedAt",
        "sentAt", "announcementId"
      FROM "EmailOutbox" WHERE "schoolId" = ${schoolId} AND "id" = ${whatsappRowId} FOR UPDATE`;
    if (!row || row.channel !== "whatsapp" || row.status !== "failed") return false;
    if (row.userId === null || row.erasedAt) return false;
    const existing = await tx.emailOutbox.findFirst({
      where: { schoolId, fallbackOf: row.id },
      select: { id: true },
    });
    if (existing) return false;
    const prefs = await tx.user.findUnique({
      where: idKey(schoolId, row.userId),
      select: recipientColumns,
    });
    if (!prefs?.phone) return false;
    // The kind's channels as if WhatsApp were not offered: SMS stays only where it was chosen.
    const kind = MESSAGE_KINDS.includes(row.kind as MessageKind) ? (row.kind as MessageKind) : null;
    const smsOffered = offered.filter((channel) => channel !== "whatsapp");
    const mayText = kind
      ? deliveryChannels(prefs, kind, smsOffered).includes("sms")
      : !prefs.deletedAt && prefs.phoneVerifiedAt !== null && prefs.smsOptedOutAt === null;
    if (!mayText || !fitsOneSms(row.text)) return false;
    // A WhatsApp message sent in quiet hours confirmed what the parent just did: its SMS may go
    // now too. Any other reported late waits for the morning, as it would have.
    const dueNow =
      options.answered === true ||
      (row.sentAt !== null && inQuietHours(school.timeZone, row.sentAt));
    await tx.emailOutbox.create({
      data: {
        schoolId,
        channel: "sms",
        to: prefs.phone,
        subject: row.subject,
        text: row.text,
        userId: row.userId,
        kind: row.kind,
        fallbackOf: row.id,
        nextAttemptAt: dueNow ? now : sendableAt(school.timeZone, now),
        ...(row.announcementId === null ? {} : { announcementId: row.announcementId }),
      },
    });
    return true;
  });
  if (queued) log.info({ schoolId, whatsappRowId }, "not on WhatsApp: the SMS fallback is queued");
  return queued;
}
