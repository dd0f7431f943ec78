import { expect, test, type APIRequestContext, type Page } from "@playwright/test";
import { SMS_ACCOUNT, SMS_PORT, SUPERADMIN_PASSWORD } from "../../playwright.config";
import { FakeAfricasTalking } from "../support/fake-africastalking";
import { QUIET_HOURS } from "../../lib/contracts/notifications";
import { login, openSection } from "./support/steps";

// Issue 48's office at the desk (1366 px): a parent has proved a phone and chosen SMS for the
// school's announcements; the office writes one to everyone in Parents & Students › Announcements,
// reads whom each channel reaches, confirms, and sees it in the list. Outside quiet hours the text
// reaches the fake Africa's Talking, the network reports it failed, and the office reads the
// failure with its reason; inside them (20:00-08:00 at the school) the text waits, queued.
// Screenshots of the tab at 1366, 1024 and 360 px go to test-results/announcements/.

const SHOTS = "test-results/announcements";
const CALLBACK = "/api/webhooks/sms/africastalking/e2e-sms-callback-secret";
const PHONE = "+260966200300";
const sms = new FakeAfricasTalking();
sms.username = SMS_ACCOUNT.username;
sms.apiKey = SMS_ACCOUNT.apiKey;

test.beforeAll(async () => {
  await sms.start(SMS_PORT);
});
test.afterAll(async () => {
  await sms.stop();
});

/** The school's hour now (the demo school is in Lusaka). */
function schoolHour(): number {
  const hour = new Intl.DateTimeFormat("en-GB", {
    hour: "numeric",
    hourCycle: "h23",
    timeZone: "Africa/Lusaka",
  }).format(new Date());
  return Number(hour);
}

/** A parent who proved PHONE and chose SMS (alone) for announcements, through the API. */
async function parentOnSms(api: APIRequestContext) {
  const username = `news.${Date.now().toString(36)}`;
  const registered = await api.post("/api/register", {
    data: { username, password: "news-pass-1", name: "Mutale Banda", email: `${username}@x.test` },
  });
  expect(registered.ok()).toBe(true);
  expect((await api.post("/api/account/phone/verify", { data: { phone: PHONE } })).ok()).toBe(true);
  await expect.poll(() => sms.messages.filter((m) => m.to === PHONE).length).toBe(1);
  const code = /\b(\d{6})\b/.exec(sms.messages.find((m) => m.to === PHONE)!.message)![1];
  expect((await api.post("/api/account/phone/confirm", { data: { code } })).ok()).toBe(true);
  const current = await api.get("/api/account/notifications");
  const { channels } = (await current.json()) as { channels: Record<string, string[]> };
  const saved = await api.put("/api/account/notifications", {
    data: { channels: { ...channels, announcements: ["sms"] } },
  });
  expect(saved.ok()).toBe(true);
}

async function noOverflow(page: Page) {
  const overflow = await page.evaluate(
    () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
  );
  expect(overflow).toBeLessThanOrEqual(0);
}

test("the office sends an announcement and reads what became of its texts", async ({
  page,
  baseURL,
  isMobile,
  playwright,
}) => {
  test.skip(isMobile, "the office works at a desk: one laptop-sized run");
  test.setTimeout(180_000);
  const parent = await playwright.request.newContext({ baseURL });
  await parentOnSms(parent);
  await parent.dispose();
  const title = `Sports day ${Date.now().toString(36)}`;

  await login(page, "superadmin", SUPERADMIN_PASSWORD);
  await openSection(page, "Parents & Students");
  await page.getByRole("tab", { name: "Announcements" }).click();
  await expect(page).toHaveURL(/view=announcements/);

  await test.step("written, its reach read, and confirmed", async () => {
    await page.getByLabel("Title").fill(title);
    await page
      .getByLabel("Message")
      .fill("Sports day is on Friday. Children may come in their house colours.");
    await page.getByLabel("SMS text (optional)").fill("Sports day Friday: house colours welcome.");
    await page.screenshot({ path: `${SHOTS}/form-1366.png` });
    await page.getByRole("button", { name: "Send announcement…" }).click();
    const confirm = page.getByRole("alertdialog", { name: `Send “${title}”?` });
    await expect(confirm).toContainText(/SMS: [1-9]/);
    await confirm.getByRole("button", { name: "Send" }).click();
    await expect(confirm).toBeHidden();
    await expect(page.getByRole("button", { name: `Details of “${title}”` })).toBeVisible();
  });

  const hour = schoolHour();
  const quiet = hour >= QUIET_HOURS.startHour || hour < QUIET_HOURS.endHour;
  await test.step(quiet ? "quiet hours: the text waits" : "the text goes out", async () => {
    const smsCounts = page.getByRole("list", { name: `SMS of “${title}”` });
    if (quiet) {
      await expect(smsCounts).toContainText("Queued");
      expect(sms.messages.filter((m) => m.to === PHONE)).toHaveLength(1); // the code alone
      return;
    }
    await expect
      .poll(() => sms.messages.filter((m) => m.to === PHONE).length, { timeout: 30_000 })
      .toBe(2);
    const text = sms.messages.filter((m) => m.to === PHONE)[1]!;
    expect(text.message).toContain("Sports day Friday: house colours welcome.");
    expect(text.message.length).toBeLessThanOrEqual(160);
    // The network reports the text undelivered.
    const report = FakeAfricasTalking.deliveryReport(text.messageId, "Failed", {
      phoneNumber: PHONE,
      failureReason: "AbsentSubscriber",
    });
    const reported = await FakeAfricasTalking.post(`${baseURL}${CALLBACK}`, report);
    expect(reported.status).toBe(200);
    await page.reload();
    await expect(page.getByRole("list", { name: `SMS of “${title}”` })).toContainText("1 Failed");
    await page.getByRole("button", { name: `Details of “${title}”` }).click();
    const details = page.getByRole("dialog", { name: title });
    const failures = details.getByRole("region", { name: "Failed messages" });
    await expect(failures).toContainText("Failed messages (1)");
    await expect(failures).toContainText(/0?96 ?620 ?0300|\+260 ?96 ?620 ?0300/);
    await expect(failures).toContainText(/absent/i);
    await page.screenshot({ path: `${SHOTS}/details-1366.png` });
    await page.keyboard.press("Escape");
  });

  for (const width of [1366, 1024, 360]) {
    await page.setViewportSize({ width, height: width === 360 ? 740 : 768 });
    const details = page.getByRole("button", { name: `Details of “${title}”` });
    await details.scrollIntoViewIfNeeded();
    await expect(details).toBeVisible();
    await noOverflow(page);
    // The console's header and sidebar are fixed: a viewport's picture, not a full page's.
    await page.screenshot({ path: `${SHOTS}/tab-${width}.png` });
  }
});
