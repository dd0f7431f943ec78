import "server-only";
import type { Tx } from "@/lib/db";
import type { Channel, MessageKind } from "@/lib/contracts/notifications";
import type { Email } from "@/lib/mail/outbox";

// The outbox rows of one school's notices in one statement. Prisma compiles a createMany afresh on
// every call (decision 0059): for the one row of a checkout's confirmation that cost about 0.65 ms
// of the server's CPU more than this statement (decision 0123). The columns the rows do not set
// keep their defaults (status pending, no attempts); the times are the server's clock, as
// Prisma's now() defaults were.

export type WhatsAppTemplate = { name: string; params: string[] };

/** What an outbox row of a notice sets: the columns `insertOutboxRows` writes. */
export type OutboxRow = Email & {
  schoolId: number;
  kind?: MessageKind;
  announcementId?: number;
  channel?: Channel;
  nextAttemptAt?: Date;
  template?: WhatsAppTemplate;
};

/**
 * Writes `rows` (all of school `schoolId`) in `tx`, in their order; a caller with no row sends
 * nothing.
 */
export async function insertOutboxRows(
  tx: Tx,
  schoolId: number,
  rows: readonly OutboxRow[],
): Promise<void> {
  if (rows.length === 0) return;
  if (rows.some((row) => row.schoolId !== schoolId)) {
    throw new Error("outbox rows of another school");
  }
  // Prisma's defaults of now() are the server's clock, as createMany gave them.
  const now = new Date();
  const lines = rows.map((row, n) => ({
    n,
    userId: row.userId ?? null,
    // A lone surrogate (a broken emoji typed into an announcement) would make the JSON invalid
    // for PostgreSQL; the driver used to send it as U+FFFD, and so does this.
    to: row.to.toWellFormed(),
    subject: row.subject.toWellFormed(),
    text: row.text.toWellFormed(),
    erasure: row.erasure ?? "after_retention",
    kind: row.kind ?? null,
    announcementId: row.announcementId ?? null,
    channel: row.channel ?? "email",
    nextAttemptAt: row.nextAttemptAt ?? now,
    template: row.template ?? null,
  }));
  await tx.$executeRaw`
    INSERT INTO "EmailOutbox" ("schoolId", "userId", "to", "subject", "text", "erasure", "kind",
      "announcementId", "channel", "nextAttemptAt", "createdAt", "template")
    SELECT ${schoolId}, "userId", "to", "subject", "text", "erasure"::"MailErasure", "kind",
      "announcementId", "channel"::"MessageChannel", "nextAttemptAt", ${now}, "template"
    FROM json_to_recordset(${JSON.stringify(lines)}::json) AS r(
      "userId" int, "to" text, "subject" text, "text" text, "erasure" text, "kind" text,
      "announcementId" int, "channel" text, "nextAttemptAt" timestamptz, "template" jsonb,
      "n" int)
    ORDER BY "n"`;
}
