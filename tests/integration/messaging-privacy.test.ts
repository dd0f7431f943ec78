import { describe, expect, it } from "@jest/globals";
import * as deleteRoute from "@/app/api/account/delete/route";
import { ERASED_BODY, ERASED_RECIPIENT, RETENTION } from "@/lib/contracts/privacy";
import { DEFAULT_SCHOOL_ID } from "@/lib/contracts/schools";
import { applyRetention } from "@/lib/privacy/retention";
import { signedUpParent } from "@/tests/support/fixtures";
import { uniquePhone } from "@/tests/support/messaging-fixtures";
import { testDb } from "@/tests/support/school";

// SMS and WhatsApp messages are rows of the same outbox as mail (issue 48): the retention job and
// the deletion of an account erase them as they erase mail, a WhatsApp row's template (the child's
// and parent's names as its parameters) with its text, and a delivered row like a sent one.

const DAY = 24 * 60 * 60 * 1000;

async function phoneRow(
  userId: number,
  phone: string,
  data: {
    channel: "sms" | "whatsapp";
    status: "pending" | "sent" | "delivered" | "failed";
    createdAt?: Date;
    erasure?: "secret";
  },
) {
  const db = await testDb();
  return db.emailOutbox.create({
    data: {
      schoolId: DEFAULT_SCHOOL_ID,
      userId,
      to: phone,
      subject: "Payment confirmations",
      text: "Kabulonga: ZMW 45.50 paid for Natasha Mwansa.",
      kind: "payments",
      ...data,
      ...(data.channel === "whatsapp"
        ? { template: { name: "payment_confirmed", params: ["Natasha Mwansa", "ZMW 45.50"] } }
        : {}),
    },
  });
}

async function row(id: number) {
  const db = await testDb();
  return db.emailOutbox.findUniqueOrThrow({
    where: { schoolId_id: { schoolId: DEFAULT_SCHOOL_ID, id } },
  });
}

describe("the retention job", () => {
  it("erases old SMS and WhatsApp bodies and templates, delivered ones too; keeps the rest", async () => {
    const { id } = await signedUpParent();
    const phone = uniquePhone();
    const now = new Date();
    const old = new Date(now.getTime() - (RETENTION.mailBodyDays + 1) * DAY);
    const delivered = await phoneRow(id, phone, {
      channel: "sms",
      status: "delivered",
      createdAt: old,
    });
    const failed = await phoneRow(id, phone, {
      channel: "whatsapp",
      status: "failed",
      createdAt: old,
    });
    const sentWa = await phoneRow(id, phone, {
      channel: "whatsapp",
      status: "sent",
      createdAt: old,
    });
    const recent = await phoneRow(id, phone, { channel: "whatsapp", status: "delivered" });
    const waiting = await phoneRow(id, phone, {
      channel: "sms",
      status: "pending",
      createdAt: old,
    });
    const code = await phoneRow(id, phone, {
      channel: "sms",
      status: "pending",
      erasure: "secret",
      createdAt: new Date(now.getTime() - (RETENTION.undeliveredSecretDays + 1) * DAY),
    });

    await applyRetention(DEFAULT_SCHOOL_ID, now);

    for (const erased of [delivered, failed, sentWa]) {
      expect(await row(erased.id)).toMatchObject({
        text: ERASED_BODY,
        template: null,
        to: phone,
        status: erased.status,
      });
    }
    expect(await row(recent.id)).toMatchObject({
      text: recent.text,
      template: { name: "payment_confirmed" },
    });
    expect(await row(waiting.id)).toMatchObject({ text: waiting.text, status: "pending" });
    expect(await row(code.id)).toMatchObject({ text: ERASED_BODY, status: "failed" });
  });
});

describe("deleting the account", () => {
  it("erases its SMS and WhatsApp messages' number, text and template; unsent ones never go", async () => {
    const parent = await signedUpParent();
    const phone = uniquePhone();
    const db = await testDb();
    await db.user.update({
      where: { schoolId_id: { schoolId: DEFAULT_SCHOOL_ID, id: parent.id } },
      data: { phone, phoneVerifiedAt: new Date() },
    });
    const sentWa = await phoneRow(parent.id, phone, { channel: "whatsapp", status: "delivered" });
    const waiting = await phoneRow(parent.id, phone, { channel: "sms", status: "pending" });

    const answer = await parent.browser.call(deleteRoute.POST, "POST", "/api/account/delete", {
      body: { password: "parent-pass" },
    });
    expect(answer.status).toBe(200);

    expect(await row(sentWa.id)).toMatchObject({
      to: ERASED_RECIPIENT,
      text: ERASED_BODY,
      template: null,
      status: "delivered",
    });
    expect(await row(waiting.id)).toMatchObject({
      to: ERASED_RECIPIENT,
      text: ERASED_BODY,
      status: "failed",
    });
  });
});
