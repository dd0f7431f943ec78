import { afterAll, describe, expect, it } from "@jest/globals";
import * as notifications from "@/app/api/account/notifications/route";
import * as messaging from "@/app/api/settings/messaging/route";
import type { NotificationsDto } from "@/lib/contracts/notifications";
import type { MessagingSettingsAnswer } from "@/lib/contracts/phone-verification";
import { signedIn } from "@/tests/support/fixtures";
import type { Browser } from "@/tests/support/http";
import { testDb } from "@/tests/support/school";
import { ADMIN_FEATURE_CALLERS, browserFor } from "@/tests/support/settings-fixtures";
import { setMessagingEnv } from "@/tests/support/with-messaging-env";

// The school's messaging settings (issue 48): its SMS sender ID and whether it offers SMS and
// WhatsApp, beside whether the platform configured each; saved and audited like every setting, and
// what parents are offered follows them.

const restoreEnv = setMessagingEnv({ sms: true, whatsapp: false });
afterAll(() => restoreEnv());

type Answer = MessagingSettingsAnswer & { message?: string; details?: Record<string, string[]> };

const read = (browser: Browser) =>
  browser.call<Answer>(messaging.GET, "GET", "/api/settings/messaging");
const write = (browser: Browser, body: unknown) =>
  browser.call<Answer>(messaging.PUT, "PUT", "/api/settings/messaging", { body });
const offered = async (browser: Browser) =>
  (await browser.call<NotificationsDto>(notifications.GET, "GET", "/api/account/notifications"))
    .body.offered;

async function savedRow() {
  const db = await testDb();
  return (
    await db.setting.findUnique({ where: { schoolId_key: { schoolId: 1, key: "messaging" } } })
  )?.value;
}

describe("GET and PUT /api/settings/messaging", () => {
  it.each(ADMIN_FEATURE_CALLERS)("%s → %i", async (caller, status) => {
    const browser = await browserFor(caller, "settings");
    expect((await read(browser)).status).toBe(status);
    expect((await write(browser, { senderId: null, sms: true, whatsapp: true })).status).toBe(
      status,
    );
  });

  it("reads the defaults and the platform's providers, then saves with an audit", async () => {
    const admin = await browserFor("admin with the feature", "settings");
    const parent = await signedIn("parent");
    expect((await read(admin)).body).toEqual({
      senderId: null,
      sms: true,
      whatsapp: true,
      smsConfigured: true,
      whatsappConfigured: false,
    });
    expect(await offered(parent.browser)).toEqual(["email", "sms"]);

    const saved = await write(admin, { senderId: " CANTEEN ", sms: false, whatsapp: true });
    expect(saved.status).toBe(200);
    expect(saved.body).toEqual({
      senderId: "CANTEEN",
      sms: false,
      whatsapp: true,
      smsConfigured: true,
      whatsappConfigured: false,
    });
    expect(await savedRow()).toEqual({ senderId: "CANTEEN", sms: false, whatsapp: true });
    expect((await read(admin)).body.senderId).toBe("CANTEEN");
    // Not offered by the school: parents are offered e-mail alone.
    expect(await offered(parent.browser)).toEqual(["email"]);

    const db = await testDb();
    const trail = await db.auditLog.findFirst({
      where: { action: "setting.messaging" },
      orderBy: { id: "desc" },
    });
    expect(trail?.details).toMatchObject({
      after: { senderId: "CANTEEN", sms: false, whatsapp: true },
    });

    // An empty sender ID is none: the provider's default.
    expect(
      (await write(admin, { senderId: "", sms: true, whatsapp: true })).body.senderId,
    ).toBeNull();
    expect(await offered(parent.browser)).toEqual(["email", "sms"]);
  });

  it.each([
    ["a sender ID too long", { senderId: "CANTEENSHOP12", sms: true, whatsapp: true }],
    ["a sender ID with symbols", { senderId: "Tuck-Shop!", sms: true, whatsapp: true }],
    ["a switch that is not true or false", { senderId: null, sms: "yes", whatsapp: true }],
  ])("refuses %s with 422 and keeps what was saved", async (_what, body) => {
    const admin = await browserFor("superadmin", "settings");
    const before = await savedRow();
    const answer = await write(admin, body);
    expect(answer.status).toBe(422);
    expect(answer.body.message).toBeTruthy();
    expect(await savedRow()).toEqual(before);
  });
});
