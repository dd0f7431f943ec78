import { afterAll, describe, expect, it } from "@jest/globals";
import * as exportRoute from "@/app/api/account/export/route";
import * as notifications from "@/app/api/account/notifications/route";
import * as wallet from "@/app/api/account/wallet/route";
import * as profile from "@/app/api/profile/route";
import type { NotificationChannels, NotificationsDto } from "@/lib/contracts/notifications";
import { PHONE_NOT_VERIFIED } from "@/lib/contracts/phone-verification";
import type { AccountExport } from "@/lib/contracts/privacy";
import { signedIn } from "@/tests/support/fixtures";
import type { Browser } from "@/tests/support/http";
import { key, testDb } from "@/tests/support/school";
import { setMessagingEnv } from "@/tests/support/with-messaging-env";

// The parent's choice of channels per kind of message (issue 48, decisions 0108 and 0110): the
// defaults, what a save refuses, the consent it records, SMS after a STOP, and the older switches
// (order reminders, counter e-mails) kept in step with the choice.

let restoreEnv = setMessagingEnv({ sms: true, whatsapp: false });
afterAll(() => restoreEnv());

type Answer = NotificationsDto & { message?: string; details?: Record<string, string[]> };

const read = (browser: Browser) =>
  browser.call<Answer>(notifications.GET, "GET", "/api/account/notifications");
const save = (browser: Browser, channels: unknown) =>
  browser.call<Answer>(notifications.PUT, "PUT", "/api/account/notifications", {
    body: { channels },
  });

const EMAIL_ONLY: NotificationChannels = {
  reminders: ["email"],
  payments: ["email"],
  closures: ["email"],
  lowBalance: ["email"],
  counter: ["email"],
  announcements: ["email"],
};

let numbers = 0;
/** A parent (or teacher) whose phone was proven, without the texts (those are another file's). */
async function withPhone(role: "parent" | "teacher" = "parent", verified = true) {
  const account = await signedIn(role);
  const db = await testDb();
  const phone = `+26096${String(1_000_000 + ++numbers).slice(1)}`;
  await db.user.update({
    where: key(account.id),
    data: { phone, phoneVerifiedAt: verified ? new Date() : null },
  });
  return { ...account, phone };
}

async function columns(userId: number) {
  const db = await testDb();
  return db.user.findUniqueOrThrow({
    where: key(userId),
    select: {
      orderReminders: true,
      counterReceipts: true,
      smsConsentAt: true,
      whatsappConsentAt: true,
      smsOptedOutAt: true,
      notificationChannels: true,
    },
  });
}

describe("GET /api/account/notifications", () => {
  it("is e-mail as before without a proven phone, counter purchases off until asked", async () => {
    const { browser } = await signedIn("parent");
    const answer = await read(browser);
    expect(answer.status).toBe(200);
    expect(answer.body).toEqual({
      channels: { ...EMAIL_ONLY, counter: [] },
      phone: null,
      phoneVerified: false,
      offered: ["email", "sms"],
      smsOptedOut: false,
    });
  });

  it("adds SMS for payments and closures once the phone is proven", async () => {
    const { browser } = await withPhone("teacher");
    const answer = await read(browser);
    expect(answer.body.phoneVerified).toBe(true);
    expect(answer.body.channels).toEqual({
      ...EMAIL_ONLY,
      payments: ["email", "sms"],
      closures: ["email", "sms"],
      counter: [],
    });
  });

  it("shows no SMS for a phone not proven, nor where the platform has no SMS", async () => {
    const unproven = await withPhone("parent", false);
    expect((await read(unproven.browser)).body).toMatchObject({
      channels: { payments: ["email"], closures: ["email"] },
      phoneVerified: false,
    });
    const proven = await withPhone();
    restoreEnv();
    try {
      expect((await read(proven.browser)).body).toMatchObject({
        channels: { payments: ["email"], closures: ["email"] },
        phoneVerified: true,
        offered: ["email"],
      });
    } finally {
      restoreEnv = setMessagingEnv({ sms: true, whatsapp: false });
    }
  });
});

describe("PUT /api/account/notifications", () => {
  it.each([
    ["a channel that does not exist", { ...EMAIL_ONLY, payments: ["pigeon"] }],
    ["a kind missing", { reminders: ["email"] }],
    ["a kind that does not exist", { ...EMAIL_ONLY, gossip: ["email"] }],
    ["a list that is not a list", { ...EMAIL_ONLY, closures: "email" }],
  ])("refuses %s with 422", async (_what, channels) => {
    const { browser, id } = await signedIn("parent");
    const before = await columns(id);
    expect((await save(browser, channels)).status).toBe(422);
    expect(await columns(id)).toEqual(before);
  });

  it("refuses a channel the school does not offer, and changes nothing", async () => {
    const { browser, id } = await withPhone();
    const before = await columns(id);
    const answer = await save(browser, { ...EMAIL_ONLY, announcements: ["email", "whatsapp"] });
    expect(answer.status).toBe(422);
    expect(answer.body.message).toBe("WhatsApp messages are not available at this school.");
    expect(answer.body.details).toEqual({
      "channels.announcements": ["WhatsApp messages are not available at this school."],
    });
    expect(await columns(id)).toEqual(before);
  });

  it("refuses SMS without a proven phone, and changes nothing", async () => {
    const { browser, id } = await withPhone("parent", false);
    const before = await columns(id);
    const answer = await save(browser, { ...EMAIL_ONLY, payments: ["sms"] });
    expect(answer.status).toBe(422);
    expect(answer.body).toMatchObject({
      message: PHONE_NOT_VERIFIED,
      details: { "channels.payments": [PHONE_NOT_VERIFIED] },
    });
    expect(await columns(id)).toEqual(before);
  });

  it("saves the choice and records the first consent to SMS, audited", async () => {
    const { browser, id } = await withPhone();
    const choice = { ...EMAIL_ONLY, payments: ["sms"], lowBalance: ["email", "sms"] };
    const answer = await save(browser, choice);
    expect(answer.status).toBe(200);
    expect(answer.body.channels).toEqual(choice);
    expect((await read(browser)).body.channels).toEqual(choice);
    const first = (await columns(id)).smsConsentAt;
    expect(first).toBeInstanceOf(Date);
    expect((await columns(id)).whatsappConsentAt).toBeNull();

    // Chosen again later: the consent keeps its first time.
    await save(browser, { ...choice, closures: ["sms"] });
    expect((await columns(id)).smsConsentAt).toEqual(first);

    const db = await testDb();
    const trail = await db.auditLog.findMany({
      where: { action: "account.notifications", entityId: String(id) },
      orderBy: { id: "asc" },
    });
    expect(trail).toHaveLength(2);
    expect(trail[0]?.actorId).toBe(id);
    expect(trail[0]?.details).toMatchObject({
      before: { smsConsentAt: null },
      after: { smsConsentAt: first?.toISOString(), channels: { payments: ["sms"] } },
    });
  });

  it("records the first consent to WhatsApp where the platform has it", async () => {
    const restore = setMessagingEnv({ sms: true, whatsapp: true });
    try {
      const { browser, id } = await withPhone();
      const answer = await save(browser, { ...EMAIL_ONLY, announcements: ["whatsapp"] });
      expect(answer.status).toBe(200);
      expect(answer.body.offered).toEqual(["email", "sms", "whatsapp"]);
      expect(await columns(id)).toMatchObject({
        whatsappConsentAt: expect.any(Date),
        smsConsentAt: null,
      });
    } finally {
      restore();
    }
  });

  it("keeps SMS off after a STOP until the parent chooses SMS again", async () => {
    const { browser, id } = await withPhone();
    await save(browser, { ...EMAIL_ONLY, payments: ["email", "sms"] });
    const db = await testDb();
    await db.user.update({ where: key(id), data: { smsOptedOutAt: new Date() } });

    const stopped = (await read(browser)).body;
    expect(stopped.smsOptedOut).toBe(true);
    expect(stopped.channels.payments).toEqual(["email"]);
    // A save without SMS leaves the STOP in place.
    await save(browser, { ...EMAIL_ONLY, closures: [] });
    expect((await columns(id)).smsOptedOutAt).not.toBeNull();

    const chosen = await save(browser, { ...EMAIL_ONLY, payments: ["email", "sms"] });
    expect(chosen.body).toMatchObject({
      smsOptedOut: false,
      channels: { payments: ["email", "sms"] },
    });
    expect((await columns(id)).smsOptedOutAt).toBeNull();
  });

  it("keeps the order reminders and counter e-mail switches in step with the choice", async () => {
    const { browser, id } = await signedIn("parent");
    await save(browser, { ...EMAIL_ONLY, reminders: [], counter: ["email"] });
    expect(await columns(id)).toMatchObject({ orderReminders: false, counterReceipts: true });
    expect((await read(browser)).body.channels).toMatchObject({
      reminders: [],
      counter: ["email"],
    });

    await save(browser, { ...EMAIL_ONLY, counter: [] });
    expect(await columns(id)).toMatchObject({ orderReminders: true, counterReceipts: false });
  });
});

describe("the older switches", () => {
  it("bring e-mail back when turned on while the kind has no channel", async () => {
    const { browser, id } = await signedIn("parent");
    await save(browser, { ...EMAIL_ONLY, reminders: [], counter: [] });

    const saved = await browser.call(profile.PUT, "PUT", "/api/profile", {
      body: { name: "A Parent", orderReminders: true },
    });
    expect(saved.status).toBe(200);
    const on = await browser.call(wallet.PUT, "PUT", "/api/account/wallet", {
      body: { lowBalanceThreshold: null, counterReceipts: true },
    });
    expect(on.status).toBe(200);
    expect((await read(browser)).body.channels).toEqual(EMAIL_ONLY);
    expect(await columns(id)).toMatchObject({ orderReminders: true, counterReceipts: true });

    // Turned off, the kind shows no channel; on again, the choice before comes back.
    await browser.call(wallet.PUT, "PUT", "/api/account/wallet", {
      body: { lowBalanceThreshold: null, counterReceipts: false },
    });
    expect((await read(browser)).body.channels.counter).toEqual([]);
  });

  it("keep a chosen channel when turned on again", async () => {
    const { browser, phone } = await withPhone();
    await save(browser, { ...EMAIL_ONLY, reminders: ["sms"] });
    await browser.call(profile.PUT, "PUT", "/api/profile", {
      body: { name: "A Parent", phone, orderReminders: false },
    });
    expect((await read(browser)).body.channels.reminders).toEqual([]);
    await browser.call(profile.PUT, "PUT", "/api/profile", {
      body: { name: "A Parent", phone, orderReminders: true },
    });
    expect((await read(browser)).body.channels.reminders).toEqual(["sms"]);
  });
});

describe("the family's own data export", () => {
  it("holds the phone's proof, the channels chosen and the consent times", async () => {
    const { browser, id } = await withPhone();
    await save(browser, { ...EMAIL_ONLY, payments: ["email", "sms"], counter: [] });
    const answer = await browser.call<AccountExport>(exportRoute.GET, "GET", "/api/account/export");
    expect(answer.status).toBe(200);
    const saved = await columns(id);
    expect(answer.body.profile).toMatchObject({
      phoneVerifiedAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
      messageChannels: { ...EMAIL_ONLY, payments: ["email", "sms"], counter: [] },
      smsConsentAt: saved.smsConsentAt?.toISOString(),
      whatsappConsentAt: null,
      smsOptedOutAt: null,
    });
  });
});
