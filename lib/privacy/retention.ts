import "server-only";
import { schoolDb } from "@/lib/db";
import { Prisma } from "@/lib/generated/prisma/client";
import type { SchoolContext } from "@/lib/contracts/schools";
import { log } from "@/lib/observability/log";
import { ERASED_BODY, RETENTION } from "@/lib/contracts/privacy";

// What the portal stops keeping (issue 26). Rate-limit counters go on every sweep
// (pruneRateLimits), secrets in e-mails as soon as they are sent (lib/mail/outbox.ts); the rest here. A daily job, claimed with one guarded statement on its
// JobRun row so that it runs once a day however many instances sweep; every step is a plain
// delete or update by time, so a second run (or a crash half-way) does no harm.
// Many schools (issue 45): the job runs per school, claimed on that school's own JobRun row, and
// touches only that school's rows. Its periods are durations (days before now), the same instant
// in every time zone, so the school's clock changes nothing in what it removes.

const DAY_MS = 24 * 60 * 60 * 1000;
const JOB = "privacy-retention";

export type RetentionReport = {
  sessions: number;
  resetPasswords: number;
  mailBodies: number;
  expiredSecrets: number;
  reminderClaims: number;
  phoneCodes: number;
};

/**
 * Runs the school's retention job if no instance has run it for this school in the last day;
 * null when it was not due.
 */
export async function runDailyRetention(
  school: SchoolContext,
  now: Date = new Date(),
): Promise<RetentionReport | null> {
  const db = await schoolDb(school.id);
  const claimed = await db.$executeRaw`
    INSERT INTO "JobRun" ("schoolId", "name", "lastRunAt") VALUES (${school.id}, ${JOB}, ${now})
    ON CONFLICT ("schoolId", "name") DO UPDATE SET "lastRunAt" = EXCLUDED."lastRunAt"
    WHERE "JobRun"."schoolId" = ${school.id}
      AND "JobRun"."lastRunAt" <= ${new Date(now.getTime() - DAY_MS)}`;
  if (claimed === 0) return null;
  const report = await applyRetention(school.id, now);
  log.info({ schoolId: school.id, ...report }, "retention: expired personal data removed");
  return report;
}

/** Deletes and erases what is past its retention period at `now`, at one school. */
export async function applyRetention(
  schoolId: number,
  now: Date = new Date(),
): Promise<RetentionReport> {
  const db = await schoolDb(schoolId);
  const ago = (days: number) => new Date(now.getTime() - days * DAY_MS);
  const sessions = await db.session.deleteMany({
    where: { schoolId, expiresAt: { lte: ago(RETENTION.sessionDays) } },
  });
  const resetPasswords = await db.temporaryPassword.deleteMany({
    where: {
      schoolId,
      OR: [
        { usedAt: { lte: ago(RETENTION.resetPasswordDays) } },
        { expiresAt: { lte: ago(RETENTION.resetPasswordDays) } },
      ],
    },
  });
  // A sent, delivered (an SMS or WhatsApp message, issue 48) or finally failed message keeps its
  // row (to, subject, time, status) and loses its body, a WhatsApp message its template's names.
  const mailBodies = await db.emailOutbox.updateMany({
    where: {
      schoolId,
      erasedAt: null,
      status: { in: ["sent", "delivered", "failed"] },
      createdAt: { lte: ago(RETENTION.mailBodyDays) },
    },
    data: { text: ERASED_BODY, template: Prisma.DbNull, erasedAt: now },
  });
  // A secret that could not be delivered while it was valid is of no use to anyone any more.
  const expiredSecrets = await db.emailOutbox.updateMany({
    where: {
      schoolId,
      erasedAt: null,
      erasure: { in: ["secret", "farewell"] },
      status: { notIn: ["sent", "delivered"] },
      createdAt: { lte: ago(RETENTION.undeliveredSecretDays) },
    },
    data: {
      text: ERASED_BODY,
      template: Prisma.DbNull,
      erasedAt: now,
      status: "failed",
      lastError: "Not delivered while it was valid; erased",
    },
  });
  const reminderClaims = await db.orderReminder.deleteMany({
    where: { schoolId, createdAt: { lte: ago(RETENTION.reminderClaimDays) } },
  });
  const phoneCodes = await db.phoneVerification.deleteMany({
    where: { schoolId, expiresAt: { lte: ago(RETENTION.phoneCodeDays) } },
  });
  return {
    sessions: sessions.count,
    resetPasswords: resetPasswords.count,
    mailBodies: mailBodies.count,
    expiredSecrets: expiredSecrets.count,
    reminderClaims: reminderClaims.count,
    phoneCodes: phoneCodes.count,
  };
}
