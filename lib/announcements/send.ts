import "server-only";
import { unprocessable } from "@/lib/api/errors";
import { audit } from "@/lib/audit/audit";
import type { SessionUser } from "@/lib/auth/session";
import {
  AUDIENCE_EMPTY,
  WHATSAPP_ANNOUNCEMENT_TEMPLATE,
  type AnnouncementAudience,
  type AnnouncementPreviewDto,
  type AnnouncementSentDto,
} from "@/lib/contracts/announcements";
import type { SchoolContext } from "@/lib/contracts/schools";
import { schoolDb } from "@/lib/db";
import type { Prisma } from "@/lib/generated/prisma/client";
import type { Email } from "@/lib/mail/outbox";
import { kickOutbox } from "@/lib/messaging/outbox";
import { offeredChannels } from "@/lib/messaging/config";
import { notify } from "@/lib/messaging/notify";
import { audienceMembers, reachOf, type AudienceMember } from "@/lib/announcements/audience";
import { announcementCounts, toAnnouncementDto } from "@/lib/announcements/reports";
import {
  announcementSms,
  announcementWhatsAppParams,
  smsRefusal,
  type AnnouncementText,
} from "@/lib/announcements/wording";
import type { AnnouncementInput } from "@/lib/validations/announcements";

// The office's announcement (issue 48, decision 0112): the preview of whom each channel reaches,
// and the sending: the Announcement row, one notify() per account of the audience (kind
// "announcements", not immediate: SMS and WhatsApp wait out quiet hours) and the audit entry in
// one transaction, then the outbox is woken. A refused announcement writes nothing.

/** Whom the audience holds now and how many of them each channel reaches. */
export async function previewAnnouncement(
  school: SchoolContext,
  audience: AnnouncementAudience,
): Promise<AnnouncementPreviewDto> {
  const db = await schoolDb(school.id);
  const [members, offered] = await Promise.all([
    audienceMembers(db, school, audience),
    offeredChannels(school),
  ]);
  return { audience, ...reachOf(members, offered), offered };
}

/** The e-mail of the announcement to one account. */
function announcementEmail(
  school: Pick<SchoolContext, "name">,
  account: Pick<AudienceMember, "name"> & { email: string },
  input: AnnouncementText,
): Omit<Email, "userId"> {
  return {
    to: account.email,
    subject: `${school.name}: ${input.title}`,
    text:
      `Hello ${account.name},\n\n${input.body}\n\n${school.name}\n\n` +
      "You choose how the school's announcements reach you (e-mail, SMS or WhatsApp) in " +
      "Profile Settings.\n",
  };
}

/** Sends the announcement to its audience; 422 (nothing written) for an SMS that cannot be one. */
export async function sendAnnouncement(
  school: SchoolContext,
  actor: SessionUser,
  input: AnnouncementInput,
): Promise<AnnouncementSentDto> {
  const offered = await offeredChannels(school);
  const sms = announcementSms(school.name, input);
  // WhatsApp carries the SMS wording too: its fallback when the number is not on WhatsApp.
  const phones = offered.some((channel) => channel !== "email");
  const refusal = phones ? smsRefusal(sms) : null;
  if (refusal) throw unprocessable(refusal, { details: { sms: [refusal] } });

  const whatsapp = {
    name: WHATSAPP_ANNOUNCEMENT_TEMPLATE,
    params: announcementWhatsAppParams(school.name, input),
  };
  const db = await schoolDb(school.id);
  const now = new Date();
  const sent = await db.$transaction(
    async (tx) => {
      const members = await audienceMembers(tx, school, input.audience);
      if (members.length === 0) {
        throw unprocessable(AUDIENCE_EMPTY, { details: { audience: [AUDIENCE_EMPTY] } });
      }
      const row = await tx.announcement.create({
        data: {
          title: input.title,
          body: input.body,
          audience: input.audience as Prisma.InputJsonObject,
          createdById: actor.id,
        },
        select: { id: true, createdAt: true },
      });
      for (const member of members) {
        const { email } = member;
        await notify(
          tx,
          school,
          {
            userId: member.id,
            kind: "announcements",
            ...(email ? { email: announcementEmail(school, { ...member, email }, input) } : {}),
            ...(sms.fits ? { sms: sms.text, whatsapp } : {}),
            announcementId: row.id,
          },
          { prefs: member, offered, now },
        );
      }
      const reach = reachOf(members, offered);
      await audit(school, tx, actor, {
        action: "announcement.send",
        entity: "Announcement",
        entityId: row.id,
        after: { title: input.title, audience: input.audience, sms: phones ? sms.text : null },
        details: { recipients: reach.recipients, unreached: reach.unreached, reach: reach.reach },
      });
      const counts = await announcementCounts(tx, school, [row.id]);
      return {
        reach,
        announcement: toAnnouncementDto(
          {
            id: row.id,
            title: input.title,
            body: input.body,
            audience: input.audience,
            createdAt: row.createdAt,
            createdBy: { username: actor.username },
          },
          counts.get(row.id),
        ),
      };
    },
    // A whole school's families in one transaction: a few thousand rows on a slow disk.
    { timeout: 60_000 },
  );
  kickOutbox(school.id);
  return { announcement: sent.announcement, ...sent.reach };
}
