import { afterAll, beforeEach, describe, expect, it } from "@jest/globals";
import * as whatsappHook from "@/app/api/webhooks/whatsapp/route";
import { NOT_ON_WHATSAPP } from "@/lib/contracts/message-delivery";
import { DEFAULT_SCHOOL_ID } from "@/lib/contracts/schools";
import { processSchoolOutbox } from "@/lib/messaging/outbox";
import { FakeWhatsApp } from "@/tests/support/fake-whatsapp";
import { Browser } from "@/tests/support/http";
import { startFakeMessaging, WHATSAPP_APP_SECRET } from "@/tests/support/messaging-env";
import {
  parentWithPhone,
  paymentNotice,
  queueNotice,
  rowsOf,
  setMessaging,
  settleOutbox,
} from "@/tests/support/messaging-fixtures";

// "Not on WhatsApp" (131026) falls back to SMS once (issue 48, decisions 0108 and 0109): when
// WhatsApp says so as the message is sent, or later in a status report, or both.

const { at, wa } = await startFakeMessaging();

afterAll(async () => {
  await at.stop();
  await wa.stop();
});

beforeEach(async () => {
  at.reset();
  wa.reset();
  await settleOutbox();
  await setMessaging({ senderId: "KABULONGA" });
});

const run = () => processSchoolOutbox(DEFAULT_SCHOOL_ID);

/** Runs until no due row is left (the fallback's own run included). */
async function runUntilQuiet() {
  for (let i = 0; i < 10; i++) {
    await run();
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

async function postStatus(raw: string) {
  return new Browser("157.240.0.1").call(whatsappHook.POST, "POST", "/api/webhooks/whatsapp", {
    rawBody: raw,
    headers: { "x-hub-signature-256": FakeWhatsApp.sign(raw, WHATSAPP_APP_SECRET) },
  });
}

describe("a parent who chose WhatsApp and SMS, whose number is not on WhatsApp", () => {
  it("gets the SMS once: the WhatsApp row fails, one SMS row names it and is sent", async () => {
    const parent = await parentWithPhone({ channels: { payments: ["sms", "whatsapp"] } });
    // WhatsApp replaces SMS when both are chosen.
    expect(await queueNotice(paymentNotice(parent.id))).toEqual(["whatsapp"]);
    wa.markNotOnWhatsApp(parent.phone);

    await runUntilQuiet();

    const rows = await rowsOf(parent.id);
    const whatsapp = rows.find((r) => r.channel === "whatsapp")!;
    expect(whatsapp).toMatchObject({ status: "failed", lastError: NOT_ON_WHATSAPP });
    const sms = rows.filter((r) => r.channel === "sms");
    expect(sms).toHaveLength(1);
    expect(sms[0]).toMatchObject({
      fallbackOf: whatsapp.id,
      status: "sent",
      to: parent.phone,
      kind: "payments",
      text: "Kabulonga: ZMW 45.50 paid for Natasha.",
    });
    expect(at.messages).toEqual([
      expect.objectContaining({
        to: parent.phone,
        message: "Kabulonga: ZMW 45.50 paid for Natasha.",
        from: "KABULONGA",
      }),
    ]);

    // Later runs queue nothing more.
    await runUntilQuiet();
    expect((await rowsOf(parent.id)).filter((r) => r.channel === "sms")).toHaveLength(1);
    expect(at.messages).toHaveLength(1);
  });

  it("reported only later by a status: the sent row fails and its SMS goes once", async () => {
    const parent = await parentWithPhone({ channels: { payments: ["sms", "whatsapp"] } });
    await queueNotice(paymentNotice(parent.id));
    await runUntilQuiet();
    const sent = (await rowsOf(parent.id)).find((r) => r.channel === "whatsapp")!;
    expect(sent.status).toBe("sent");

    const raw = FakeWhatsApp.statusBody(sent.providerMessageId!, "failed", {
      code: 131026,
      title: "Message undeliverable",
    });
    // Meta may send a webhook more than once, and at the same time.
    const answers = await Promise.all([postStatus(raw), postStatus(raw)]);
    expect(answers.map((a) => a.status)).toEqual([200, 200]);
    expect((await postStatus(raw)).status).toBe(200);
    await runUntilQuiet();

    const rows = await rowsOf(parent.id);
    expect(rows.find((r) => r.id === sent.id)).toMatchObject({
      status: "failed",
      lastError: NOT_ON_WHATSAPP,
    });
    expect(rows.filter((r) => r.channel === "sms")).toEqual([
      expect.objectContaining({ fallbackOf: sent.id, status: "sent" }),
    ]);
    expect(at.messages).toHaveLength(1);
  });
});

describe("no fallback", () => {
  it("when the parent chose WhatsApp alone", async () => {
    const parent = await parentWithPhone({ channels: { payments: ["whatsapp"] } });
    await queueNotice(paymentNotice(parent.id));
    wa.markNotOnWhatsApp(parent.phone);
    await runUntilQuiet();
    expect((await rowsOf(parent.id)).map((r) => [r.channel, r.status])).toEqual([
      ["whatsapp", "failed"],
    ]);
    expect(at.requests).toEqual([]);
  });

  it("when the number replied STOP to SMS", async () => {
    const parent = await parentWithPhone({
      channels: { payments: ["sms", "whatsapp"] },
      smsOptedOut: true,
    });
    await queueNotice(paymentNotice(parent.id));
    wa.markNotOnWhatsApp(parent.phone);
    await runUntilQuiet();
    expect((await rowsOf(parent.id)).map((r) => r.channel)).toEqual(["whatsapp"]);
    expect(at.requests).toEqual([]);
  });

  it("when the school does not offer SMS", async () => {
    await setMessaging({ sms: false });
    const parent = await parentWithPhone({ channels: { payments: ["sms", "whatsapp"] } });
    await queueNotice(paymentNotice(parent.id));
    wa.markNotOnWhatsApp(parent.phone);
    await runUntilQuiet();
    expect((await rowsOf(parent.id)).map((r) => r.channel)).toEqual(["whatsapp"]);
    expect(at.requests).toEqual([]);
  });
});
