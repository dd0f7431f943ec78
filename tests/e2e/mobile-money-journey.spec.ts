import { expect, test, type Page } from "@playwright/test";
import { SUPERADMIN_PASSWORD } from "../../playwright.config";
import {
  answerOnPhone,
  openCartWithMeal,
  pushFromCart,
  setMobileMoney,
} from "./support/mobile-money";
import { addStudent, login, openSection, registerParent } from "./support/steps";

// Issue 16's journey on a phone through the built-in sandbox: a parent pays by mobile money and
// approves on the (sandbox) phone → the order is in Order History with the wallet and the masked
// number; a declined push shows its reason and Try again; a push nobody answers hands over to the
// sweep when the wait is over (MOBILE_MONEY_WAIT_SECONDS is 30 s for the tests only). On a
// laptop, the superadmin's Settings tab turns it off and on. Screenshots of the Cart and the
// waiting screen at 360 and 1366 px go to test-results/mobile-money/.

const SHOTS = "test-results/mobile-money";

async function shoot(page: Page, name: string) {
  const size = page.viewportSize();
  await page.screenshot({ path: `${SHOTS}/${name}-360.png`, fullPage: true });
  await page.setViewportSize({ width: 1366, height: 768 });
  await page.screenshot({ path: `${SHOTS}/${name}-1366.png`, fullPage: true });
  if (size) await page.setViewportSize(size);
  // Nothing may be wider than the phone's screen.
  const overflow = await page.evaluate(
    () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
  );
  expect(overflow).toBeLessThanOrEqual(0);
}

test.describe("mobile money", () => {
  test("a parent pays by mobile money on a phone: approved, declined, and still pending", async ({
    page,
    baseURL,
    isMobile,
    playwright,
  }) => {
    test.skip(!isMobile, "one phone-sized run is enough");
    test.setTimeout(180_000);
    await setMobileMoney(playwright.request, baseURL, true);
    await registerParent(page, {
      firstName: "Mutale",
      lastName: "Phiri",
      username: `momo.${Date.now().toString(36)}`,
      password: "mobile-money-pass",
    });
    await page.getByRole("tab", { name: "Students" }).click();
    await addStudent(page, "Bwalya Phiri", "Grade 3");

    await test.step("approved on the phone: the order is in Order History", async () => {
      await openCartWithMeal(page);
      await expect(page.getByRole("button", { name: "Pay with Mobile Money" })).toBeVisible();
      await shoot(page, "cart");
      const waiting = await pushFromCart(page, "0977 123 456", "Airtel Money");
      await expect(waiting).toContainText(
        /^Approve the payment of K\s\d+\.\d\d on your phone \(097\*{4}456\)/,
      );
      await answerOnPhone(page, "Approve", "097****456");
      await expect(page.getByText("Payment Successful").first()).toBeVisible({ timeout: 15_000 });
      await page.getByRole("tab", { name: "Order History" }).click();
      await expect(page.getByText("Airtel Money 097****456").first()).toBeVisible();
    });

    await test.step("declined on the phone: the reason and Try again", async () => {
      await openCartWithMeal(page);
      await pushFromCart(page, "+260 96 700 1234", "MTN MoMo");
      await answerOnPhone(page, "Decline", "096****234");
      await expect(page.getByText("The payment was not approved")).toBeVisible({
        timeout: 15_000,
      });
      await expect(page.getByText("Transaction Declined")).toBeVisible();
      await page.getByRole("button", { name: "Try again" }).click();
      await expect(page.getByLabel("Mobile money number")).toBeVisible();
      await page.getByRole("button", { name: "Cancel" }).click();
    });

    await test.step("nobody answers: the sweep takes over when the wait is over", async () => {
      await pushFromCart(page, "0967001234", "MTN MoMo");
      await shoot(page, "waiting");
      await expect(
        page.getByText("We'll confirm your order as soon as your operator does"),
      ).toBeVisible({ timeout: 60_000 });
      await page.getByRole("button", { name: "Close" }).click();
      // The push is still open on the phone: the operator may confirm it later.
      const phone = await page.context().newPage();
      await phone.goto("/payment/sandbox/mobile");
      await expect(phone.getByTestId("sandbox-push").filter({ hasText: "096****234" })).toHaveCount(
        1,
      );
      await phone.close();
    });
  });

  test("the superadmin turns mobile money off and on in Settings", async ({
    page,
    baseURL,
    isMobile,
    playwright,
  }) => {
    test.skip(isMobile, "a desktop journey");
    await setMobileMoney(playwright.request, baseURL, true);
    await login(page, "superadmin", SUPERADMIN_PASSWORD);
    await openSection(page, "Settings");
    await page.getByRole("tab", { name: "Payment Settings" }).click();
    const card = page.locator("form").filter({ hasText: "Enable mobile money" });
    const toggle = card.getByRole("switch");
    await expect(toggle).toBeChecked();
    await expect(card.getByRole("checkbox")).toHaveCount(2);
    await toggle.click();
    await card.getByRole("button", { name: "Save Mobile Money" }).click();
    await expect(page.getByText("Mobile money settings saved successfully")).toBeVisible();
    const read = await page.request.get("/api/settings/mobile-money");
    expect(await read.json()).toMatchObject({ enabled: false });
    await toggle.click();
    await card.getByRole("button", { name: "Save Mobile Money" }).click();
    await expect(page.getByText("Mobile money settings saved successfully").first()).toBeVisible();
    expect(await (await page.request.get("/api/settings/mobile-money")).json()).toMatchObject({
      enabled: true,
      operators: { airtel: true, mtn: true },
    });
  });
});
