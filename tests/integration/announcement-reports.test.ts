import { beforeAll, describe, expect, it } from "@jest/globals";
import * as announcements from "@/app/api/announcements/route";
import * as one from "@/app/api/announcements/[id]/route";
import type {
  AnnouncementDetailDto,
  AnnouncementSentDto,
  AnnouncementsPageDto,
} from "@/lib/contracts/announcements";
import { enableMessagingChannels } from "@/tests/support/messaging-env";
import { family, type Family } from "@/tests/support/announcement-fixtures";
import type { Browser } from "@/tests/support/http";
import { callers, signedInAdmin } from "@/tests/support/money-admin-fixtures";
import { createSchool, key, testDb } from "@/tests/support/school";

// What became of an announcement (issue 48, decision 0112): after sending, the providers' reports
// (here written to the outbox rows directly) show as counts per channel and state in the list, and
// the announcement's failures with their reasons, the account, and whether WhatsApp fell back.

enableMessagingChannels();

let admin: Browser;
const people: Record<string, Family> = {};
let sent: AnnouncementSentDto;

const list = (browser: Browser, page = "1") =>
  browser.call<AnnouncementsPageDto>(announcements.GET, "GET", "/api/announcements", {
    query: { page },
  });
const detail = (browser: Browser, id: number | string, page = "1") =>
  browser.call<AnnouncementDetailDto>(one.GET, "GET", `/api/announcements/${id}`, {
    params: { id: String(id) },
    query: { page },
  });

/** Waits until no outbox run holds a row (the send wakes the outbox; its tries fail at once). */
async function settled() {
  const db = await testDb();
  for (let i = 0; i < 100; i++) {
    const held = await db.emailOutbox.count({ where: { lockedUntil: { gt: new Date() } } });
    if (held === 0) return;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

async function rowOf(userId: number, channel: "email" | "sms" | "whatsapp") {
  const db = await testDb();
  return db.emailOutbox.findFirstOrThrow({
    where: { announcementId: sent.announcement.id, userId, channel },
  });
}

beforeAll(async () => {
  admin = await signedInAdmin(["parents_students"]);
  people.p1 = await family({ grade: "9", phone: "verified", announcements: ["email", "sms"] });
  people.p2 = await family({
    grade: "9",
    email: false,
    phone: "verified",
    announcements: ["whatsapp"],
  });
  people.p3 = await family({ grade: "9" });
  people.p4 = await family({ grade: "9", phone: "verified", announcements: ["email", "sms"] });
  const answer = await admin.call<AnnouncementSentDto>(
    announcements.POST,
    "POST",
    "/api/announcements",
    {
      body: {
        title: "Closed on Monday",
        body: "The canteen is closed on Monday for a staff day.",
        audience: { kind: "grade", grade: "9" },
      },
    },
  );
  expect(answer.status).toBe(201);
  sent = answer.body;
  await settled();

  // The providers' reports, as the delivery webhooks would write them.
  const db = await testDb();
  const now = new Date();
  const set = async (row: { id: number }, data: Record<string, unknown>) =>
    db.emailOutbox.update({ where: key(row.id), data });
  await set(await rowOf(people.p1.id, "sms"), { status: "delivered", deliveredAt: now });
  await set(await rowOf(people.p4.id, "sms"), {
    status: "failed",
    lastError: "DeliveryFailure",
    attempts: 1,
  });
  await set(await rowOf(people.p3.id, "email"), { status: "sent", sentAt: now });
  await set(await rowOf(people.p1.id, "email"), {
    status: "failed",
    lastError: "550 Mailbox unavailable",
    attempts: 8,
  });
  const whatsapp = await rowOf(people.p2.id, "whatsapp");
  await set(whatsapp, { status: "failed", lastError: "(#131026) Message undeliverable" });
  // "Not on WhatsApp": the same words go once more as an SMS.
  await db.emailOutbox.create({
    data: {
      channel: "sms",
      kind: "announcements",
      to: whatsapp.to,
      subject: whatsapp.subject,
      text: whatsapp.text,
      userId: people.p2.id,
      announcementId: sent.announcement.id,
      fallbackOf: whatsapp.id,
    },
  });
});

describe("GET /api/announcements", () => {
  it("shows each channel's queued, sent, delivered and failed messages", async () => {
    const answer = await list(admin);
    expect(answer.status).toBe(200);
    const row = answer.body.data.find((a) => a.id === sent.announcement.id)!;
    expect(row).toMatchObject({
      title: "Closed on Monday",
      body: "The canteen is closed on Monday for a staff day.",
      audience: { kind: "grade", grade: "9" },
      createdBy: expect.stringMatching(/^money\.admin\./) as unknown as string,
      reached: 4,
      counts: {
        email: { queued: 1, sent: 1, delivered: 0, failed: 1 },
        sms: { queued: 1, sent: 0, delivered: 1, failed: 1 },
        whatsapp: { queued: 0, sent: 0, delivered: 0, failed: 1 },
      },
    });
  });

  it("pages by 20, newest first, and refuses a bad page with 422", async () => {
    const db = await testDb();
    for (let i = 0; i < 20; i++) {
      await db.announcement.create({
        data: {
          title: `Older ${i}`,
          body: "Old news",
          audience: { kind: "everyone" },
          createdAt: new Date(Date.UTC(2020, 0, 1, 8, i)),
        },
      });
    }
    const first = await list(admin);
    expect(first.body.data[0]!.id).toBe(sent.announcement.id);
    expect(first.body.metadata).toMatchObject({ page: 1, hasNextPage: true });
    const second = await list(admin, "2");
    expect(second.body.data.map((a) => a.title)).toEqual(["Older 0"]);
    expect(second.body.data[0]!.counts.sms).toEqual({
      queued: 0,
      sent: 0,
      delivered: 0,
      failed: 0,
    });
    expect((await list(admin, "0")).status).toBe(422);
  });

  it.each(callers("parents_students"))("answers %s", async (_who, browserFor, expected) => {
    const answer = await list(await browserFor());
    expect(answer.status).toBe(expected === "allowed" ? 200 : expected);
  });
});

describe("GET /api/announcements/{id}", () => {
  it("lists the failures with their reasons, who they were for and the fallback", async () => {
    const answer = await detail(admin, sent.announcement.id);
    expect(answer.status).toBe(200);
    expect(answer.body.sms).toBe(
      "School Tuckshop: Closed on Monday. The canteen is closed on Monday for a staff day.",
    );
    const failures = answer.body.failures.data;
    expect(answer.body.failures.metadata).toMatchObject({ total: 3, page: 1 });
    const byChannel = Object.fromEntries(failures.map((f) => [f.channel, f]));
    expect(byChannel.sms).toMatchObject({
      to: people.p4!.phone,
      reason: "DeliveryFailure",
      account: { id: people.p4!.id, username: people.p4!.username, name: people.p4!.name },
      fellBackToSms: false,
    });
    expect(byChannel.email).toMatchObject({
      to: people.p1!.email,
      reason: "550 Mailbox unavailable",
      attempts: 8,
    });
    expect(byChannel.whatsapp).toMatchObject({
      to: people.p2!.phone,
      reason: "(#131026) Message undeliverable",
      fellBackToSms: true,
    });
  });

  it("pages the failures by 20", async () => {
    const db = await testDb();
    const extra = await db.announcement.create({
      data: { title: "Many failures", body: "x", audience: { kind: "everyone" } },
      select: { id: true },
    });
    for (let i = 0; i < 21; i++) {
      await db.emailOutbox.create({
        data: {
          to: `nobody${i}@example.com`,
          subject: "School Tuckshop: Many failures",
          text: "x",
          status: "failed",
          lastError: `Failure ${i}`,
          announcementId: extra.id,
          kind: "announcements",
        },
      });
    }
    const second = await detail(admin, extra.id, "2");
    expect(second.body.failures.data.map((f) => f.reason)).toEqual(["Failure 20"]);
    expect(second.body.failures.metadata).toMatchObject({ total: 21, totalPages: 2 });
    expect(second.body.counts.email.failed).toBe(21);
  });

  it("answers 404 for an unknown id, another school's, or no id at all", async () => {
    const other = await createSchool("reports", { name: "Reports School" });
    const theirs = await (
      await testDb(other.id)
    ).announcement.create({
      data: { title: "Theirs", body: "Not yours", audience: { kind: "everyone" } },
      select: { id: true },
    });
    expect((await detail(admin, theirs.id)).status).toBe(404);
    expect((await detail(admin, 999_999)).status).toBe(404);
    expect((await detail(admin, "abc")).status).toBe(404);
    expect((await detail(admin, sent.announcement.id, "x")).status).toBe(422);
  });

  it.each(callers("parents_students"))("answers %s", async (_who, browserFor, expected) => {
    const answer = await detail(await browserFor(), sent.announcement.id);
    expect(answer.status).toBe(expected === "allowed" ? 200 : expected);
  });
});
