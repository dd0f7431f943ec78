import "server-only";
import { unprocessable } from "@/lib/api/errors";
import { audit } from "@/lib/audit/audit";
import type { SessionUser } from "@/lib/auth/session";
import {
  CHANNEL_LABELS,
  MESSAGE_KINDS,
  type Channel,
  type NotificationsDto,
} from "@/lib/contracts/notifications";
import { channelNotOffered, PHONE_NOT_VERIFIED } from "@/lib/contracts/phone-verification";
import type { SchoolContext } from "@/lib/contracts/schools";
import { schoolDb, type Tx } from "@/lib/db";
import type { Prisma } from "@/lib/generated/prisma/client";
import { chosenChannels, shownChannels, toStoredChoice } from "@/lib/messaging/choices";
import { offeredChannels } from "@/lib/messaging/config";
import { recipientColumns } from "@/lib/messaging/notify";
import { idKey } from "@/lib/schools/keys";
import type { NotificationsValues } from "@/lib/validations/phone";

// The parent's own choice of channels per kind of message (issue 48, decisions 0108 and 0110):
// GET and PUT /api/account/notifications, for parents and teachers alike. A save records the
// first consent to SMS and to WhatsApp, turns SMS back on after a STOP when SMS is chosen again,
// and keeps the older switches in step: reminders on any channel <=> `orderReminders`, counter
// purchases on any channel <=> `counterReceipts`.

export const notificationColumns = {
  ...recipientColumns,
  smsConsentAt: true,
  whatsappConsentAt: true,
} as const satisfies Prisma.UserSelect;

type NotificationRow = Prisma.UserGetPayload<{ select: typeof notificationColumns }>;

export function toNotificationsDto(row: NotificationRow, offered: Channel[]): NotificationsDto {
  return {
    channels: shownChannels(row, offered),
    phone: row.phone,
    phoneVerified: row.phone !== null && row.phoneVerifiedAt !== null,
    offered,
    smsOptedOut: row.smsOptedOutAt !== null,
  };
}

/** The account's columns the screens and the audit read, by its own id at its own school. */
export async function readNotificationRow(
  db: Pick<Tx, "user">,
  schoolId: number,
  userId: number,
): Promise<NotificationRow> {
  return db.user.findUniqueOrThrow({
    where: idKey(schoolId, userId),
    select: notificationColumns,
  });
}

/** GET /api/account/notifications. */
export async function getNotifications(
  school: SchoolContext,
  actor: SessionUser,
): Promise<NotificationsDto> {
  const db = await schoolDb(school.id);
  const [row, offered] = await Promise.all([
    readNotificationRow(db, school.id, actor.id),
    offeredChannels(school),
  ]);
  return toNotificationsDto(row, offered);
}

const iso = (date: Date | null) => (date ? date.toISOString() : null);

/** What the audit keeps of a choice: the channels per kind and the consent times. */
function auditView(row: NotificationRow): Prisma.InputJsonObject {
  return {
    channels: chosenChannels(row),
    smsConsentAt: iso(row.smsConsentAt),
    whatsappConsentAt: iso(row.whatsappConsentAt),
    smsOptedOutAt: iso(row.smsOptedOutAt),
  };
}

/** PUT /api/account/notifications: refused (422) with a channel the account cannot choose. */
export async function saveNotifications(
  school: SchoolContext,
  actor: SessionUser,
  input: NotificationsValues,
): Promise<NotificationsDto> {
  const offered = await offeredChannels(school);
  for (const kind of MESSAGE_KINDS) {
    const refused = input.channels[kind].find((channel) => !offered.includes(channel));
    if (refused) {
      const message = channelNotOffered(CHANNEL_LABELS[refused]);
      throw unprocessable(message, { details: { [`channels.${kind}`]: [message] } });
    }
  }
  const chosen = (channel: Channel) =>
    MESSAGE_KINDS.some((kind) => input.channels[kind].includes(channel));
  const schoolId = school.id;
  const db = await schoolDb(schoolId);
  const row = await db.$transaction(async (tx) => {
    // Locked: a phone confirmed or a STOP received meanwhile is seen before the choice is kept.
    await tx.$queryRaw`
      SELECT "id" FROM "User" WHERE "schoolId" = ${schoolId} AND "id" = ${actor.id} FOR UPDATE`;
    const before = await readNotificationRow(tx, schoolId, actor.id);
    const verified = before.phone !== null && before.phoneVerifiedAt !== null;
    const needsPhone = MESSAGE_KINDS.find((kind) =>
      input.channels[kind].some((channel) => channel !== "email"),
    );
    if (needsPhone && !verified) {
      throw unprocessable(PHONE_NOT_VERIFIED, {
        details: { [`channels.${needsPhone}`]: [PHONE_NOT_VERIFIED] },
      });
    }
    const now = new Date();
    const after = await tx.user.update({
      where: idKey(schoolId, actor.id),
      data: {
        notificationChannels: toStoredChoice(input.channels, before.phoneVerifiedAt !== null),
        orderReminders: input.channels.reminders.length > 0,
        counterReceipts: input.channels.counter.length > 0,
        // Consent is the first time the channel was chosen; a later choice keeps that time.
        ...(chosen("sms") && before.smsConsentAt === null ? { smsConsentAt: now } : {}),
        ...(chosen("whatsapp") && before.whatsappConsentAt === null
          ? { whatsappConsentAt: now }
          : {}),
        // SMS chosen again after a STOP: the parent asked for texts once more.
        ...(chosen("sms") ? { smsOptedOutAt: null } : {}),
      },
      select: notificationColumns,
    });
    await audit(school, tx, actor, {
      action: "account.notifications",
      entity: "User",
      entityId: actor.id,
      before: auditView(before),
      after: auditView(after),
    });
    return after;
  });
  return toNotificationsDto(row, offered);
}
