// The office's view of what the portal sent (issue 48, decision 0112): every outbox row, whatever
// its channel, with its state and the reason of a failure. Pure: shared by the route handler and
// the Messages section.
import type { Channel } from "@/lib/contracts/notifications";
import type { PageMetadata } from "@/lib/contracts/paging";

/** The states the office reads; the outbox's `pending` is "queued". */
export const OUTBOX_STATES = ["queued", "sent", "delivered", "failed"] as const;
export type OutboxState = (typeof OUTBOX_STATES)[number];

export const OUTBOX_STATE_LABELS: Record<OutboxState, string> = {
  queued: "Queued",
  sent: "Sent",
  delivered: "Delivered",
  failed: "Failed",
};

export const SENT_MESSAGES_PAGE_SIZE = 20;

/** Why a message's text is not shown: it carried a secret, or retention erased it. */
export type HiddenText = "secret" | "erased";

export const HIDDEN_TEXT_LABELS: Record<HiddenText, string> = {
  secret: "Hidden: it carries a code, a password or a sign-in link",
  erased: "Erased after the retention period",
};

/** One message as the office sees it (GET /api/outbox). */
export type SentMessageDto = {
  id: number;
  createdAt: string;
  channel: Channel;
  /** The kind of message (MESSAGE_KINDS), null for account mail (sign-up, resets). */
  kind: string | null;
  /** An address or a number in international form ("erased" once a farewell was sent). */
  to: string;
  account: { id: number; username: string; name: string } | null;
  subject: string;
  /** Null when hidden (`hidden` says why). */
  text: string | null;
  hidden: HiddenText | null;
  state: OutboxState;
  attempts: number;
  /** The last failure's reason: why it failed, or why a queued message is being retried. */
  reason: string | null;
  /** When a queued message goes (after quiet hours, or its next retry). */
  nextAttemptAt: string | null;
  sentAt: string | null;
  deliveredAt: string | null;
  announcementId: number | null;
};

export type SentMessagesPageDto = { data: SentMessageDto[]; metadata: PageMetadata };
