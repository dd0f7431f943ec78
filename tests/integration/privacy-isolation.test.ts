// Privacy, reminders and the jobs keep to their school (issue 45): school A's export shows none of
// school B's rows, A's cookie at B's address deletes and exports nothing, B's unsubscribe link
// does nothing at A's address, A's retention job and reminders leave B's rows as they were, and
// the outbox sends B's mail in B's name.
import { afterAll, beforeAll, describe, expect, it } from "@jest/globals";
import * as deleteRoute from "@/app/api/account/delete/route";
import * as exportRoute from "@/app/api/account/export/route";
import * as unsubscribe from "@/app/api/reminders/unsubscribe/route";
import type { SchoolContext } from "@/lib/contracts/schools";
import { getDb, schoolDb } from "@/lib/db";
import { processOutbox } from "@/lib/messaging/outbox";
import { runDailyRetention } from "@/lib/privacy/retention";
import { sendOrderReminders } from "@/lib/reminders/order-reminders";
import { unsubscribeLink } from "@/lib/reminders/unsubscribe-token";
import { forgetSchools } from "@/lib/schools/resolve-school";
import { seedSettings } from "@/lib/seed";
import { FakeSmtp } from "@/tests/support/fake-smtp";
import { signedUpParent } from "@/tests/support/fixtures";
import { Browser } from "@/tests/support/http";
import { defaultSchool, key, schoolContext, testDb } from "@/tests/support/school";

const SMTP_PORT = 2599;
process.env.SMTP_URL = `smtp://127.0.0.1:${SMTP_PORT}`;
const smtp = new FakeSmtp();
const B_ORIGIN = "http://second.localhost:3000";
const DAY = 24 * 60 * 60 * 1000;

let a: SchoolContext;
let b: SchoolContext;
let parentB: { id: number; email: string };

/** Everything of school B's that these routes and jobs could touch. */
async function schoolBRows() {
  const db = await schoolDb(b.id);
  return {
    users: await db.user.findMany({ where: { schoolId: b.id }, orderBy: { id: "asc" } }),
    students: await db.student.findMany({ where: { schoolId: b.id }, orderBy: { id: "asc" } }),
    sessions: await db.session.findMany({ where: { schoolId: b.id }, orderBy: { id: "asc" } }),
    reminders: await db.orderReminder.findMany({ where: { schoolId: b.id } }),
    jobs: await db.jobRun.findMany({ where: { schoolId: b.id } }),
    outbox: await db.emailOutbox.findMany({
      where: { schoolId: b.id },
      select: { id: true, to: true, text: true, erasedAt: true },
      orderBy: { id: "asc" },
    }),
  };
}

beforeAll(async () => {
  await smtp.listen(SMTP_PORT);
  const platform = await getDb();
  const created = await platform.school.create({
    data: {
      slug: "second",
      name: "Second School",
      hosts: { create: [{ host: "second.localhost:3000" }] },
    },
  });
  forgetSchools();
  b = await schoolContext(created.id);
  a = await defaultSchool();
  const db = await schoolDb(b.id);
  // The seed is typed with Prisma's own client (lib/seed.ts); the scoped one is handed to it.
  await seedSettings(db as unknown as Parameters<typeof seedSettings>[0], b.id);
  const user = await db.user.create({
    data: {
      schoolId: b.id,
      username: "bwalya.second",
      usernameKey: "bwalya.second",
      passwordHash: "x",
      name: "Bwalya Second",
      email: "bwalya@second.example",
      role: "parent",
    },
  });
  parentB = { id: user.id, email: user.email! };
  await db.student.create({
    data: { schoolId: b.id, name: "Natasha Second", grade: "2", parentId: user.id },
  });
  await db.session.create({
    data: { schoolId: b.id, id: "b-expired", userId: user.id, expiresAt: new Date(0) },
  });
  await db.orderReminder.create({
    data: { schoolId: b.id, userId: user.id, schoolDay: new Date("2020-01-01") },
  });
  await db.jobRun.create({
    data: { schoolId: b.id, name: "privacy-retention", lastRunAt: new Date("2020-01-01") },
  });
  await db.emailOutbox.create({
    data: {
      schoolId: b.id,
      userId: user.id,
      to: parentB.email,
      subject: "Old news",
      text: "An old body",
      status: "sent",
      createdAt: new Date("2020-01-01"),
    },
  });
}, 60_000);

afterAll(() => smtp.close());

describe("school A's account routes with school B's rows about", () => {
  it("A's export carries nothing of B's", async () => {
    const parent = await signedUpParent();
    const answer = await parent.browser.call<string>(exportRoute.GET, "GET", "/api/account/export");
    expect(answer.status).toBe(200);
    const text = JSON.stringify(answer.body);
    expect(text).toContain(parent.username);
    for (const value of ["bwalya", "Natasha Second", "Old news"]) expect(text).not.toContain(value);
  });

  it("A's cookie at B's address exports and deletes nothing", async () => {
    const parent = await signedUpParent();
    const before = await schoolBRows();
    const atB = parent.browser.at(B_ORIGIN);
    const exported = await atB.call(exportRoute.GET, "GET", "/api/account/export");
    expect(exported.status).toBe(401);
    const deleted = await atB.call(deleteRoute.POST, "POST", "/api/account/delete", {
      body: { password: "parent-pass" },
    });
    expect(deleted.status).toBe(401);
    expect(await schoolBRows()).toEqual(before);
    const db = await testDb();
    expect(await db.user.findUnique({ where: key(parent.id) })).toMatchObject({ deletedAt: null });
  });

  it("B's unsubscribe link does nothing at A's address, and works at B's", async () => {
    const link = new URL(unsubscribeLink(b, parentB.id));
    expect(link.origin).toBe(B_ORIGIN);
    const query = Object.fromEntries(link.searchParams);
    const before = await schoolBRows();
    const atA = await new Browser().call<string>(
      unsubscribe.GET,
      "GET",
      "/api/reminders/unsubscribe",
      { query },
    );
    expect(atA.status).toBe(400);
    // A's own signature for the same number is no good at B either.
    const signedAtA = Object.fromEntries(new URL(unsubscribeLink(a, parentB.id)).searchParams);
    const forged = await new Browser(undefined, B_ORIGIN).call<string>(
      unsubscribe.GET,
      "GET",
      "/api/reminders/unsubscribe",
      { query: signedAtA },
    );
    expect(forged.status).toBe(400);
    expect(await schoolBRows()).toEqual(before);

    const atB = await new Browser(undefined, B_ORIGIN).call<string>(
      unsubscribe.GET,
      "GET",
      "/api/reminders/unsubscribe",
      { query },
    );
    expect(atB.status).toBe(200);
    expect(atB.body).toContain("Go to the Second School portal");
    const db = await schoolDb(b.id);
    const user = await db.user.findUniqueOrThrow({ where: key(parentB.id, b.id) });
    expect(user.orderReminders).toBe(false);
    await db.user.update({ where: key(parentB.id, b.id), data: { orderReminders: true } });
  });
});

describe("the jobs, run for school A", () => {
  it("A's retention job and reminders leave B's sessions, mail, claims and job row alone", async () => {
    const before = await schoolBRows();
    const later = new Date(Date.now() + 1000 * DAY);
    expect(await runDailyRetention(a, later)).not.toBeNull();
    await sendOrderReminders(a, later);
    expect(await schoolBRows()).toEqual(before);
    // B's own run is B's: it claims B's row and removes B's expired rows.
    expect(await runDailyRetention(b, later)).not.toBeNull();
    const after = await schoolBRows();
    expect(after.sessions).toEqual([]);
    expect(after.reminders).toEqual([]);
    expect(after.jobs[0]!.lastRunAt).toEqual(later);
  });

  it("the outbox sends B's mail in B's name and A's in A's", async () => {
    const db = await schoolDb(b.id);
    await db.emailOutbox.create({
      data: { schoolId: b.id, to: "reader@second.example", subject: "For B", text: "Hello B" },
    });
    const aDb = await testDb();
    await aDb.emailOutbox.create({
      data: { to: "reader@default.example", subject: "For A", text: "Hello A" },
    });
    await processOutbox();
    const toB = await smtp.waitFor("reader@second.example", /For B/);
    expect(toB.from).toContain("Second School");
    const toA = await smtp.waitFor("reader@default.example", /For A/);
    // The default school keeps MAIL_FROM exactly as configured.
    expect(toA.from).toContain(process.env.MAIL_FROM?.match(/<(.+)>/)?.[1] ?? "no-reply@localhost");
    expect(toA.from).not.toContain("Second School");
  });
});
