import { expect, test } from "@playwright/test";
import { SMS_ACCOUNT, SMS_PORT } from "../../playwright.config";
import { FakeAfricasTalking } from "../support/fake-africastalking";
import {
  answerOnPhone,
  openCartWithMeal,
  pushFromCart,
  setMobileMoney,
} from "./support/mobile-money";
import { addStudent, headerAction, registerParent } from "./support/steps";

// Issue 48's journey on a phone: a parent proves a phone with the code Africa's Talking (a local
// fake speaking its HTTP) receives, chooses SMS alone for payment confirmations, pays by mobile
// money in the sandbox, and the fake provider receives the confirmation text. Screenshots of
// Profile Settings at 360 px go to test-results/sms/.

const SHOTS = "test-results/sms";
const sms = new FakeAfricasTalking();
sms.username = SMS_ACCOUNT.username;
sms.apiKey = SMS_ACCOUNT.apiKey;

test.beforeAll(async () => {
  await sms.start(SMS_PORT);
});
test.afterAll(async () => {
  await sms.stop();
});

test("a parent proves a phone, chooses SMS for payments and is texted the payment", async ({
  page,
  baseURL,
  isMobile,
  playwright,
}) => {
  test.skip(!isMobile, "one phone-sized run is enough");
  test.setTimeout(180_000);
  await setMobileMoney(playwright.request, baseURL, true);
  await registerParent(page, {
    firstName: "Natasha",
    lastName: "Mwansa",
    username: `sms.${Date.now().toString(36)}`,
    password: "sms-journey-pass",
  });
  await page.getByRole("tab", { name: "Students" }).click();
  await addStudent(page, "Chilufya Mwansa", "Grade 4");

  const profile = page.getByRole("dialog", { name: "Profile Settings" });
  await test.step("the phone is proved with the texted code", async () => {
    await headerAction(page, "View Profile");
    await profile.getByLabel("Mobile number").fill("0977 123 456");
    await profile.getByRole("button", { name: "Send code" }).click();
    await sms.waitForRequests(1, 30_000);
    const text = sms.messages.find((m) => m.to === "+260977123456")?.message ?? "";
    const code = /\b(\d{6})\b/.exec(text)?.[1];
    expect(code, `the text "${text}" carries a 6-digit code`).toBeDefined();
    await profile.getByLabel("Code from the text message").fill(code!);
    await profile.getByRole("button", { name: "Verify" }).click();
    await expect(profile.getByText("Verified", { exact: true })).toBeVisible();
  });

  await test.step("SMS alone for payment confirmations", async () => {
    const payments = profile.getByRole("group", { name: "Payment confirmations" });
    const bySms = payments.getByRole("checkbox", { name: "SMS" });
    if (!(await bySms.isChecked())) await bySms.click();
    const byEmail = payments.getByRole("checkbox", { name: "E-mail" });
    if (await byEmail.isChecked()) await byEmail.click();
    await profile.getByRole("button", { name: "Save message choices" }).click();
    await expect(page.getByText(/saved/i).first()).toBeVisible();
    await page.screenshot({ path: `${SHOTS}/profile-360.png`, fullPage: true });
    const overflow = await page.evaluate(
      () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
    );
    expect(overflow).toBeLessThanOrEqual(0);
    await page.keyboard.press("Escape");
    await expect(profile).toBeHidden();
  });

  await test.step("paid by mobile money: the confirmation arrives as a text", async () => {
    const before = sms.messages.length;
    await openCartWithMeal(page);
    await pushFromCart(page, "0977 123 456", "Airtel Money");
    await answerOnPhone(page, "Approve", "097****456");
    await expect(page.getByText("Payment Successful").first()).toBeVisible({ timeout: 15_000 });
    await expect
      .poll(() => sms.messages.slice(before).map((m) => m.to), { timeout: 30_000 })
      .toContain("+260977123456");
    const text = sms.messages.slice(before).find((m) => m.to === "+260977123456")!.message;
    expect(text).toMatch(/K\s?\d+\.\d\d/);
    expect(text.length).toBeLessThanOrEqual(160);
  });
});
