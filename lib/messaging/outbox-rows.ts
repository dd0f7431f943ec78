import "server-only";
import { NOT_ON_WHATSAPP } from "@/lib/contracts/message-delivery";
import { ERASED_BODY, ERASED_RECIPIENT } from "@/lib/contracts/privacy";
import type { Db } from "@/lib/db";
import { Prisma, type MailErasure, type MessageChannel } from "@/lib/generated/prisma/client";
import type { SendOutcome } from "@/lib/messaging/send-outcome";
import { log } from "@/lib/observability/log";
import { idKey } from "@/lib/schools/keys";

// What the outbox writes back on a claimed row once its provider answered (decision 0109): sent
// with the provider's id (and a secret's body erased), pending again after a back-off, or failed
// with the provider's reason. Every write names the row by its (schoolId, id) key.

export const MAX_ATTEMPTS = 8;

/** A row as the claim returns it. */
export type ClaimedRow = {
  schoolId: number;
  id: number;
  channel: MessageChannel;
  to: string;
  subject: string;
  text: string;
  template: unknown;
  attempts: number;
  erasure: MailErasure;
  userId: number | null;
};

/** What a sent message keeps: a secret loses its body, a farewell its recipient too. */
export function erasedOnceSent(erasure: MailErasure, now: Date) {
  if (erasure === "after_retention") return {};
  return {
    text: ERASED_BODY,
    template: Prisma.DbNull,
    erasedAt: now,
    ...(erasure === "farewell" ? { to: ERASED_RECIPIENT } : {}),
  };
}

/** The wait before the next try: 30 s, doubling, at most an hour. */
export function backoffSeconds(attempts: number): number {
  return Math.min(3600, 30 * 2 ** (attempts - 1));
}

/** Writes the outcome on the row; true when the message went out. */
export async function recordOutcome(
  db: Db,
  row: ClaimedRow,
  outcome: SendOutcome,
): Promise<boolean> {
  const where = idKey(row.schoolId, row.id);
  const now = new Date();
  switch (outcome.kind) {
    case "sent":
      await keepSent(db, row, {
        status: "sent",
        sentAt: now,
        lockedUntil: null,
        lastError: null,
        ...(outcome.messageId === null ? {} : { providerMessageId: outcome.messageId }),
        ...erasedOnceSent(row.erasure, now),
      });
      return true;
    case "retry": {
      const failed = row.attempts >= MAX_ATTEMPTS;
      await db.emailOutbox.update({
        where,
        data: {
          status: failed ? "failed" : "pending",
          lastError: outcome.reason,
          nextAttemptAt: new Date(now.getTime() + backoffSeconds(row.attempts) * 1000),
          lockedUntil: null,
        },
      });
      return false;
    }
    case "failed":
    case "notOnWhatsApp":
      await db.emailOutbox.update({
        where,
        data: {
          status: "failed",
          lastError: outcome.kind === "failed" ? outcome.reason : NOT_ON_WHATSAPP,
          lockedUntil: null,
        },
      });
      return false;
  }
}

/**
 * The provider took the message: its id must reach the row, or a later run would send it again.
 * One more try after a short wait when the first write fails (the database blinked).
 */
async function keepSent(db: Db, row: ClaimedRow, data: Prisma.EmailOutboxUpdateInput) {
  const where = idKey(row.schoolId, row.id);
  try {
    await db.emailOutbox.update({ where, data });
  } catch (error) {
    log.error({ err: error, schoolId: row.schoolId, id: row.id }, "sent, but not yet recorded");
    await new Promise((resolve) => setTimeout(resolve, 500));
    await db.emailOutbox.update({ where, data });
  }
}

/** Gives back rows claimed but not tried: no attempt counted, free for the next run. */
export async function releaseClaims(db: Db, schoolId: number, rows: ClaimedRow[]): Promise<void> {
  await db.emailOutbox.updateMany({
    where: { schoolId, id: { in: rows.map((row) => row.id) }, status: "pending" },
    data: { lockedUntil: null, attempts: { decrement: 1 } },
  });
}
