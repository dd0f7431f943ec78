import "server-only";
import { notFound } from "@/lib/api/errors";
import { audit } from "@/lib/audit/audit";
import type { SessionUser } from "@/lib/auth/session";
import {
  MESSAGES_PAGE_SIZE,
  type ContactMessageDto,
  type ContactMessagesPageDto,
} from "@/lib/contracts/messages";
import { pageMetadata } from "@/lib/contracts/paging";
import type { SchoolContext } from "@/lib/contracts/schools";
import { schoolDb } from "@/lib/db";
import { idKey } from "@/lib/schools/keys";
import type { Prisma } from "@/lib/generated/prisma/client";

// The console's Messages inbox (issue 19): the kept Contact Us messages, newest first, and an
// admin marking one handled (or unread again).

export const MESSAGE_NOT_FOUND = "Message not found";

const messageSelect = {
  id: true,
  name: true,
  email: true,
  text: true,
  createdAt: true,
  handledAt: true,
  user: { select: { id: true, username: true, role: true } },
  handledBy: { select: { username: true } },
} as const satisfies Prisma.ContactMessageSelect;

type MessageRow = Prisma.ContactMessageGetPayload<{ select: typeof messageSelect }>;

function toMessageDto(row: MessageRow): ContactMessageDto {
  return {
    id: row.id,
    name: row.name,
    email: row.email,
    text: row.text,
    account: row.user,
    createdAt: row.createdAt.toISOString(),
    handledAt: row.handledAt?.toISOString() ?? null,
    handledBy: row.handledBy?.username ?? null,
  };
}

/** One page of messages, newest first, with the count of unhandled ones. */
export async function listContactMessages(
  school: SchoolContext,
  page: number,
): Promise<ContactMessagesPageDto> {
  const db = await schoolDb(school.id);
  const [total, unread, rows] = await Promise.all([
    db.contactMessage.count({ where: { schoolId: school.id } }),
    db.contactMessage.count({ where: { schoolId: school.id, handledAt: null } }),
    db.contactMessage.findMany({
      where: { schoolId: school.id },
      select: messageSelect,
      orderBy: [{ createdAt: "desc" }, { id: "desc" }],
      skip: (page - 1) * MESSAGES_PAGE_SIZE,
      take: MESSAGES_PAGE_SIZE,
    }),
  ]);
  return {
    data: rows.map(toMessageDto),
    metadata: pageMetadata(total, page, MESSAGES_PAGE_SIZE),
    unread,
  };
}

/** Marks a message handled by this admin, or unread again; audited. */
export async function setContactMessageHandled(
  school: SchoolContext,
  actor: SessionUser,
  id: number,
  handled: boolean,
): Promise<ContactMessageDto> {
  const db = await schoolDb(school.id);
  return db.$transaction(async (tx) => {
    const before = await tx.contactMessage.findUnique({
      where: idKey(school.id, id),
      select: { handledAt: true },
    });
    if (!before) throw notFound(MESSAGE_NOT_FOUND);
    const row = await tx.contactMessage.update({
      where: idKey(school.id, id),
      data: handled
        ? { handledAt: before.handledAt ?? new Date(), handledById: actor.id }
        : { handledAt: null, handledById: null },
      select: messageSelect,
    });
    await audit(school, tx, actor, {
      action: "contact-message.handled",
      entity: "ContactMessage",
      entityId: id,
      before: { handled: before.handledAt !== null },
      after: { handled },
    });
    return toMessageDto(row);
  });
}
