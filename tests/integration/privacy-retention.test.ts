import { afterAll, beforeAll, describe, expect, it } from "@jest/globals";
import * as forgot from "@/app/api/auth/forgot-password/route";
import { DEFAULT_SCHOOL_ID } from "@/lib/contracts/schools";
import { defaultSchool, key, testDb } from "@/tests/support/school";
import { enqueueEmail } from "@/lib/mail/outbox";
import { processOutbox } from "@/lib/messaging/outbox";
import { ERASED_BODY, ERASED_RECIPIENT, RETENTION } from "@/lib/contracts/privacy";
import { applyRetention, runDailyRetention } from "@/lib/privacy/retention";
import { FakeSmtp } from "@/tests/support/fake-smtp";
import { signedUpParent } from "@/tests/support/fixtures";

// What the portal stops keeping (issue 26): the daily retention job with a moved clock, and mail
// that carried a secret losing its body as soon as it is sent.

const SMTP_PORT = 2597;
process.env.SMTP_URL = `smtp://127.0.0.1:${SMTP_PORT}`;
const smtp = new FakeSmtp();
const DAY = 24 * 60 * 60 * 1000;

beforeAll(() => smtp.listen(SMTP_PORT));
afterAll(() => smtp.close());

/** Lets every queued message go out (a call sends its own in the background), then clears the table. */
async function emptyOutbox() {
  const db = await testDb();
  await processOutbox();
  while ((await db.emailOutbox.count({ where: { status: "pending" } })) > 0) {
    await new Promise((resolve) => setTimeout(resolve, 50));
    await processOutbox();
  }
  await db.emailOutbox.deleteMany();
}

describe("mail that carries a secret", () => {
  it("loses its body once sent; the row keeps to, subject, time and status", async () => {
    await emptyOutbox();
    const parent = await signedUpParent();
    await emptyOutbox(); // the sign-up's verification mail
    const answer = await parent.browser.call(forgot.POST, "POST", "/api/auth/forgot-password", {
      body: { identifier: parent.username },
    });
    expect(answer.status).toBe(200);
    const mail = await smtp.waitFor(parent.email!, /Your temporary password/);
    expect(mail.text).toContain("Temporary password:");
    const db = await testDb();
    let row = await db.emailOutbox.findFirstOrThrow({ orderBy: { id: "desc" } });
    while (row.status !== "sent") {
      await new Promise((resolve) => setTimeout(resolve, 50));
      row = await db.emailOutbox.findFirstOrThrow({ orderBy: { id: "desc" } });
    }
    expect(row).toMatchObject({
      to: parent.email,
      subject: "Your temporary password",
      status: "sent",
      text: ERASED_BODY,
    });
    expect(row.erasedAt).not.toBeNull();
  });

  it("a farewell loses its recipient too; an ordinary message keeps its body", async () => {
    await emptyOutbox();
    const db = await testDb();
    await enqueueEmail(
      { to: "gone@example.com", subject: "Bye", text: "b", erasure: "farewell" },
      db,
    );
    await enqueueEmail({ to: "kept@example.com", subject: "Order", text: "Your order" }, db);
    expect(await processOutbox()).toBe(2);
    const rows = await db.emailOutbox.findMany({ orderBy: { id: "asc" } });
    expect(rows.map((r) => [r.to, r.text])).toEqual([
      [ERASED_RECIPIENT, ERASED_BODY],
      ["kept@example.com", "Your order"],
    ]);
  });
});

describe("the daily retention job", () => {
  it("deletes and erases what is past its period at the moved clock, and nothing else", async () => {
    await emptyOutbox();
    const db = await testDb();
    const { id: userId } = await signedUpParent();
    await emptyOutbox();
    await db.session.deleteMany();
    const now = new Date(Date.now() + 400 * DAY);
    const at = (days: number) => new Date(now.getTime() - days * DAY);
    await db.session.createMany({
      data: [
        { id: "expired", userId, expiresAt: at(0.01) },
        { id: "alive", userId, expiresAt: at(-1) },
      ],
    });
    const reset = (usedAt: Date | null, expiresAt: Date) =>
      db.temporaryPassword.create({ data: { userId, passwordHash: "h", usedAt, expiresAt } });
    await db.temporaryPassword.deleteMany();
    await reset(at(RETENTION.resetPasswordDays + 0.1), at(-1));
    await reset(null, at(RETENTION.resetPasswordDays + 0.1));
    const usedToday = await reset(at(0.5), at(-1));
    const mail = (
      days: number,
      status: "sent" | "pending" | "failed",
      erasure = "after_retention",
    ) =>
      db.emailOutbox.create({
        data: {
          to: "p@example.com",
          subject: `${status} ${days}`,
          text: "body",
          status,
          createdAt: at(days),
          erasure: erasure as "after_retention",
        },
      });
    const oldSent = await mail(RETENTION.mailBodyDays + 1, "sent");
    const recentSent = await mail(RETENTION.mailBodyDays - 1, "sent");
    const oldPending = await mail(RETENTION.mailBodyDays + 1, "pending");
    const staleSecret = await mail(RETENTION.undeliveredSecretDays + 1, "pending", "secret");
    const unread = await db.contactMessage.create({
      data: {
        name: "A parent",
        email: "p@example.com",
        text: "Please call me",
        createdAt: at(900),
      },
    });

    const report = await applyRetention(DEFAULT_SCHOOL_ID, now);
    expect(report).toMatchObject({
      sessions: 1,
      resetPasswords: 2,
      mailBodies: 1,
      expiredSecrets: 1,
    });
    expect((await db.session.findMany()).map((s) => s.id)).toEqual(["alive"]);
    expect((await db.temporaryPassword.findMany()).map((t) => t.id)).toEqual([usedToday.id]);
    const texts = new Map(
      (await db.emailOutbox.findMany()).map((row) => [row.id, [row.text, row.status]]),
    );
    expect(texts.get(oldSent.id)).toEqual([ERASED_BODY, "sent"]);
    expect(texts.get(recentSent.id)).toEqual(["body", "sent"]);
    expect(texts.get(oldPending.id)).toEqual(["body", "pending"]);
    expect(texts.get(staleSecret.id)).toEqual([ERASED_BODY, "failed"]);
    expect(await db.contactMessage.findUnique({ where: key(unread.id) })).toMatchObject({
      text: "Please call me",
    });
  });

  it("runs once a day however many instances sweep", async () => {
    const db = await testDb();
    await db.jobRun.deleteMany();
    const school = await defaultSchool();
    const now = new Date(Date.now() + 800 * DAY);
    const runs = await Promise.all([
      runDailyRetention(school, now),
      runDailyRetention(school, now),
    ]);
    expect(runs.filter((run) => run !== null)).toHaveLength(1);
    expect(await runDailyRetention(school, new Date(now.getTime() + DAY / 2))).toBeNull();
    expect(await runDailyRetention(school, new Date(now.getTime() + DAY))).not.toBeNull();
  });
});
