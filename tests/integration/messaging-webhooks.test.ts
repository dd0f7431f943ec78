import { Writable } from "node:stream";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "@jest/globals";
import * as smsReport from "@/app/api/webhooks/sms/africastalking/[secret]/route";
import * as smsOptOut from "@/app/api/webhooks/sms/africastalking/[secret]/opt-out/route";
import * as whatsappHook from "@/app/api/webhooks/whatsapp/route";
import { SMS_OPTED_OUT } from "@/lib/contracts/message-delivery";
import { DEFAULT_SCHOOL_ID } from "@/lib/contracts/schools";
import { processSchoolOutbox } from "@/lib/messaging/outbox";
import { log, setLogSink } from "@/lib/observability/log";
import { FakeAfricasTalking } from "@/tests/support/fake-africastalking";
import { FakeWhatsApp } from "@/tests/support/fake-whatsapp";
import { Browser } from "@/tests/support/http";
import {
  AT_CALLBACK_SECRET,
  startFakeMessaging,
  WHATSAPP_APP_SECRET,
  WHATSAPP_VERIFY_TOKEN,
} from "@/tests/support/messaging-env";
import {
  parentWithPhone,
  paymentNotice,
  queueNotice,
  rowsOf,
  setMessaging,
  settleOutbox,
  type PhoneParent,
} from "@/tests/support/messaging-fixtures";
import { createSchool, testDb } from "@/tests/support/school";

// The providers' callbacks (issue 48, decision 0109): Africa's Talking's delivery reports and
// opt-outs behind a secret path, WhatsApp's verification and signed statuses. They come from the
// providers' servers, to whatever host the platform gave them: here one no school answers on.

const { at, wa } = await startFakeMessaging();
let second: Awaited<ReturnType<typeof createSchool>>;

beforeAll(async () => {
  second = await createSchool("hooks");
});
afterAll(async () => {
  await at.stop();
  await wa.stop();
});
beforeEach(async () => {
  at.reset();
  wa.reset();
  await settleOutbox();
  await settleOutbox(second.id);
  await setMessaging({ senderId: "KABULONGA" });
  await setMessaging({ senderId: "HOOKS" }, second.id);
});

/** The provider: no cookie, no Origin a browser would send, a host no school claims. */
const provider = () => new Browser("102.22.0.9", "https://hooks.platform.example");
const form = { "content-type": "application/x-www-form-urlencoded" };

const postReport = (body: string, secret = AT_CALLBACK_SECRET) =>
  provider().call(smsReport.POST, "POST", `/api/webhooks/sms/africastalking/${secret}`, {
    params: { secret },
    rawBody: body,
    headers: form,
  });
const postOptOut = (body: string, secret = AT_CALLBACK_SECRET) =>
  provider().call(smsOptOut.POST, "POST", `/api/webhooks/sms/africastalking/${secret}/opt-out`, {
    params: { secret },
    rawBody: body,
    headers: form,
  });
const postStatus = (raw: string, signature: string | null) =>
  provider().call(whatsappHook.POST, "POST", "/api/webhooks/whatsapp", {
    rawBody: raw,
    headers: {
      "content-type": "application/json",
      ...(signature === null ? {} : { "x-hub-signature-256": signature }),
    },
  });

/** A parent's payment SMS, sent: the row and its message id. */
async function sentSms(schoolId = DEFAULT_SCHOOL_ID) {
  const parent = await parentWithPhone({ channels: { payments: ["sms"] }, schoolId });
  await queueNotice(paymentNotice(parent.id), schoolId);
  await processSchoolOutbox(schoolId);
  const row = (await rowsOf(parent.id, schoolId)).find((r) => r.channel === "sms")!;
  expect(row.status).toBe("sent");
  return { parent, row, messageId: row.providerMessageId! };
}

async function sentWhatsApp() {
  const parent = await parentWithPhone({ channels: { payments: ["whatsapp"] } });
  await queueNotice(paymentNotice(parent.id));
  await processSchoolOutbox(DEFAULT_SCHOOL_ID);
  const row = (await rowsOf(parent.id)).find((r) => r.channel === "whatsapp")!;
  expect(row.status).toBe("sent");
  return { parent, row, messageId: row.providerMessageId! };
}

async function rowNow(id: number, schoolId = DEFAULT_SCHOOL_ID) {
  const db = await testDb(schoolId);
  return db.emailOutbox.findUniqueOrThrow({ where: { schoolId_id: { schoolId, id } } });
}

describe("Africa's Talking's delivery report", () => {
  it("Success: delivered, with the time; a later Failed never moves it back", async () => {
    const { row, messageId } = await sentSms();
    const answer = await postReport(FakeAfricasTalking.deliveryReport(messageId, "Success"));
    expect(answer).toMatchObject({ status: 200, body: { ok: true } });
    const delivered = await rowNow(row.id);
    expect(delivered.status).toBe("delivered");
    expect(delivered.deliveredAt).not.toBeNull();

    await postReport(
      FakeAfricasTalking.deliveryReport(messageId, "Failed", { failureReason: "DeliveryFailure" }),
    );
    expect(await rowNow(row.id)).toMatchObject({ status: "delivered", lastError: null });
  });

  it("Failed or Rejected: failed with the provider's reason; Buffered changes nothing", async () => {
    const first = await sentSms();
    await postReport(FakeAfricasTalking.deliveryReport(first.messageId, "Buffered"));
    expect((await rowNow(first.row.id)).status).toBe("sent");
    await postReport(
      FakeAfricasTalking.deliveryReport(first.messageId, "Failed", {
        failureReason: "AbsentSubscriber",
      }),
    );
    expect(await rowNow(first.row.id)).toMatchObject({
      status: "failed",
      lastError: "AbsentSubscriber",
    });

    const second = await sentSms();
    await postReport(FakeAfricasTalking.deliveryReport(second.messageId, "Rejected"));
    expect(await rowNow(second.row.id)).toMatchObject({ status: "failed", lastError: "Rejected" });
  });

  it("finds the row at whichever school sent it", async () => {
    const { row, messageId } = await sentSms(second.id);
    expect((await postReport(FakeAfricasTalking.deliveryReport(messageId, "Success"))).status).toBe(
      200,
    );
    expect((await rowNow(row.id, second.id)).status).toBe("delivered");
  });

  it("an id we never sent is ignored with 200", async () => {
    const { row } = await sentSms();
    const answer = await postReport(FakeAfricasTalking.deliveryReport("ATXid_not_ours", "Success"));
    expect(answer.status).toBe(200);
    expect((await rowNow(row.id)).status).toBe("sent");
  });

  it("a wrong secret is a path that does not exist, and changes nothing", async () => {
    const { row, messageId } = await sentSms();
    const report = FakeAfricasTalking.deliveryReport(messageId, "Success");
    for (const secret of ["wrong", `${AT_CALLBACK_SECRET}x`, AT_CALLBACK_SECRET.slice(0, -1), ""]) {
      const answer = await postReport(report, secret);
      expect(answer).toMatchObject({ status: 404, body: { message: "API endpoint not found" } });
    }
    expect((await rowNow(row.id)).status).toBe("sent");
  });

  it("the request log names the path without its secret", async () => {
    const lines: string[] = [];
    setLogSink(
      new Writable({
        write(chunk: Buffer, _encoding, done) {
          lines.push(...chunk.toString("utf8").split("\n").filter(Boolean));
          done();
        },
      }),
    );
    const level = log.level;
    log.level = "info";
    try {
      await postReport(FakeAfricasTalking.deliveryReport("ATXid_logged", "Buffered"));
      await postReport(FakeAfricasTalking.deliveryReport("ATXid_logged", "Buffered"), "a-guess");
    } finally {
      setLogSink(null);
      log.level = level;
    }
    const requests = lines
      .map((line) => JSON.parse(line) as { msg: string; path?: string })
      .filter((record) => record.msg === "request");
    expect(requests.map((r) => r.path)).toEqual([
      "/api/webhooks/sms/africastalking/[secret]",
      "/api/webhooks/sms/africastalking/[secret]",
    ]);
    expect(lines.join("\n")).not.toContain(AT_CALLBACK_SECRET);
  });

  it("a report without an id is refused with 422", async () => {
    const answer = await postReport("status=Success&phoneNumber=%2B260977000000");
    expect(answer.status).toBe(422);
  });
});

describe("Africa's Talking's opt-out (STOP)", () => {
  async function parents(phone: string) {
    const here = await parentWithPhone({ phone, channels: { payments: ["sms"] } });
    const there = await parentWithPhone({ phone, schoolId: second.id });
    return { here, there };
  }
  const optedOut = async (p: PhoneParent) => {
    const db = await testDb(p.schoolId);
    const user = await db.user.findUniqueOrThrow({
      where: { schoolId_id: { schoolId: p.schoolId, id: p.id } },
    });
    return user.smsOptedOutAt !== null;
  };

  it("stops SMS for the number at the school of that sender ID only, and its waiting SMS", async () => {
    const phone = "+260977555001";
    const { here, there } = await parents(phone);
    // Queued for the morning: still waiting when the STOP comes.
    await queueNotice({ ...paymentNotice(here.id), immediate: false });
    const db = await testDb();
    await db.emailOutbox.updateMany({
      where: { schoolId: DEFAULT_SCHOOL_ID, userId: here.id, channel: "sms" },
      data: { nextAttemptAt: new Date(Date.now() + 3600_000) },
    });

    const answer = await postOptOut(FakeAfricasTalking.optOut("KABULONGA", "+260 977 555 001"));
    expect(answer.status).toBe(200);
    expect(await optedOut(here)).toBe(true);
    expect(await optedOut(there)).toBe(false);
    expect((await rowsOf(here.id)).find((r) => r.channel === "sms")).toMatchObject({
      status: "failed",
      lastError: SMS_OPTED_OUT,
    });
  });

  it("a sender ID no school has (the account's default) stops the number at every school", async () => {
    const { here, there } = await parents("+260977555002");
    const unproven = await parentWithPhone({ phone: "+260977555002" });
    const db = await testDb();
    await db.user.update({
      where: { schoolId_id: { schoolId: DEFAULT_SCHOOL_ID, id: unproven.id } },
      data: { phoneVerifiedAt: null },
    });
    await postOptOut(FakeAfricasTalking.optOut("AFRICASTKNG", "+260977555002"));
    expect([await optedOut(here), await optedOut(there), await optedOut(unproven)]).toEqual([
      true,
      true,
      false,
    ]);
  });

  it("a wrong secret changes nothing", async () => {
    const { here } = await parents("+260977555003");
    const answer = await postOptOut(FakeAfricasTalking.optOut("KABULONGA", here.phone), "nope");
    expect(answer.status).toBe(404);
    expect(await optedOut(here)).toBe(false);
  });
});

describe("WhatsApp's webhook", () => {
  const challenge = (query: Record<string, string>) =>
    provider().call(whatsappHook.GET, "GET", "/api/webhooks/whatsapp", { query });

  it("answers the verification challenge as plain text when the token is ours, 403 otherwise", async () => {
    const good = await challenge({
      "hub.mode": "subscribe",
      "hub.verify_token": WHATSAPP_VERIFY_TOKEN,
      "hub.challenge": "1158201444",
    });
    expect(good.status).toBe(200);
    expect(good.body).toBe(1158201444); // the text, which the test's reader parses as JSON
    expect(good.headers.get("content-type")).toMatch(/^text\/plain/);
    const refused: Record<string, string>[] = [
      { "hub.mode": "subscribe", "hub.verify_token": "guess", "hub.challenge": "1" },
      {
        "hub.mode": "unsubscribe",
        "hub.verify_token": WHATSAPP_VERIFY_TOKEN,
        "hub.challenge": "1",
      },
      { "hub.mode": "subscribe", "hub.verify_token": WHATSAPP_VERIFY_TOKEN },
      {},
    ];
    for (const query of refused) {
      expect((await challenge(query)).status).toBe(403);
    }
  });

  it("a signed status: delivered and read mark the row delivered; sent changes nothing", async () => {
    const one = await sentWhatsApp();
    let raw = FakeWhatsApp.statusBody(one.messageId, "sent");
    expect((await postStatus(raw, FakeWhatsApp.sign(raw, WHATSAPP_APP_SECRET))).status).toBe(200);
    expect((await rowNow(one.row.id)).status).toBe("sent");
    raw = FakeWhatsApp.statusBody(one.messageId, "delivered");
    await postStatus(raw, FakeWhatsApp.sign(raw, WHATSAPP_APP_SECRET));
    expect((await rowNow(one.row.id)).status).toBe("delivered");

    const two = await sentWhatsApp();
    raw = FakeWhatsApp.statusBody(two.messageId, "read");
    await postStatus(raw, FakeWhatsApp.sign(raw, WHATSAPP_APP_SECRET));
    const read = await rowNow(two.row.id);
    expect(read.status).toBe("delivered");
    expect(read.deliveredAt).not.toBeNull();
  });

  it("a signed failed status: failed with WhatsApp's title and code", async () => {
    const { row, messageId } = await sentWhatsApp();
    const raw = FakeWhatsApp.statusBody(messageId, "failed", {
      code: 131047,
      title: "Re-engagement message",
    });
    expect((await postStatus(raw, FakeWhatsApp.sign(raw, WHATSAPP_APP_SECRET))).status).toBe(200);
    expect(await rowNow(row.id)).toMatchObject({
      status: "failed",
      lastError: "Re-engagement message (131047)",
    });
  });

  it("refuses a missing or bad signature with 401 before reading the body", async () => {
    const { row, messageId } = await sentWhatsApp();
    const raw = FakeWhatsApp.statusBody(messageId, "delivered");
    const other = FakeWhatsApp.statusBody("wamid.other", "delivered");
    for (const signature of [
      null,
      "",
      FakeWhatsApp.sign(raw, "another-app-secret"),
      FakeWhatsApp.sign(other, WHATSAPP_APP_SECRET),
      FakeWhatsApp.sign(raw, WHATSAPP_APP_SECRET).replace("sha256=", "sha1="),
      `${FakeWhatsApp.sign(raw, WHATSAPP_APP_SECRET)}00`,
    ]) {
      const answer = await postStatus(raw, signature);
      expect(answer).toMatchObject({ status: 401, body: { message: "Invalid signature" } });
    }
    // Signed, but changed on the way.
    const changed = raw.replace('"delivered"', '"read"');
    expect((await postStatus(changed, FakeWhatsApp.sign(raw, WHATSAPP_APP_SECRET))).status).toBe(
      401,
    );
    expect((await rowNow(row.id)).status).toBe("sent");
  });

  it("a status for a message we did not send is ignored with 200", async () => {
    const raw = FakeWhatsApp.statusBody("wamid.not-ours", "delivered");
    expect((await postStatus(raw, FakeWhatsApp.sign(raw, WHATSAPP_APP_SECRET))).status).toBe(200);
  });
});
