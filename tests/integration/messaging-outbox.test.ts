import { afterAll, beforeEach, describe, expect, it } from "@jest/globals";
import { NOT_ON_WHATSAPP } from "@/lib/contracts/message-delivery";
import { leaseSeconds, processSchoolOutbox } from "@/lib/messaging/outbox";
import { DEFAULT_SCHOOL_ID } from "@/lib/contracts/schools";
import { startFakeMessaging, TEST_MESSAGING_TIMEOUT_MS } from "@/tests/support/messaging-env";
import {
  makeDue,
  parentWithPhone,
  paymentNotice,
  queueNotice,
  rowsOf,
  setMessaging,
  settleOutbox,
} from "@/tests/support/messaging-fixtures";
import { testDb } from "@/tests/support/school";

// SMS and WhatsApp from the outbox (issue 48, decision 0109) against local fakes of Africa's
// Talking and WhatsApp's Cloud API: what each answer does to the row, retries without a second
// message, and two instances sending at once. No SMTP_URL here: the e-mail rows wait, as before,
// while the phone rows go out.

const { at, wa } = await startFakeMessaging();

afterAll(async () => {
  await at.stop();
  await wa.stop();
});

beforeEach(async () => {
  at.reset();
  wa.reset();
  at.apiKey = "at-test-key";
  await settleOutbox();
  await setMessaging({ senderId: null });
});

const run = () => processSchoolOutbox(DEFAULT_SCHOOL_ID);
const smsRow = async (userId: number) => (await rowsOf(userId)).find((r) => r.channel === "sms")!;
const waRow = async (userId: number) =>
  (await rowsOf(userId)).find((r) => r.channel === "whatsapp")!;

describe("an SMS row", () => {
  it("goes to Africa's Talking under the school's sender ID; the row keeps the message id", async () => {
    await setMessaging({ senderId: "KABULONGA" });
    const parent = await parentWithPhone({ channels: { payments: ["email", "sms"] } });
    expect(await queueNotice(paymentNotice(parent.id))).toEqual(["email", "sms"]);

    expect(await run()).toBe(1);

    expect(at.messages).toEqual([
      {
        messageId: expect.stringMatching(/^ATXid_/),
        to: parent.phone,
        message: "Kabulonga: ZMW 45.50 paid for Natasha.",
        from: "KABULONGA",
      },
    ]);
    const row = await smsRow(parent.id);
    expect(row).toMatchObject({
      status: "sent",
      providerMessageId: at.messages[0]!.messageId,
      attempts: 1,
      lockedUntil: null,
      lastError: null,
    });
    expect(row.sentAt).not.toBeNull();
    // The e-mail waits for SMTP_URL: not claimed, no attempt counted.
    const mail = (await rowsOf(parent.id)).find((r) => r.channel === "email");
    expect(mail).toMatchObject({ status: "pending", attempts: 0 });
    // Sent once: a second run sends nothing more.
    expect(await run()).toBe(0);
    expect(at.requests).toHaveLength(1);
  });

  it("without a sender ID, leaves `from` out (the account's default)", async () => {
    const parent = await parentWithPhone({ channels: { payments: ["sms"] } });
    await queueNotice(paymentNotice(parent.id));
    await run();
    expect(new URLSearchParams(at.requests[0]!.body).has("from")).toBe(false);
    expect(at.messages[0]).toMatchObject({ to: parent.phone, from: null });
  });

  it("is retried after a 5xx, and the fake receives exactly one message", async () => {
    const parent = await parentWithPhone({ channels: { payments: ["sms"] } });
    await queueNotice(paymentNotice(parent.id));
    at.httpError(503);

    const before = Date.now();
    expect(await run()).toBe(0);
    let row = await smsRow(parent.id);
    expect(row).toMatchObject({ status: "pending", attempts: 1, lockedUntil: null });
    expect(row.lastError).toContain("503");
    // Back-off: not before 30 seconds.
    expect(row.nextAttemptAt.getTime()).toBeGreaterThanOrEqual(before + 29_000);
    expect(await run()).toBe(0); // not due yet
    expect(at.requests).toHaveLength(1);

    await makeDue([row.id]);
    expect(await run()).toBe(1);
    row = await smsRow(parent.id);
    expect(row).toMatchObject({ status: "sent", attempts: 2, lastError: null });
    expect(at.requests).toHaveLength(2);
    expect(at.messages).toHaveLength(1);
    expect(row.providerMessageId).toBe(at.messages[0]!.messageId);
  });

  it("is retried when the provider hangs past MESSAGING_TIMEOUT_MS", async () => {
    const parent = await parentWithPhone({ channels: { payments: ["sms"] } });
    await queueNotice(paymentNotice(parent.id));
    at.hang();

    const started = Date.now();
    expect(await run()).toBe(0);
    expect(Date.now() - started).toBeGreaterThanOrEqual(TEST_MESSAGING_TIMEOUT_MS - 50);
    const row = await smsRow(parent.id);
    expect(row).toMatchObject({ status: "pending", attempts: 1 });
    expect(row.lastError).toBe(`No answer within ${TEST_MESSAGING_TIMEOUT_MS} ms`);

    await makeDue([row.id]);
    expect(await run()).toBe(1);
    expect(at.messages).toHaveLength(1);
    expect((await smsRow(parent.id)).status).toBe("sent");
  });

  it("a recipient refused (403 invalid number) fails for good with the provider's reason", async () => {
    const parent = await parentWithPhone({ channels: { payments: ["sms"] } });
    await queueNotice(paymentNotice(parent.id));
    at.failRecipient(parent.phone, 403);

    expect(await run()).toBe(0);
    const row = await smsRow(parent.id);
    expect(row).toMatchObject({
      status: "failed",
      lastError: "InvalidPhoneNumber (403)",
      providerMessageId: null,
      lockedUntil: null,
    });
    await makeDue([row.id]);
    expect(await run()).toBe(0);
    expect(at.requests).toHaveLength(1);
    expect(at.messages).toEqual([]);
  });

  it("a recipient's gateway error (500) is retried", async () => {
    const parent = await parentWithPhone({ channels: { payments: ["sms"] } });
    await queueNotice(paymentNotice(parent.id));
    at.failRecipient(parent.phone, 500);
    await run();
    expect(await smsRow(parent.id)).toMatchObject({
      status: "pending",
      lastError: "InternalServerError (500)",
    });
  });

  it("a wrong API key (401) fails the row with the provider's words", async () => {
    const parent = await parentWithPhone({ channels: { payments: ["sms"] } });
    await queueNotice(paymentNotice(parent.id));
    at.apiKey = "the-key-the-dashboard-shows-now";

    expect(await run()).toBe(0);
    expect(await smsRow(parent.id)).toMatchObject({
      status: "failed",
      lastError: "The supplied authentication is invalid",
    });
    expect(at.messages).toEqual([]);
  });
});

describe("a WhatsApp row", () => {
  it("sends the template in English with its body parameters, to the number without +", async () => {
    const parent = await parentWithPhone({ channels: { payments: ["whatsapp"] } });
    expect(await queueNotice(paymentNotice(parent.id))).toEqual(["whatsapp"]);

    expect(await run()).toBe(1);
    expect(wa.messages).toEqual([
      {
        id: expect.stringMatching(/^wamid\./),
        to: parent.phone.slice(1),
        template: "payment_confirmed",
        params: ["Natasha", "ZMW 45.50"],
      },
    ]);
    const body = JSON.parse(wa.requests[0]!.body) as { template: { language: { code: string } } };
    expect(body.template.language.code).toBe("en");
    expect(await waRow(parent.id)).toMatchObject({
      status: "sent",
      providerMessageId: wa.messages[0]!.id,
    });
    expect(at.requests).toEqual([]);
  });

  it("is retried after a 5xx and after a hang; one message in the end", async () => {
    const parent = await parentWithPhone({ channels: { payments: ["whatsapp"] } });
    await queueNotice(paymentNotice(parent.id));
    wa.httpError(502).hang();

    await run();
    const row = await waRow(parent.id);
    expect(row).toMatchObject({ status: "pending", attempts: 1 });
    await makeDue([row.id]);
    await run();
    expect(await waRow(parent.id)).toMatchObject({
      status: "pending",
      attempts: 2,
      lastError: `No answer within ${TEST_MESSAGING_TIMEOUT_MS} ms`,
    });
    await makeDue([row.id]);
    expect(await run()).toBe(1);
    expect(wa.requests).toHaveLength(3);
    expect(wa.messages).toHaveLength(1);
  });

  it("an expired token (401, code 190) fails for good with WhatsApp's words", async () => {
    const parent = await parentWithPhone({ channels: { payments: ["whatsapp"] } });
    await queueNotice(paymentNotice(parent.id));
    wa.token = "a-token-that-expired";
    try {
      await run();
    } finally {
      wa.token = "wa-test-token";
    }
    expect(await waRow(parent.id)).toMatchObject({
      status: "failed",
      lastError: "Error validating access token (190)",
    });
  });

  it("not on WhatsApp (131026) fails the row with that reason", async () => {
    const parent = await parentWithPhone({ channels: { payments: ["whatsapp"] } });
    await queueNotice(paymentNotice(parent.id));
    wa.markNotOnWhatsApp(parent.phone);
    await run();
    expect(await waRow(parent.id)).toMatchObject({ status: "failed", lastError: NOT_ON_WHATSAPP });
    // The parent did not choose SMS: no fallback.
    expect((await rowsOf(parent.id)).filter((r) => r.channel === "sms")).toEqual([]);
  });
});

describe("two instances at once", () => {
  it("never send a row twice, and together send every row", async () => {
    const parents = await Promise.all(
      Array.from({ length: 6 }, (_, i) =>
        parentWithPhone({ channels: { payments: [i % 2 === 0 ? "sms" : "whatsapp"] } }),
      ),
    );
    for (const parent of parents) await queueNotice(paymentNotice(parent.id));

    const [a, b] = await Promise.all([run(), run()]);
    expect(a + b).toBe(6);
    expect(at.messages.map((m) => m.to).sort()).toEqual(
      parents
        .filter((_, i) => i % 2 === 0)
        .map((p) => p.phone)
        .sort(),
    );
    expect(wa.messages).toHaveLength(3);
    expect(at.requests.length + wa.requests.length).toBe(6);
  });

  it("a run stuck on a hanging provider holds its rows: the other claims none of them", async () => {
    const parent = await parentWithPhone({ channels: { payments: ["sms"] } });
    await queueNotice(paymentNotice(parent.id));
    at.hang();

    const stuck = run();
    await at.waitForRequests(1);
    const row = await smsRow(parent.id);
    // The lease outlasts every time-out of the batch, not just this one.
    expect(row.lockedUntil!.getTime() - Date.now()).toBeGreaterThan(20 * TEST_MESSAGING_TIMEOUT_MS);
    expect(leaseSeconds(["sms"]) * 1000).toBeGreaterThan(20 * TEST_MESSAGING_TIMEOUT_MS);
    expect(await run()).toBe(0);
    expect(at.requests).toHaveLength(1);
    await stuck;
    expect(await smsRow(parent.id)).toMatchObject({ status: "pending", lockedUntil: null });
  });

  it("a row that has its provider's id is never claimed again", async () => {
    const parent = await parentWithPhone({ channels: { payments: ["sms"] } });
    await queueNotice(paymentNotice(parent.id));
    const row = await smsRow(parent.id);
    const db = await testDb();
    // As if an instance wrote the id and then lost the rest of its write.
    await db.emailOutbox.update({
      where: { schoolId_id: { schoolId: DEFAULT_SCHOOL_ID, id: row.id } },
      data: { providerMessageId: "ATXid_already" },
    });
    expect(await run()).toBe(0);
    expect(at.requests).toEqual([]);
  });
});
