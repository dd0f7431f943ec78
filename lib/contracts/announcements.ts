// The school's announcements to families (issue 48, decision 0112): the office writes one, picks
// its audience, sees before sending how many accounts each channel reaches, and afterwards how
// each channel's messages fared. Pure: the route handlers' answers and the console read the same
// shapes and texts.
import type { Grade } from "@/lib/contracts";
import type { Channel } from "@/lib/contracts/notifications";
import type { PageMetadata } from "@/lib/contracts/paging";

export const AUDIENCE_KINDS = ["everyone", "grade", "orderedOn"] as const;
export type AudienceKind = (typeof AUDIENCE_KINDS)[number];

/** Who an announcement goes to; kept as it was chosen on the Announcement row. */
export type AnnouncementAudience =
  { kind: "everyone" } | { kind: "grade"; grade: Grade } | { kind: "orderedOn"; date: string };

export const AUDIENCE_KIND_LABELS: Record<AudienceKind, string> = {
  everyone: "Every family",
  grade: "The families of a grade",
  orderedOn: "The families who ordered for a day",
};

export const ANNOUNCEMENT_TITLE_MAX = 80;
export const ANNOUNCEMENT_BODY_MAX = 2000;
/** The office's own SMS wording, before the school's name is put in front of it. */
export const ANNOUNCEMENT_SMS_TEXT_MAX = 160;
/** The school's name as an SMS carries it: at most this many characters. */
export const SMS_SCHOOL_NAME_MAX = 30;

/**
 * The approved WhatsApp template (Meta's Business Manager, language "en"), body only:
 * "Message from {{1}}: *{{2}}*\n\n{{3}}" with the school's name, the title and the message.
 */
export const WHATSAPP_ANNOUNCEMENT_TEMPLATE = "school_announcement";

export const ANNOUNCEMENTS_PAGE_SIZE = 20;
export const ANNOUNCEMENT_FAILURES_PAGE_SIZE = 20;

export const AUDIENCE_EMPTY = "Nobody is in this audience: no announcement was sent.";
export const ANNOUNCEMENT_NOT_FOUND = "Announcement not found";

/** GET /api/announcements/preview: whom the audience holds and what each channel reaches. */
export type AnnouncementPreviewDto = {
  audience: AnnouncementAudience;
  /** The family accounts (parents and teachers) in the audience. */
  recipients: number;
  /** How many accounts each channel reaches; WhatsApp replaces SMS for whoever chose both. */
  reach: Record<Channel, number>;
  /** Accounts that no channel reaches (no e-mail address and no verified phone, or every channel turned off). */
  unreached: number;
  /** The channels this school offers now (e-mail always). */
  offered: Channel[];
};

export type DeliveryCounts = { queued: number; sent: number; delivered: number; failed: number };

/** One announcement in the office's list, with its messages' states per channel. */
export type AnnouncementDto = {
  id: number;
  title: string;
  body: string;
  audience: AnnouncementAudience;
  createdAt: string;
  /** The admin who sent it, while the account exists. */
  createdBy: string | null;
  /** Accounts that were sent at least one message. */
  reached: number;
  counts: Record<Channel, DeliveryCounts>;
};

export type AnnouncementsPageDto = { data: AnnouncementDto[]; metadata: PageMetadata };

/** A message of the announcement that failed, with the provider's (or mail server's) reason. */
export type AnnouncementFailureDto = {
  id: number;
  channel: Channel;
  to: string;
  account: { id: number; username: string; name: string } | null;
  reason: string | null;
  attempts: number;
  /** A WhatsApp message that failed "not on WhatsApp" and went again as an SMS. */
  fellBackToSms: boolean;
};

/** GET /api/announcements/{id}?page=: the announcement, its SMS wording and its failures. */
export type AnnouncementDetailDto = AnnouncementDto & {
  /** What the SMS (and WhatsApp's fallback) carried, while the outbox keeps it. */
  sms: string | null;
  failures: { data: AnnouncementFailureDto[]; metadata: PageMetadata };
};

/** POST /api/announcements (201): the announcement as sent, and what each channel was given. */
export type AnnouncementSentDto = {
  announcement: AnnouncementDto;
  recipients: number;
  reach: Record<Channel, number>;
  unreached: number;
};
