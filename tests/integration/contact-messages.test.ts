import { beforeAll, beforeEach, describe, expect, it } from "@jest/globals";
import * as contact from "@/app/api/contact/email/route";
import * as message from "@/app/api/contact/messages/[id]/route";
import * as messages from "@/app/api/contact/messages/route";
import type { ContactMessageDto, ContactMessagesPageDto } from "@/lib/contracts/messages";
import { key, testDb } from "@/tests/support/school";
import { signedIn } from "@/tests/support/fixtures";
import type { Browser } from "@/tests/support/http";
import { callers, signedInAdmin } from "@/tests/support/money-admin-fixtures";

// The Messages inbox (issue 19): Contact Us messages kept without a support address, listed
// newest first with the unread count, marked handled and unread again; all behind `messages`.

const list = (browser: Browser, page?: string) =>
  browser.call<ContactMessagesPageDto>(messages.GET, "GET", "/api/contact/messages", {
    query: page === undefined ? {} : { page },
  });
const mark = (browser: Browser, id: number | string, body: unknown) =>
  browser.call<ContactMessageDto>(message.PUT, "PUT", `/api/contact/messages/${id}`, {
    params: { id: String(id) },
    body,
  });
const send = (browser: Browser, text: string) =>
  browser.call(contact.POST, "POST", "/api/contact/email", {
    body: { name: "Mary Banda", email: "mary@example.com", message: text },
  });

let admin: Browser;

beforeAll(async () => {
  admin = await signedInAdmin(["messages"]);
});

beforeEach(async () => {
  const db = await testDb();
  await db.contactMessage.deleteMany();
  // No support address: the inbox is then the only place the message goes.
  await db.setting.deleteMany({ where: { key: "communication" } });
});

describe("GET /api/contact/messages", () => {
  it.each(callers("messages"))("answers %s", async (_who, browserFor, expected) => {
    const answer = await list(await browserFor());
    expect(answer.status).toBe(expected === "allowed" ? 200 : expected);
  });

  it("lists kept messages newest first, with the sender's account and the unread count", async () => {
    const parent = await signedIn("parent", [], { withEmail: true });
    expect((await send(parent.browser, "First message, about lunch")).status).toBe(200);
    expect((await send(parent.browser, "Second message, about lunch")).status).toBe(200);
    const answer = await list(admin);
    expect(answer.status).toBe(200);
    expect(answer.body.unread).toBe(2);
    expect(answer.body.metadata).toMatchObject({ total: 2, page: 1, hasNextPage: false });
    expect(answer.body.data.map((row) => row.text)).toEqual([
      "Second message, about lunch",
      "First message, about lunch",
    ]);
    expect(answer.body.data[0]).toMatchObject({
      name: "Mary Banda",
      email: "mary@example.com",
      account: { id: parent.id, username: parent.username, role: "parent" },
      handledAt: null,
      handledBy: null,
    });
  });

  it("pages by 20 and refuses a bad page with 422", async () => {
    const db = await testDb();
    await db.contactMessage.createMany({
      data: Array.from({ length: 21 }, (_, i) => ({
        name: "Sender",
        email: "s@example.com",
        text: `Message number ${i}`,
        createdAt: new Date(Date.UTC(2030, 0, 1, 8, i)),
      })),
    });
    const second = await list(admin, "2");
    expect(second.body.data.map((row) => row.text)).toEqual(["Message number 0"]);
    expect(second.body.metadata).toMatchObject({ total: 21, totalPages: 2, hasPreviousPage: true });
    expect((await list(admin, "0")).status).toBe(422);
  });
});

describe("PUT /api/contact/messages/{id}", () => {
  async function keptId() {
    const parent = await signedIn("parent");
    expect((await send(parent.browser, "Please call me back today")).status).toBe(200);
    const db = await testDb();
    const row = await db.contactMessage.findFirstOrThrow({ where: { userId: parent.id } });
    return row.id;
  }

  it.each(callers("messages"))("answers %s", async (_who, browserFor, expected) => {
    const id = await keptId();
    const answer = await mark(await browserFor(), id, { handled: true });
    expect(answer.status).toBe(expected === "allowed" ? 200 : expected);
    const db = await testDb();
    const row = await db.contactMessage.findUniqueOrThrow({ where: key(id) });
    expect(row.handledAt === null).toBe(expected !== "allowed");
  });

  it("marks handled (by whom, audited), then unread again, and the unread count follows", async () => {
    const id = await keptId();
    const handled = await mark(admin, id, { handled: true });
    expect(handled.status).toBe(200);
    expect(handled.body.handledAt).not.toBeNull();
    expect(handled.body.handledBy).toMatch(/^money\.admin\./);
    expect((await list(admin)).body.unread).toBe(0);
    const db = await testDb();
    expect(
      await db.auditLog.count({
        where: { action: "contact-message.handled", entityId: String(id) },
      }),
    ).toBe(1);

    const unread = await mark(admin, id, { handled: false });
    expect(unread.body).toMatchObject({ handledAt: null, handledBy: null });
    expect((await list(admin)).body.unread).toBe(1);
  });

  it.each([
    ["no body field", {}],
    ["a string", { handled: "yes" }],
  ])("refuses %s with 422 and changes nothing", async (_, body) => {
    const id = await keptId();
    const answer = await mark(admin, id, body);
    expect(answer.status).toBe(422);
    expect(answer.body).toMatchObject({ message: "Handled must be true or false" });
    const db = await testDb();
    expect((await db.contactMessage.findUniqueOrThrow({ where: key(id) })).handledAt).toBeNull();
  });

  it("answers 404 for a missing or malformed id", async () => {
    expect((await mark(admin, 999999, { handled: true })).status).toBe(404);
    expect((await mark(admin, "abc", { handled: true })).status).toBe(404);
  });
});
