import { beforeAll, describe, expect, it } from "@jest/globals";
import * as outbox from "@/app/api/outbox/route";
import type { SentMessagesPageDto } from "@/lib/contracts/outbox";
import { family, type Family } from "@/tests/support/announcement-fixtures";
import type { Browser } from "@/tests/support/http";
import { callers, signedInAdmin } from "@/tests/support/money-admin-fixtures";
import { createSchool, testDb } from "@/tests/support/school";

// The Messages section's sent messages (issue 48, decision 0112): every outbox row with its channel
// and state, filtered and paged; a parent's failed SMS with its reason; a secret's text never,
// an erased one said to be erased; behind the `messages` feature, one school's rows only.

let office: Browser;
let parent: Family;
const ids: Record<string, number> = {};

const read = (browser: Browser, query: Record<string, string> = {}) =>
  browser.call<SentMessagesPageDto>(outbox.GET, "GET", "/api/outbox", { query });

beforeAll(async () => {
  office = await signedInAdmin(["messages"]);
  parent = await family({ phone: "verified" });
  const db = await testDb();
  // Nothing else in this file writes to the outbox after this (the admins are made directly).
  await db.emailOutbox.deleteMany();
  const at = (minute: number) => new Date(Date.UTC(2030, 0, 7, 8, minute));
  const rows = {
    receipt: {
      channel: "email",
      to: parent.email!,
      subject: "Payment received",
      text: "Thank you for your payment of K40.00",
      status: "sent",
      sentAt: at(1),
      kind: "payments",
    },
    failedSms: {
      channel: "sms",
      to: parent.phone!,
      subject: "Payment confirmations",
      text: "School Tuckshop: K40.00 received for Mwansa, Tue 8 Jan. Thank you.",
      status: "failed",
      lastError: "AbsentSubscriber",
      attempts: 1,
      kind: "payments",
    },
    whatsapp: {
      channel: "whatsapp",
      to: parent.phone!,
      subject: "Closed days",
      text: "School Tuckshop: no meals on Tue 8 Jan. K40.00 credited.",
      template: { name: "day_closed", params: ["School Tuckshop", "Tue 8 Jan", "K40.00"] },
      status: "delivered",
      deliveredAt: at(4),
      kind: "closures",
    },
    code: {
      channel: "sms",
      to: parent.phone!,
      subject: "Phone code",
      text: "Your School Tuckshop code is 482913",
      erasure: "secret",
      status: "pending",
    },
    erased: {
      channel: "email",
      to: parent.email!,
      subject: "Order reminder",
      text: "[erased]",
      erasedAt: at(5),
      status: "sent",
      kind: "reminders",
    },
    waiting: {
      channel: "sms",
      to: parent.phone!,
      subject: "School announcements",
      text: "School Tuckshop: Sports day. No lunch on Friday.",
      status: "pending",
      nextAttemptAt: new Date(Date.UTC(2030, 0, 8, 6)),
      kind: "announcements",
    },
  } as const;
  let minute = 0;
  for (const [name, data] of Object.entries(rows)) {
    const row = await db.emailOutbox.create({
      data: { ...data, userId: parent.id, createdAt: at(minute++) },
      select: { id: true },
    });
    ids[name] = row.id;
  }
});

describe("GET /api/outbox", () => {
  it("lists every message newest first with its channel, state and account", async () => {
    const answer = await read(office);
    expect(answer.status).toBe(200);
    expect(answer.body.data.map((m) => m.id)).toEqual(
      ["waiting", "erased", "code", "whatsapp", "failedSms", "receipt"].map((name) => ids[name]),
    );
    expect(answer.body.metadata).toMatchObject({ total: 6, page: 1, hasNextPage: false });
    const whatsapp = answer.body.data.find((m) => m.id === ids.whatsapp)!;
    expect(whatsapp).toMatchObject({
      channel: "whatsapp",
      kind: "closures",
      state: "delivered",
      to: parent.phone,
      account: { id: parent.id, username: parent.username, name: parent.name },
      deliveredAt: "2030-01-07T08:04:00.000Z",
      nextAttemptAt: null,
    });
    const waiting = answer.body.data.find((m) => m.id === ids.waiting)!;
    expect(waiting).toMatchObject({ state: "queued", nextAttemptAt: "2030-01-08T06:00:00.000Z" });
  });

  it("shows a parent's failed SMS with its reason", async () => {
    const answer = await read(office, { channel: "sms", state: "failed" });
    expect(answer.body.data).toEqual([
      expect.objectContaining({
        id: ids.failedSms,
        channel: "sms",
        state: "failed",
        reason: "AbsentSubscriber",
        to: parent.phone,
        text: "School Tuckshop: K40.00 received for Mwansa, Tue 8 Jan. Thank you.",
      }),
    ]);
  });

  it("never shows a secret's text, even before it is sent; an erased one says so", async () => {
    const answer = await read(office);
    const code = answer.body.data.find((m) => m.id === ids.code)!;
    expect(code).toMatchObject({ text: null, hidden: "secret", state: "queued" });
    expect(JSON.stringify(answer.body)).not.toContain("482913");
    const erased = answer.body.data.find((m) => m.id === ids.erased)!;
    expect(erased).toMatchObject({ text: null, hidden: "erased", state: "sent" });
    const receipt = answer.body.data.find((m) => m.id === ids.receipt)!;
    expect(receipt).toMatchObject({ text: "Thank you for your payment of K40.00", hidden: null });
  });

  it.each([
    [{ channel: "email" }, ["erased", "receipt"]],
    [{ channel: "whatsapp" }, ["whatsapp"]],
    [{ state: "queued" }, ["waiting", "code"]],
    [{ state: "sent" }, ["erased", "receipt"]],
    [{ state: "delivered" }, ["whatsapp"]],
    [{ channel: "sms", state: "queued" }, ["waiting", "code"]],
    [
      { channel: "all", state: "all" },
      ["waiting", "erased", "code", "whatsapp", "failedSms", "receipt"],
    ],
    [{ channel: "", state: "" }, ["waiting", "erased", "code", "whatsapp", "failedSms", "receipt"]],
  ])("filters by %j", async (query, names) => {
    const answer = await read(office, query);
    expect(answer.status).toBe(200);
    expect(answer.body.data.map((m) => m.id)).toEqual(names.map((name) => ids[name]));
    expect(answer.body.metadata.total).toBe(names.length);
  });

  it.each([
    [{ channel: "fax" }, 'Channel must be "email", "sms", "whatsapp" or "all"'],
    [{ state: "pending" }, 'State must be "queued", "sent", "delivered", "failed" or "all"'],
    [{ page: "0" }, "Page must be a positive whole number"],
  ])("refuses %j with 422", async (query, message) => {
    const answer = await read(office, query);
    expect(answer.status).toBe(422);
    expect(answer.body).toMatchObject({ message });
  });

  it("pages by 20, and shows none of another school's messages", async () => {
    const other = await createSchool("outbox", { name: "Outbox School" });
    const theirs = await testDb(other.id);
    await theirs.emailOutbox.create({
      data: { to: "x@example.com", subject: "Theirs", text: "Not yours", status: "failed" },
    });
    const db = await testDb();
    for (let i = 0; i < 15; i++) {
      await db.emailOutbox.create({
        data: {
          to: `old${i}@example.com`,
          subject: `Old ${i}`,
          text: "x",
          status: "sent",
          createdAt: new Date(Date.UTC(2020, 0, 1, 8, i)),
        },
      });
    }
    const second = await read(office, { page: "2" });
    expect(second.body.metadata).toMatchObject({ total: 21, totalPages: 2, hasPreviousPage: true });
    expect(second.body.data.map((m) => m.subject)).toEqual(["Old 0"]);
    const failed = await read(office, { state: "failed" });
    expect(failed.body.data.map((m) => m.subject)).not.toContain("Theirs");
  });

  it.each(callers("messages"))("answers %s", async (_who, browserFor, expected) => {
    const answer = await read(await browserFor());
    expect(answer.status).toBe(expected === "allowed" ? 200 : expected);
  });

  it("is refused to an admin who may send announcements but not read messages", async () => {
    const announcer = await signedInAdmin(["parents_students"]);
    expect((await read(announcer)).status).toBe(403);
  });
});
