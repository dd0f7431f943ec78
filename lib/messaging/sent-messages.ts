import "server-only";
import {
  SENT_MESSAGES_PAGE_SIZE,
  type HiddenText,
  type OutboxState,
  type SentMessageDto,
  type SentMessagesPageDto,
} from "@/lib/contracts/outbox";
import { pageMetadata } from "@/lib/contracts/paging";
import type { SchoolContext } from "@/lib/contracts/schools";
import { schoolDb } from "@/lib/db";
import type { MailErasure, OutboxStatus, Prisma } from "@/lib/generated/prisma/client";
import type { OutboxQuery } from "@/lib/validations/outbox";

// The Messages section's sent messages (issue 48, decision 0112): every outbox row of the school,
// whatever its channel, newest first, with its state and the reason of a failure. A message that
// carried a secret (a phone code, a temporary password, a sign-in link) never shows its text, not
// even while it waits to be sent; an erased one says so.

const STATUS_OF: Record<OutboxState, OutboxStatus> = {
  queued: "pending",
  sent: "sent",
  delivered: "delivered",
  failed: "failed",
};
const STATE_OF: Record<OutboxStatus, OutboxState> = {
  pending: "queued",
  sent: "sent",
  delivered: "delivered",
  failed: "failed",
};

const rowSelect = {
  id: true,
  createdAt: true,
  channel: true,
  kind: true,
  to: true,
  userId: true,
  subject: true,
  text: true,
  erasure: true,
  erasedAt: true,
  status: true,
  attempts: true,
  lastError: true,
  nextAttemptAt: true,
  sentAt: true,
  deliveredAt: true,
  announcementId: true,
} as const satisfies Prisma.EmailOutboxSelect;

type Row = Prisma.EmailOutboxGetPayload<{ select: typeof rowSelect }>;

function hiddenOf(erasure: MailErasure, erasedAt: Date | null): HiddenText | null {
  if (erasure === "secret") return "secret";
  return erasedAt ? "erased" : null;
}

function toSentMessage(row: Row, account: SentMessageDto["account"]): SentMessageDto {
  const hidden = hiddenOf(row.erasure, row.erasedAt);
  const state = STATE_OF[row.status];
  return {
    id: row.id,
    createdAt: row.createdAt.toISOString(),
    channel: row.channel,
    kind: row.kind,
    to: row.to,
    account,
    subject: row.subject,
    text: hidden ? null : row.text,
    hidden,
    state,
    attempts: row.attempts,
    reason: row.lastError,
    nextAttemptAt: state === "queued" ? row.nextAttemptAt.toISOString() : null,
    sentAt: row.sentAt?.toISOString() ?? null,
    deliveredAt: row.deliveredAt?.toISOString() ?? null,
    announcementId: row.announcementId,
  };
}

/** One page of the school's messages, newest first, by channel and state. */
export async function listSentMessages(
  school: SchoolContext,
  query: OutboxQuery,
): Promise<SentMessagesPageDto> {
  const db = await schoolDb(school.id);
  const where: Prisma.EmailOutboxWhereInput = {
    schoolId: school.id,
    ...(query.channel === "all" ? {} : { channel: query.channel }),
    ...(query.state === "all" ? {} : { status: STATUS_OF[query.state] }),
  };
  const [total, rows] = await Promise.all([
    db.emailOutbox.count({ where }),
    db.emailOutbox.findMany({
      where,
      select: rowSelect,
      orderBy: [{ createdAt: "desc" }, { id: "desc" }],
      skip: (query.page - 1) * SENT_MESSAGES_PAGE_SIZE,
      take: SENT_MESSAGES_PAGE_SIZE,
    }),
  ]);
  const userIds = [...new Set(rows.flatMap((row) => (row.userId === null ? [] : [row.userId])))];
  const accounts =
    userIds.length === 0
      ? []
      : await db.user.findMany({
          where: { schoolId: school.id, id: { in: userIds } },
          select: { id: true, username: true, name: true },
        });
  const byId = new Map(accounts.map((account) => [account.id, account]));
  return {
    data: rows.map((row) =>
      toSentMessage(row, row.userId === null ? null : (byId.get(row.userId) ?? null)),
    ),
    metadata: pageMetadata(total, query.page, SENT_MESSAGES_PAGE_SIZE),
  };
}
