import { afterEach, beforeAll, describe, expect, it, jest } from "@jest/globals";
import * as announcements from "@/app/api/announcements/route";
import * as preview from "@/app/api/announcements/preview/route";
import type { AnnouncementPreviewDto, AnnouncementSentDto } from "@/lib/contracts/announcements";
import { AUDIENCE_EMPTY } from "@/lib/contracts/announcements";
import { sendableAt } from "@/lib/messaging/quiet-hours";
import { enableMessagingChannels } from "@/tests/support/messaging-env";
import { family, setMessagingSetting, type Family } from "@/tests/support/announcement-fixtures";
import type { Browser } from "@/tests/support/http";
import {
  callers,
  directOrder,
  orderGround,
  signedInAdmin,
} from "@/tests/support/money-admin-fixtures";
import { testDb } from "@/tests/support/school";
import { freezeClock } from "@/tests/support/frozen-clock";

// The office's announcements (issue 48, decision 0112) on the real handlers: the preview counts
// what each channel reaches with families on different choices, phones proven or not, for each
// kind of audience; sending writes one row per channel with the same reach, audited, waits out
// quiet hours on the phones, and refuses what cannot be sent (an SMS that is not one message, an
// empty audience, bad input) without writing anything.

enableMessagingChannels();

let admin: Browser;
const cast: Record<string, Family> = {};
let everyoneBefore: AnnouncementPreviewDto;

const reach = (browser: Browser, query: Record<string, string>) =>
  browser.call<AnnouncementPreviewDto>(preview.GET, "GET", "/api/announcements/preview", {
    query,
  });
const send = (browser: Browser, body: unknown) =>
  browser.call<AnnouncementSentDto>(announcements.POST, "POST", "/api/announcements", { body });

async function written() {
  const db = await testDb();
  return {
    announcements: await db.announcement.count(),
    outbox: await db.emailOutbox.count(),
    audits: await db.auditLog.count({ where: { action: "announcement.send" } }),
  };
}

beforeAll(async () => {
  admin = await signedInAdmin(["parents_students"]);
  everyoneBefore = (await reach(admin, { audience: "everyone" })).body;
  // Grade 11: e-mail by default; e-mail and SMS; SMS only but the number replied STOP; a deleted
  // account; a family whose only child in the grade was removed.
  cast.a = await family({ grade: "11" });
  cast.b = await family({ grade: "11", phone: "verified", announcements: ["email", "sms"] });
  cast.e = await family({
    grade: "11",
    phone: "verified",
    announcements: ["sms"],
    smsOptedOut: true,
  });
  cast.g = await family({ grade: "11", deleted: true });
  cast.h = await family({ grade: "11", childArchived: true });
  // Grade 12: WhatsApp and SMS without e-mail; SMS on a phone never proven; the defaults with a
  // proven phone (announcements stay e-mail).
  cast.c = await family({
    grade: "12",
    email: false,
    phone: "verified",
    announcements: ["whatsapp", "sms"],
  });
  cast.d = await family({ grade: "12", phone: "unverified", announcements: ["sms"] });
  cast.d2 = await family({ grade: "12", phone: "verified" });
  cast.t = await family({ role: "teacher" });
});

afterEach(async () => {
  jest.useRealTimers();
  const db = await testDb();
  await db.setting.deleteMany({ where: { key: "messaging" } });
});

describe("GET /api/announcements/preview", () => {
  it("counts every family account, teachers too, by the channel each will get", async () => {
    const answer = await reach(admin, { audience: "everyone" });
    expect(answer.status).toBe(200);
    const after = answer.body;
    expect(after.offered).toEqual(["email", "sms", "whatsapp"]);
    // a, b, e, h, c, d, d2 and the teacher; not the deleted account, not the admins.
    expect(after.recipients - everyoneBefore.recipients).toBe(8);
    expect(after.reach.email - everyoneBefore.reach.email).toBe(5);
    expect(after.reach.sms - everyoneBefore.reach.sms).toBe(1);
    expect(after.reach.whatsapp - everyoneBefore.reach.whatsapp).toBe(1);
    expect(after.unreached - everyoneBefore.unreached).toBe(2);
  });

  it("counts a grade's families: choices, proven phones, STOP and removed children", async () => {
    const eleven = await reach(admin, { audience: "grade", grade: "11" });
    expect(eleven.body).toEqual({
      audience: { kind: "grade", grade: "11" },
      recipients: 3,
      reach: { email: 2, sms: 1, whatsapp: 0 },
      unreached: 1,
      offered: ["email", "sms", "whatsapp"],
    });
    // WhatsApp replaces SMS for whoever chose both; an unproven phone gets nothing.
    const twelve = await reach(admin, { audience: "grade", grade: "12" });
    expect(twelve.body).toMatchObject({
      recipients: 3,
      reach: { email: 1, sms: 0, whatsapp: 1 },
      unreached: 1,
    });
  });

  it("counts the families whose children have a live order on the day", async () => {
    const ground = await orderGround(); // a cycle from Monday 2030-01-07
    await directOrder(ground, cast.a!, { weekNumber: 1, dayOfWeek: 2 });
    await directOrder(ground, cast.c!, { weekNumber: 1, dayOfWeek: 2, status: "completed" });
    await directOrder(ground, cast.b!, { weekNumber: 1, dayOfWeek: 2, status: "cancelled" });
    await directOrder(ground, cast.d!, { weekNumber: 1, dayOfWeek: 3 });
    const answer = await reach(admin, { audience: "orderedOn", date: "2030-01-08" });
    expect(answer.body).toEqual({
      audience: { kind: "orderedOn", date: "2030-01-08" },
      recipients: 2,
      reach: { email: 1, sms: 0, whatsapp: 1 },
      unreached: 0,
      offered: ["email", "sms", "whatsapp"],
    });
    const noCycle = await reach(admin, { audience: "orderedOn", date: "2031-05-05" });
    expect(noCycle.body).toMatchObject({ recipients: 0, unreached: 0 });
  });

  it("reaches by e-mail alone when the school offers neither SMS nor WhatsApp", async () => {
    await setMessagingSetting({ sms: false, whatsapp: false });
    const eleven = await reach(admin, { audience: "grade", grade: "11" });
    expect(eleven.body).toMatchObject({
      offered: ["email"],
      reach: { email: 2, sms: 0, whatsapp: 0 },
      unreached: 1,
    });
    const twelve = await reach(admin, { audience: "grade", grade: "12" });
    expect(twelve.body).toMatchObject({ reach: { email: 1, sms: 0, whatsapp: 0 }, unreached: 2 });
  });

  it.each([
    [{}, "Choose who receives the announcement"],
    [{ audience: "class" }, "Choose who receives the announcement"],
    [{ audience: "grade" }, "Choose a grade"],
    [{ audience: "grade", grade: "13" }, "Choose a grade"],
    [{ audience: "orderedOn", date: "2030-02-30" }, "Choose the day (YYYY-MM-DD)"],
  ])("refuses %j with 422", async (query, message) => {
    const answer = await reach(admin, query);
    expect(answer.status).toBe(422);
    expect(answer.body).toMatchObject({ message });
  });

  it.each(callers("parents_students"))("answers %s", async (_who, browserFor, expected) => {
    const answer = await reach(await browserFor(), { audience: "grade", grade: "11" });
    expect(answer.status).toBe(expected === "allowed" ? 200 : expected);
  });
});

const SPORTS_DAY = {
  title: "Sports day",
  body: "No lunch on Friday.\nPlease send a packed lunch.",
  audience: { kind: "grade", grade: "11" },
};

describe("POST /api/announcements", () => {
  it("writes one message per channel each family gets, as the preview said, audited", async () => {
    const before = (await reach(admin, { audience: "grade", grade: "11" })).body;
    const answer = await send(admin, SPORTS_DAY);
    expect(answer.status).toBe(201);
    expect(answer.body).toMatchObject({
      recipients: before.recipients,
      reach: before.reach,
      unreached: before.unreached,
    });
    const { announcement } = answer.body;
    expect(announcement).toMatchObject({
      title: "Sports day",
      audience: { kind: "grade", grade: "11" },
      reached: 2,
      counts: { email: { queued: 2 }, sms: { queued: 1 }, whatsapp: { queued: 0 } },
    });
    const db = await testDb();
    const rows = await db.emailOutbox.findMany({
      where: { announcementId: announcement.id },
      orderBy: { id: "asc" },
    });
    const emails = rows.filter((row) => row.channel === "email");
    expect(emails.map((row) => row.to).sort()).toEqual([cast.a!.email, cast.b!.email].sort());
    expect(emails[0]).toMatchObject({
      kind: "announcements",
      subject: "School Tuckshop: Sports day",
      status: "pending",
    });
    expect(emails[0]!.text).toContain("No lunch on Friday.\nPlease send a packed lunch.");
    const sms = rows.filter((row) => row.channel === "sms");
    expect(sms).toHaveLength(1);
    expect(sms[0]).toMatchObject({
      to: cast.b!.phone,
      userId: cast.b!.id,
      kind: "announcements",
      text: "School Tuckshop: Sports day. No lunch on Friday. Please send a packed lunch.",
    });
    const audit = await db.auditLog.findFirstOrThrow({
      where: { action: "announcement.send", entityId: String(announcement.id) },
    });
    expect(audit.details).toMatchObject({
      recipients: 3,
      unreached: 1,
      reach: { email: 2, sms: 1, whatsapp: 0 },
      after: { title: "Sports day", audience: { kind: "grade", grade: "11" } },
    });
    const stored = await db.announcement.findFirstOrThrow({ where: { id: announcement.id } });
    expect(stored).toMatchObject({ title: "Sports day", body: SPORTS_DAY.body });
  });

  it("sends WhatsApp with the approved template, the SMS wording kept for its fallback", async () => {
    const answer = await send(admin, { ...SPORTS_DAY, audience: { kind: "grade", grade: "12" } });
    expect(answer.status).toBe(201);
    const db = await testDb();
    const whatsapp = await db.emailOutbox.findFirstOrThrow({
      where: { announcementId: answer.body.announcement.id, channel: "whatsapp" },
    });
    expect(whatsapp).toMatchObject({
      to: cast.c!.phone,
      template: {
        name: "school_announcement",
        params: [
          "School Tuckshop",
          "Sports day",
          "No lunch on Friday. Please send a packed lunch.",
        ],
      },
      text: "School Tuckshop: Sports day. No lunch on Friday. Please send a packed lunch.",
    });
    expect(
      await db.emailOutbox.count({
        where: { announcementId: answer.body.announcement.id, channel: "sms" },
      }),
    ).toBe(0);
  });

  it("lets SMS and WhatsApp wait out quiet hours; the e-mail goes at once", async () => {
    // 21:30 at the school (Lusaka, UTC+2); only Date is faked, the database keeps running.
    const evening = new Date("2030-03-05T19:30:00.000Z");
    freezeClock(evening);
    // Signed in at that time: the clock jumps years, past an admin's session.
    const office = await signedInAdmin(["parents_students"]);
    const answer = await send(office, SPORTS_DAY);
    expect(answer.status).toBe(201);
    const db = await testDb();
    const rows = await db.emailOutbox.findMany({
      where: { announcementId: answer.body.announcement.id },
    });
    const morning = new Date("2030-03-06T06:00:00.000Z"); // 08:00 at the school
    expect(sendableAt("Africa/Lusaka", evening)).toEqual(morning);
    for (const row of rows) {
      expect(row.nextAttemptAt).toEqual(row.channel === "email" ? evening : morning);
    }
    expect(rows.some((row) => row.channel === "sms")).toBe(true);
  });

  it("refuses an SMS longer than one message and writes nothing", async () => {
    const before = await written();
    const answer = await send(admin, { ...SPORTS_DAY, body: "Lunch ".repeat(30).trim() });
    expect(answer.status).toBe(422);
    expect(answer.body).toMatchObject({
      message:
        "The SMS would be 208 characters; one SMS holds 160. Shorten the title and the message, " +
        "or write a shorter SMS text.",
    });
    expect(answer.body).toHaveProperty("details.sms");
    expect(await written()).toEqual(before);
  });

  it("sends the office's own SMS text with the long message by e-mail", async () => {
    const body = "Lunch ".repeat(30).trim();
    const answer = await send(admin, { ...SPORTS_DAY, body, sms: "Sports day Friday: no lunch." });
    expect(answer.status).toBe(201);
    const db = await testDb();
    const rows = await db.emailOutbox.findMany({
      where: { announcementId: answer.body.announcement.id },
    });
    expect(rows.find((row) => row.channel === "sms")?.text).toBe(
      "School Tuckshop: Sports day Friday: no lunch.",
    );
    expect(rows.find((row) => row.channel === "email")?.text).toContain(body);
  });

  it("refuses a character no SMS carries, and writes nothing", async () => {
    const before = await written();
    const answer = await send(admin, { ...SPORTS_DAY, sms: "Sports day 🏃 on Friday" });
    expect(answer.status).toBe(422);
    expect(answer.body).toMatchObject({
      message:
        "An SMS cannot carry 🏃: use letters, digits and common punctuation in the SMS text.",
    });
    expect(await written()).toEqual(before);
  });

  it("does not hold the e-mail to an SMS's length when the school offers no phone channel", async () => {
    await setMessagingSetting({ sms: false, whatsapp: false });
    const answer = await send(admin, { ...SPORTS_DAY, body: "Lunch ".repeat(30).trim() });
    expect(answer.status).toBe(201);
    expect(answer.body.announcement.counts).toMatchObject({
      email: { queued: 2 },
      sms: { queued: 0 },
      whatsapp: { queued: 0 },
    });
  });

  it("refuses an audience with nobody in it, and writes nothing", async () => {
    const before = await written();
    const answer = await send(admin, { ...SPORTS_DAY, audience: { kind: "grade", grade: "10" } });
    expect(answer.status).toBe(422);
    expect(answer.body).toMatchObject({ message: AUDIENCE_EMPTY });
    expect(await written()).toEqual(before);
  });

  it.each([
    ["no body at all", {}],
    ["an empty title", { ...SPORTS_DAY, title: "  " }],
    ["a title of 81 characters", { ...SPORTS_DAY, title: "T".repeat(81) }],
    ["a control character in the title", { ...SPORTS_DAY, title: "Sports\u0007day" }],
    ["an empty message", { ...SPORTS_DAY, body: "" }],
    ["a message of 2001 characters", { ...SPORTS_DAY, body: "M".repeat(2001) }],
    ["an SMS text of 161 characters", { ...SPORTS_DAY, sms: "S".repeat(161) }],
    ["no audience", { title: "Sports day", body: "No lunch" }],
    ["a grade without its grade", { ...SPORTS_DAY, audience: { kind: "grade" } }],
    ["an impossible day", { ...SPORTS_DAY, audience: { kind: "orderedOn", date: "2030-02-30" } }],
  ])("refuses %s with 422 and writes nothing", async (_what, body) => {
    const before = await written();
    const answer = await send(admin, body);
    expect(answer.status).toBe(422);
    expect(typeof (answer.body as unknown as { message: string }).message).toBe("string");
    expect(await written()).toEqual(before);
  });

  it.each(callers("parents_students"))("answers %s", async (_who, browserFor, expected) => {
    const browser = await browserFor();
    const before = await written();
    const answer = await send(browser, SPORTS_DAY);
    expect(answer.status).toBe(expected === "allowed" ? 201 : expected);
    if (expected !== "allowed") expect(await written()).toEqual(before);
  });
});
