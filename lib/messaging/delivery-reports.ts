import "server-only";
import { NOT_ON_WHATSAPP, WHATSAPP_NOT_ON_WHATSAPP_CODE } from "@/lib/contracts/message-delivery";
import { getDb, schoolDb } from "@/lib/db";
import { queueSmsFallback } from "@/lib/messaging/fallback";
import { kickOutbox } from "@/lib/messaging/outbox";
import { reasonText } from "@/lib/messaging/send-outcome";
import { log } from "@/lib/observability/log";
import type { SmsReport, WhatsAppStatus } from "@/lib/validations/messaging-webhooks";

// Delivery reports (issue 48, decision 0109): the providers tell what became of a message they
// took, by the id they gave it. A report moves a `sent` row to `delivered` or `failed` (with the
// provider's reason); a delivered row never moves back, an intermediate status changes nothing,
// and an id the portal did not send is ignored.

type RowRef = { schoolId: number; id: number };

/**
 * The rows a provider's id names. A callback carries no school (one callback address per provider
 * account, for every school), so this one lookup reads every school's outbox: by the index on
 * `providerMessageId`, on every shard of a distributed database (docs/scaling.md lists it). What is
 * then read and written is the row's own school's, by its key.
 */
async function rowsByProviderId(channel: "sms" | "whatsapp", providerId: string) {
  const db = await getDb();
  const [, rows] = await db.$transaction([
    // Allowed to reach every shard (a placeholder setting where Citus is absent).
    db.$executeRaw`SET LOCAL citus.multi_task_query_log_level = 'off'`,
    db.$queryRaw<RowRef[]>`
      SELECT "schoolId", "id" FROM "EmailOutbox"
      WHERE "providerMessageId" = ${providerId} AND "channel"::text = ${channel}
      LIMIT 5`,
  ]);
  return rows;
}

type Change = { to: "delivered" } | { to: "failed"; reason: string };

/** Applies a report to a row still `sent`; true when it changed the row. */
async function applyChange(row: RowRef, change: Change, now: Date): Promise<boolean> {
  const db = await schoolDb(row.schoolId);
  const where = { schoolId: row.schoolId, id: row.id, status: "sent" as const };
  const { count } = await db.emailOutbox.updateMany({
    where,
    data:
      change.to === "delivered"
        ? { status: "delivered", deliveredAt: now }
        : { status: "failed", lastError: change.reason },
  });
  return count > 0;
}

/** Africa's Talking's report of one SMS. */
export async function applySmsReport(report: SmsReport, now: Date = new Date()): Promise<void> {
  let change: Change;
  if (report.status === "Success") change = { to: "delivered" };
  else if (report.status === "Failed" || report.status === "Rejected") {
    change = { to: "failed", reason: reasonText(report.failureReason ?? report.status) };
  } else return; // Sent, Submitted, Buffered: on its way, still `sent`.
  const rows = await rowsByProviderId("sms", report.id);
  if (rows.length === 0) {
    log.info({ status: report.status }, "a delivery report for a message we did not send");
    return;
  }
  for (const row of rows) await applyChange(row, change, now);
}

/** WhatsApp's statuses of sent messages, in the order given. */
export async function applyWhatsAppStatuses(
  statuses: WhatsAppStatus[],
  now: Date = new Date(),
): Promise<void> {
  for (const status of statuses) await applyWhatsAppStatus(status, now);
}

async function applyWhatsAppStatus(status: WhatsAppStatus, now: Date): Promise<void> {
  let change: Change;
  const error = status.errors?.[0];
  const notOnWhatsApp = error?.code === WHATSAPP_NOT_ON_WHATSAPP_CODE;
  if (status.status === "delivered" || status.status === "read") change = { to: "delivered" };
  else if (status.status === "failed") {
    const words = error ? `${error.title ?? error.message ?? "Failed"} (${error.code ?? "?"})` : "";
    change = {
      to: "failed",
      reason: notOnWhatsApp ? NOT_ON_WHATSAPP : reasonText(words || "Failed"),
    };
  } else return; // sent: still `sent`.
  const rows = await rowsByProviderId("whatsapp", status.id);
  if (rows.length === 0) {
    log.info({ status: status.status }, "a WhatsApp status for a message we did not send");
    return;
  }
  for (const row of rows) {
    await applyChange(row, change, now);
    // Whether this report or an earlier one failed the row, its SMS is queued at most once.
    if (notOnWhatsApp && change.to === "failed") {
      if (await queueSmsFallback(row.schoolId, row.id, { now })) kickOutbox(row.schoolId);
    }
  }
}
