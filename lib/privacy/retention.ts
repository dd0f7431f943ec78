import "server-only";
import { getDb } from "@/lib/db";
import { log } from "@/lib/observability/log";
import { ERASED_BODY, RETENTION } from "@/lib/contracts/privacy";

// What the portal stops keeping (issue 26). Rate-limit counters go on every sweep
// (pruneRateLimits), secrets in e-mails as soon as they are sent (lib/mail/outbox.ts); the rest here. A daily job, claimed with one guarded statement on its
// JobRun row so that it runs once a day however many instances sweep; every step is a plain
// delete or update by time, so a second run (or a crash half-way) does no harm.

const DAY_MS = 24 * 60 * 60 * 1000;
const JOB = "privacy-retention";

export type RetentionReport = {
  sessions: number;
  resetPasswords: number;
  mailBodies: number;
  expiredSecrets: number;
  reminderClaims: number;
};

/** Runs the retention job if no instance has run it in the last day; null when it was not due. */
export async function runDailyRetention(now: Date = new Date()): Promise<RetentionReport | null> {
  const db = await getDb();
  const claimed = await db.$executeRaw`
    INSERT INTO "JobRun" ("name", "lastRunAt") VALUES (${JOB}, ${now})
    ON CONFLICT ("name") DO UPDATE SET "lastRunAt" = EXCLUDED."lastRunAt"
    WHERE "JobRun"."lastRunAt" <= ${new Date(now.getTime() - DAY_MS)}`;
  if (claimed === 0) return null;
  const report = await applyRetention(now);
  log.info(report, "retention: expired personal data removed");
  return report;
}

/** Deletes and erases what is past its retention period at `now`. */
export async function applyRetention(now: Date = new Date()): Promise<RetentionReport> {
  const db = await getDb();
  const ago = (days: number) => new Date(now.getTime() - days * DAY_MS);
  const sessions = await db.session.deleteMany({
    where: { expiresAt: { lte: ago(RETENTION.sessionDays) } },
  });
  const resetPasswords = await db.temporaryPassword.deleteMany({
    where: {
      OR: [
        { usedAt: { lte: ago(RETENTION.resetPasswordDays) } },
        { expiresAt: { lte: ago(RETENTION.resetPasswordDays) } },
      ],
    },
  });
  // A sent (or finally failed) message keeps its row (to, subject, time, status) and loses its body.
  const mailBodies = await db.emailOutbox.updateMany({
    where: {
      erasedAt: null,
      status: { in: ["sent", "failed"] },
      createdAt: { lte: ago(RETENTION.mailBodyDays) },
    },
    data: { text: ERASED_BODY, erasedAt: now },
  });
  // A secret that could not be delivered while it was valid is of no use to anyone any more.
  const expiredSecrets = await db.emailOutbox.updateMany({
    where: {
      erasedAt: null,
      erasure: { in: ["secret", "farewell"] },
      status: { not: "sent" },
      createdAt: { lte: ago(RETENTION.undeliveredSecretDays) },
    },
    data: {
      text: ERASED_BODY,
      erasedAt: now,
      status: "failed",
      lastError: "Not delivered while it was valid; erased",
    },
  });
  const reminderClaims = await db.orderReminder.deleteMany({
    where: { createdAt: { lte: ago(RETENTION.reminderClaimDays) } },
  });
  return {
    sessions: sessions.count,
    resetPasswords: resetPasswords.count,
    mailBodies: mailBodies.count,
    expiredSecrets: expiredSecrets.count,
    reminderClaims: reminderClaims.count,
  };
}
