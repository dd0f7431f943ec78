import { beforeEach, describe, expect, it } from "@jest/globals";
import * as contact from "@/app/api/contact/email/route";
import { testDb } from "@/tests/support/school";
import { signedIn } from "@/tests/support/fixtures";
import { Browser } from "@/tests/support/http";

const SUPPORT = "office@school.example";
const valid = {
  name: "Mary Banda",
  email: "mary@example.com",
  message: "Could the canteen add more vegetarian options?",
};

/** A parent account named like the form's sender, with an e-mail address, signed in. */
const signedInMary = () => signedIn("parent", [], { name: "Mary Banda", withEmail: true });

async function setSupportEmail(supportEmail: string) {
  const db = await testDb();
  const value = { supportEmail, whatsappNumber: "" };
  await db.setting.upsert({
    where: { schoolId_key: { schoolId: 1, key: "communication" } },
    create: { key: "communication", value },
    update: { value },
  });
}

async function outboxCount() {
  const db = await testDb();
  return db.emailOutbox.count();
}

async function messageCount() {
  const db = await testDb();
  return db.contactMessage.count();
}

const send = (browser: Browser, body: unknown) =>
  browser.call(contact.POST, "POST", "/api/contact/email", { body });

describe("POST /api/contact/email", () => {
  beforeEach(async () => setSupportEmail(SUPPORT));

  it("answers 401 when signed out and queues nothing", async () => {
    const before = await outboxCount();
    const answer = await send(new Browser(), valid);
    expect(answer.status).toBe(401);
    expect(await outboxCount()).toBe(before);
  });

  it("queues exactly one message to the support address", async () => {
    const { browser, username } = await signedInMary();
    const db = await testDb();
    const before = await db.emailOutbox.findMany({ select: { id: true } });
    const answer = await send(browser, { ...valid, name: "  Mary Banda " });
    expect(answer.status).toBe(200);
    expect(answer.body).toEqual({ message: "Message sent" });
    const added = await db.emailOutbox.findMany({
      where: { id: { notIn: before.map((row) => row.id) } },
    });
    expect(added).toHaveLength(1);
    const [mail] = added;
    expect(mail).toMatchObject({
      to: SUPPORT,
      subject: `Portal message from ${username}`,
      status: "pending",
    });
    expect(mail?.text).toContain(username);
    expect(mail?.text).toContain("Name: Mary Banda\n");
    expect(mail?.text).toContain("mary@example.com");
    expect(mail?.text).toContain(valid.message);
  });

  it("keeps HTML in a message as plain text", async () => {
    const { browser } = await signedInMary();
    const message = `<script>alert("hi")</script> please call me back`;
    expect((await send(browser, { ...valid, message })).status).toBe(200);
    const db = await testDb();
    const last = await db.emailOutbox.findFirst({ orderBy: { id: "desc" } });
    expect(last?.text).toContain(message);
  });

  it.each([
    ["no name", { name: undefined }, "Name is required"],
    ["a blank name", { name: "   " }, "Name is required"],
    ["a number as name", { name: 7 }, "Name is required"],
    ["a 101-character name", { name: "n".repeat(101) }, "Name must be at most 100 characters"],
    [
      "a line break in the name",
      { name: "Mary\nBcc: x" },
      "Name contains characters that are not allowed",
    ],
    ["no e-mail", { email: undefined }, "Please enter a valid email address"],
    ["a bad e-mail", { email: "mary@" }, "Please enter a valid email address"],
    ["an e-mail list", { email: ["a@b.co"] }, "Please enter a valid email address"],
    [
      "a 300-character e-mail",
      { email: `${"m".repeat(290)}@example.com` },
      "Please enter a valid email address",
    ],
    ["no message", { message: undefined }, "Message must be at least 10 characters long"],
    ["a short message", { message: "Too short" }, "Message must be at least 10 characters long"],
    [
      "a padded short message",
      { message: "   short    " },
      "Message must be at least 10 characters long",
    ],
    ["a number as message", { message: 1234567890 }, "Message must be at least 10 characters long"],
    [
      "a 5001-character message",
      { message: "m".repeat(5001) },
      "Message must be at most 5000 characters long",
    ],
  ])("refuses %s with the spec's message and queues nothing", async (_, change, message) => {
    const { browser } = await signedInMary();
    const before = await outboxCount();
    const keptBefore = await messageCount();
    const answer = await send(browser, { ...valid, ...change });
    expect(answer.status).toBe(422);
    expect(answer.body).toMatchObject({ message, error: message });
    expect(await outboxCount()).toBe(before);
    expect(await messageCount()).toBe(keptBefore);
  });

  it("refuses NUL and other control characters in a message, and queues nothing", async () => {
    const { browser } = await signedInMary();
    for (const character of ["\u0000", "\u0007", "\u001b", "\u007f", "\u0085"]) {
      const before = await outboxCount();
      const answer = await send(browser, { ...valid, message: `Line one${character}\nLine two` });
      expect(answer.status).toBe(422);
      expect(answer.body).toMatchObject({
        message: "Message contains characters that are not allowed",
      });
      expect(await outboxCount()).toBe(before);
    }
  });

  it("keeps a message's tabs and line breaks, a Windows line break as one", async () => {
    const { browser } = await signedInMary();
    const answer = await send(browser, { ...valid, message: "Line one\r\n\tLine two\rthree" });
    expect(answer.status).toBe(200);
    const db = await testDb();
    const last = await db.emailOutbox.findFirst({ orderBy: { id: "desc" } });
    expect(last?.text).toContain("Line one\n\tLine two\nthree");
  });

  it("keeps the message and answers 200 when no support e-mail is configured", async () => {
    await setSupportEmail("");
    const { browser, id } = await signedInMary();
    const before = await outboxCount();
    const answer = await send(browser, valid);
    expect(answer.status).toBe(200);
    expect(answer.body).toEqual({ message: "Message sent" });
    expect(await outboxCount()).toBe(before);
    const db = await testDb();
    const kept = await db.contactMessage.findFirst({ where: { userId: id } });
    expect(kept).toMatchObject({ name: "Mary Banda", email: valid.email, text: valid.message });
    expect(kept?.handledAt).toBeNull();
  });

  it("keeps the message as well as sending it when a support e-mail is set", async () => {
    const { browser, id } = await signedInMary();
    expect((await send(browser, valid)).status).toBe(200);
    const db = await testDb();
    expect(await db.contactMessage.count({ where: { userId: id } })).toBe(1);
  });

  it("accepts 5 messages an hour per user, then answers 429 with Retry-After", async () => {
    const { browser } = await signedInMary();
    const before = await outboxCount();
    const keptBefore = await messageCount();
    for (let i = 0; i < 5; i++) expect((await send(browser, valid)).status).toBe(200);
    const limited = await send(browser, valid);
    expect(limited.status).toBe(429);
    expect(Number(limited.headers.get("retry-after"))).toBeGreaterThan(0);
    expect(await outboxCount()).toBe(before + 5);
    expect(await messageCount()).toBe(keptBefore + 5);
    // Another user is counted separately.
    const other = await signedInMary();
    expect((await send(other.browser, valid)).status).toBe(200);
  });
});
