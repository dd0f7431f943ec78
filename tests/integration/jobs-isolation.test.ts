// The background jobs per school (issue 45): two schools on different clocks (Lusaka, UTC+2, and
// Auckland, UTC+13 in March). The reminder job sends each school's reminders by its own clock,
// settings and cut-off, at its own address, and never mails one school's parents about the other;
// a suspended school gets none; the retention job run for one school leaves the other's rows as
// they were; the outbox claims one school's mail at a time and sends it in that school's name.
import { afterAll, beforeAll, describe, expect, it } from "@jest/globals";
import { sessionUserSelect, toSessionUser } from "@/lib/auth/session";
import type { SchoolContext } from "@/lib/contracts/schools";
import { getDb, schoolDb } from "@/lib/db";
import { processOutbox, processSchoolOutbox } from "@/lib/messaging/outbox";
import { runDailyRetention } from "@/lib/privacy/retention";
import { sendOrderReminders } from "@/lib/reminders/order-reminders";
import { isUnsubscribeToken } from "@/lib/reminders/unsubscribe-token";
import { parseIsoDate } from "@/lib/school-calendar";
import { saveCutoffTime, saveReminderSettings } from "@/lib/settings/settings";
import { FakeSmtp } from "@/tests/support/fake-smtp";
import { uniqueName } from "@/tests/support/fixtures";
import { createSchool, defaultSchool, schoolContext } from "@/tests/support/school";

const SMTP_PORT = 2603;
process.env.SMTP_URL = `smtp://127.0.0.1:${SMTP_PORT}`;
const smtp = new FakeSmtp();
const DAY = 24 * 60 * 60 * 1000;

// Monday 4 March 2030, 16:00 UTC: 18:00 in Lusaka (past A's 17:00 reminder time, tomorrow is
// Tuesday), 05:00 on Tuesday in Auckland (B's reminder time is hours away).
const A_EVENING = new Date("2030-03-04T16:00:00Z");
// Tuesday 5 March 2030, 04:30 UTC: 17:30 in Auckland (tomorrow is Wednesday), 06:30 in Lusaka.
const B_EVENING = new Date("2030-03-05T04:30:00Z");
// A day later: 17:30 on Wednesday in Auckland, tomorrow is Thursday.
const B_NEXT_EVENING = new Date("2030-03-06T04:30:00Z");

let a: SchoolContext;
let b: SchoolContext;

/** A parent at `school` with one child, reminders on, an e-mail address. */
async function parent(school: SchoolContext, child: string) {
  const db = await schoolDb(school.id);
  const username = uniqueName("jobs.parent.");
  const email = `${username}@example.com`;
  const user = await db.user.create({
    data: {
      schoolId: school.id,
      username,
      usernameKey: username,
      passwordHash: "x",
      name: `Parent ${username}`,
      email,
      orderReminders: true,
    },
  });
  await db.student.create({
    data: { schoolId: school.id, name: child, grade: "3", parentId: user.id },
  });
  return { id: user.id, email };
}

/** The school's reminders at 17:00, its cut-off, and a two-week cycle from Monday 4 March 2030. */
async function prepare(school: SchoolContext, cutoff: { hour: number; minute: number }) {
  const db = await schoolDb(school.id);
  const admin = toSessionUser(
    await db.user.findFirstOrThrow({
      where: { schoolId: school.id, role: "admin" },
      select: sessionUserSelect,
    }),
  );
  await saveReminderSettings(school, admin, { enabled: true, hour: 17, minute: 0 });
  await saveCutoffTime(school, admin, cutoff);
  await db.orderCycle.create({
    data: {
      schoolId: school.id,
      startDate: parseIsoDate("2030-03-04")!,
      cycleLength: 2,
      isActive: true,
    },
  });
}

async function outbox(school: SchoolContext) {
  const db = await schoolDb(school.id);
  return db.emailOutbox.findMany({ where: { schoolId: school.id }, orderBy: { id: "asc" } });
}

beforeAll(async () => {
  await smtp.listen(SMTP_PORT);
  a = await defaultSchool();
  b = await createSchool("second", { name: "Second School", timeZone: "Pacific/Auckland" });
  await prepare(a, { hour: 8, minute: 0 });
  await prepare(b, { hour: 9, minute: 30 });
}, 60_000);

afterAll(() => smtp.close());

describe("order reminders per school", () => {
  let aParent: { id: number; email: string };
  let bParent: { id: number; email: string };

  beforeAll(async () => {
    aParent = await parent(a, "Chipo");
    bParent = await parent(b, "Aroha");
  });

  it("sends each school's reminders by its own clock, cut-off, address and name", async () => {
    // Lusaka's evening: A's parents are reminded about Tuesday; Auckland's morning: B's are not.
    expect(await sendOrderReminders(b, A_EVENING)).toBe(0);
    expect(await sendOrderReminders(a, A_EVENING)).toBeGreaterThan(0);
    const aMail = (await outbox(a)).filter((row) => row.to === aParent.email);
    expect(aMail).toHaveLength(1);
    expect(aMail[0]!.subject).toBe("Order lunch for Tuesday 5 March 2030");
    expect(aMail[0]!.text).toContain("close at 08:00");
    expect(aMail[0]!.text).toContain("Order in the School Tuckshop portal: http://localhost:3000/");
    expect(aMail[0]!.text).toContain("Chipo");
    expect(await outbox(b)).toEqual([]);

    // Auckland's evening: B's parents are reminded about Wednesday; Lusaka's morning: A's not again.
    expect(await sendOrderReminders(a, B_EVENING)).toBe(0);
    expect(await sendOrderReminders(b, B_EVENING)).toBe(1);
    const [bMail, ...more] = await outbox(b);
    expect(more).toEqual([]);
    expect(bMail).toMatchObject({
      schoolId: b.id,
      userId: bParent.id,
      to: bParent.email,
      subject: "Order lunch for Wednesday 6 March 2030",
    });
    expect(bMail!.text).toContain("close at 09:30");
    expect(bMail!.text).toContain(
      "Order in the Second School portal: http://second.localhost:3000/",
    );
    expect(bMail!.text).not.toContain("Chipo");
    // B's unsubscribe link is at B's address and signed for B only.
    const link = new URL(/http:\S+unsubscribe\S+/.exec(bMail!.text)![0]);
    expect(link.origin).toBe("http://second.localhost:3000");
    const token = link.searchParams.get("t")!;
    expect(isUnsubscribeToken(b.id, bParent.id, token)).toBe(true);
    expect(isUnsubscribeToken(a.id, bParent.id, token)).toBe(false);

    // A's parents never got a word about B, and no row of either outbox is the other's.
    const aRows = await outbox(a);
    expect(aRows.filter((row) => row.to === bParent.email)).toEqual([]);
    expect(
      aRows.some((row) => row.text.includes("Aroha") || row.text.includes("Second School")),
    ).toBe(false);
    expect((await outbox(b)).every((row) => row.to === bParent.email)).toBe(true);
  });

  it("sends a suspended school no reminders", async () => {
    const before = (await outbox(b)).length;
    const db = await getDb();
    await db.school.update({ where: { id: b.id }, data: { status: "suspended" } });
    try {
      const suspended = await schoolContext(b.id);
      expect(suspended.status).toBe("suspended");
      expect(await sendOrderReminders(suspended, B_NEXT_EVENING)).toBe(0);
      expect(await outbox(b)).toHaveLength(before);
    } finally {
      await db.school.update({ where: { id: b.id }, data: { status: "active" } });
    }
    // Active again, the same evening's reminder goes: the suspension was what held it back.
    expect(await sendOrderReminders(await schoolContext(b.id), B_NEXT_EVENING)).toBe(1);
    expect(await outbox(b)).toHaveLength(before + 1);
  });
});

describe("the retention job per school", () => {
  it("run for A, leaves B's rows, and B's own daily claim, unchanged", async () => {
    const now = new Date(Date.now() + 1000 * DAY);
    const old = new Date(now.getTime() - 900 * DAY);
    const rowsOf = async (school: SchoolContext) => {
      const db = await schoolDb(school.id);
      const where = { schoolId: school.id };
      return {
        sessions: await db.session.findMany({ where, orderBy: { id: "asc" } }),
        passwords: await db.temporaryPassword.findMany({ where, orderBy: { id: "asc" } }),
        // What retention may change (the body, the recipient, erasedAt), not delivery: the outbox
        // may send an earlier test's reminder meanwhile.
        mail: await db.emailOutbox.findMany({
          where,
          orderBy: { id: "asc" },
          omit: {
            status: true,
            sentAt: true,
            lockedUntil: true,
            attempts: true,
            lastError: true,
            nextAttemptAt: true,
          },
        }),
        reminders: await db.orderReminder.findMany({ where, orderBy: { userId: "asc" } }),
        jobs: await db.jobRun.findMany({ where, orderBy: { name: "asc" } }),
      };
    };
    const expired = async (school: SchoolContext) => {
      const db = await schoolDb(school.id);
      const { id: userId } = await parent(school, "Old");
      await db.session.create({
        data: { schoolId: school.id, id: uniqueName("expired-"), userId, expiresAt: old },
      });
      await db.temporaryPassword.create({
        data: { schoolId: school.id, userId, passwordHash: "h", usedAt: old, expiresAt: old },
      });
      await db.emailOutbox.create({
        data: {
          schoolId: school.id,
          to: "old@example.com",
          subject: "Old",
          text: "an old body",
          status: "sent",
          createdAt: old,
        },
      });
      await db.orderReminder.create({
        data: {
          schoolId: school.id,
          userId,
          schoolDay: parseIsoDate("2030-01-07")!,
          createdAt: old,
        },
      });
    };
    await expired(a);
    await expired(b);
    const bBefore = await rowsOf(b);

    const report = await runDailyRetention(a, now);
    expect(report).toMatchObject({ sessions: 1, resetPasswords: 1 });
    expect(await rowsOf(b)).toEqual(bBefore);
    const aAfter = await rowsOf(a);
    expect(aAfter.sessions).toEqual([]);
    expect(aAfter.passwords).toEqual([]);
    expect(aAfter.mail.filter((m) => m.text === "an old body")).toEqual([]);
    expect(aAfter.reminders).toEqual([]);

    // A's run was claimed on A's JobRun row: B's own job is still due and runs once.
    expect(await runDailyRetention(a, now)).toBeNull();
    expect(await runDailyRetention(b, now)).toMatchObject({ sessions: 1, resetPasswords: 1 });
    expect((await rowsOf(b)).reminders).toEqual([]);
    expect(await runDailyRetention(b, now)).toBeNull();
  });
});

describe("the outbox per school", () => {
  it("sends B's mail with B's name as the sender's display name, A's as MAIL_FROM", async () => {
    const toB = `${uniqueName("outbox.b.")}@example.com`;
    const toA = `${uniqueName("outbox.a.")}@example.com`;
    await (
      await schoolDb(b.id)
    ).emailOutbox.create({
      data: { schoolId: b.id, to: toB, subject: "Hello from B", text: "B's news" },
    });
    await (
      await schoolDb(a.id)
    ).emailOutbox.create({
      data: { schoolId: a.id, to: toA, subject: "Hello from A", text: "A's news" },
    });
    while ((await processOutbox()) > 0) {
      // Until every due row of every school has gone.
    }
    const fromB = await smtp.waitFor(toB, /Hello from B/);
    const fromA = await smtp.waitFor(toA, /Hello from A/);
    expect(fromB.from).toMatch(/^"?Second School"? </);
    // The default school keeps MAIL_FROM exactly as configured (a single-school install's sender).
    expect(fromA.from).toMatch(/^"?School Canteen"? <no-reply@localhost>/);
    // Each row was marked sent in its own school.
    const bRow = (await outbox(b)).find((row) => row.to === toB);
    expect(bRow).toMatchObject({ schoolId: b.id, status: "sent" });
    expect((await outbox(a)).find((row) => row.to === toB)).toBeUndefined();
  });

  it("claims one school's mail at a time: a run for A sends A's and leaves B's waiting", async () => {
    const toA = `${uniqueName("claim.a.")}@example.com`;
    const toB = `${uniqueName("claim.b.")}@example.com`;
    await (
      await schoolDb(a.id)
    ).emailOutbox.create({ data: { schoolId: a.id, to: toA, subject: "A only", text: "A" } });
    await (
      await schoolDb(b.id)
    ).emailOutbox.create({ data: { schoolId: b.id, to: toB, subject: "B later", text: "B" } });

    expect(await processSchoolOutbox(a.id)).toBe(1);
    await smtp.waitFor(toA, /A only/);
    expect((await outbox(a)).find((row) => row.to === toA)).toMatchObject({ status: "sent" });
    // B's row was neither sent nor claimed (no lease, no attempt counted).
    expect((await outbox(b)).find((row) => row.to === toB)).toMatchObject({
      status: "pending",
      attempts: 0,
      lockedUntil: null,
    });

    expect(await processSchoolOutbox(b.id)).toBe(1);
    await smtp.waitFor(toB, /B later/);
    expect((await outbox(b)).find((row) => row.to === toB)).toMatchObject({ status: "sent" });
  });
});
