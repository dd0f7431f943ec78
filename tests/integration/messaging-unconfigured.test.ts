import { describe, expect, it } from "@jest/globals";
import * as smsReport from "@/app/api/webhooks/sms/africastalking/[secret]/route";
import * as smsOptOut from "@/app/api/webhooks/sms/africastalking/[secret]/opt-out/route";
import * as whatsappHook from "@/app/api/webhooks/whatsapp/route";
import { DEFAULT_SCHOOL_ID } from "@/lib/contracts/schools";
import { offeredChannels } from "@/lib/messaging/config";
import {
  kickOutbox,
  processOutbox,
  processSchoolOutbox,
  sendableChannels,
} from "@/lib/messaging/outbox";
import { FakeWhatsApp } from "@/tests/support/fake-whatsapp";
import { Browser } from "@/tests/support/http";
import { parentWithPhone, paymentNotice, queueNotice } from "@/tests/support/messaging-fixtures";
import { defaultSchool, testDb } from "@/tests/support/school";

// Without the providers' variables SMS and WhatsApp are off (issue 48): nothing is offered, queued
// or sent, nothing fails, and the callbacks answer no one. No SMTP_URL either: every row waits.

describe("no SMS or WhatsApp configured", () => {
  it("offers e-mail alone and queues no phone message", async () => {
    expect(sendableChannels()).toEqual([]);
    expect(await offeredChannels(await defaultSchool())).toEqual(["email"]);
    const parent = await parentWithPhone({ channels: { payments: ["sms", "whatsapp"] } });
    expect(await queueNotice({ ...paymentNotice(parent.id), email: undefined })).toEqual([]);
  });

  it("leaves phone rows queued earlier waiting: not claimed, not failed", async () => {
    const parent = await parentWithPhone();
    const db = await testDb();
    const rows = await Promise.all(
      (["sms", "whatsapp"] as const).map((channel) =>
        db.emailOutbox.create({
          data: {
            schoolId: DEFAULT_SCHOOL_ID,
            channel,
            to: parent.phone,
            subject: "Payment confirmations",
            text: "Paid.",
            userId: parent.id,
            kind: "payments",
            ...(channel === "whatsapp"
              ? { template: { name: "payment_confirmed", params: [] } }
              : {}),
          },
        }),
      ),
    );
    kickOutbox(DEFAULT_SCHOOL_ID);
    expect(await processOutbox()).toBe(0);
    expect(await processSchoolOutbox(DEFAULT_SCHOOL_ID)).toBe(0);
    const after = await db.emailOutbox.findMany({
      where: { schoolId: DEFAULT_SCHOOL_ID, id: { in: rows.map((r) => r.id) } },
    });
    expect(after.map((r) => [r.status, r.attempts, r.lockedUntil, r.lastError])).toEqual([
      ["pending", 0, null, null],
      ["pending", 0, null, null],
    ]);
  });

  it("answers the callbacks as if they did not exist, or refuses them", async () => {
    const provider = new Browser("102.22.0.9", "https://hooks.platform.example");
    const form = { "content-type": "application/x-www-form-urlencoded" };
    for (const [handler, path] of [
      [smsReport.POST, "/api/webhooks/sms/africastalking/anything"],
      [smsOptOut.POST, "/api/webhooks/sms/africastalking/anything/opt-out"],
    ] as const) {
      const answer = await provider.call(handler, "POST", path, {
        params: { secret: "anything" },
        rawBody: "id=ATXid_1&status=Success",
        headers: form,
      });
      expect(answer.status).toBe(404);
    }
    const challenge = await provider.call(whatsappHook.GET, "GET", "/api/webhooks/whatsapp", {
      query: { "hub.mode": "subscribe", "hub.verify_token": "", "hub.challenge": "1" },
    });
    expect(challenge.status).toBe(403);
    const raw = FakeWhatsApp.statusBody("wamid.x", "delivered");
    const status = await provider.call(whatsappHook.POST, "POST", "/api/webhooks/whatsapp", {
      rawBody: raw,
      headers: { "x-hub-signature-256": FakeWhatsApp.sign(raw, "") },
    });
    expect(status.status).toBe(401);
  });
});
