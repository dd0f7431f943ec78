import { expect, test, type APIRequestContext, type Page } from "@playwright/test";
import { SUPERADMIN_PASSWORD } from "../../playwright.config";
import { addStudent, login, openSection, registerParent } from "./support/steps";

// Issue 47's top-up through the built-in sandbox: a parent tops up the wallet by mobile money
// (approved on the sandbox phone) and by card (the sandbox pay page, then the return page), and
// Order History's wallet shows each. Screenshots of the wallet, the Top up form and the return
// page at 360, 1024 and 1366 px go to test-results/wallet/.

const SHOTS = "test-results/wallet";

async function enableMobileMoney(
  request: { newContext: (options: { baseURL?: string }) => Promise<APIRequestContext> },
  baseURL: string | undefined,
) {
  const admin = await request.newContext({ baseURL });
  const login = await admin.post("/api/login", {
    data: { username: "superadmin", password: SUPERADMIN_PASSWORD },
  });
  expect(login.ok()).toBe(true);
  const saved = await admin.post("/api/settings/mobile-money", {
    data: { enabled: true, operators: { airtel: true, mtn: true } },
  });
  expect(saved.ok()).toBe(true);
  await admin.dispose();
}

async function shoot(page: Page, name: string) {
  const size = page.viewportSize();
  for (const width of [360, 1024, 1366]) {
    await page.setViewportSize({ width, height: width === 360 ? 740 : 768 });
    await page.screenshot({ path: `${SHOTS}/${name}-${width}.png`, fullPage: true });
    const overflow = await page.evaluate(
      () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
    );
    expect([width, overflow <= 0]).toEqual([width, true]);
  }
  if (size) await page.setViewportSize(size);
}

const wallet = (page: Page) => page.getByRole("region", { name: "Account credit" });

async function openTopUp(page: Page, amount: string) {
  await page.getByRole("tab", { name: "Order History" }).click();
  await wallet(page).getByRole("button", { name: "Top up" }).click();
  const dialog = page.getByRole("dialog", { name: "Top up your wallet" });
  await dialog.getByLabel("Amount (K)").fill(amount);
  return dialog;
}

test.describe("the wallet", () => {
  test("a parent tops up by mobile money and by card", async ({
    page,
    baseURL,
    isMobile,
    playwright,
  }) => {
    test.skip(!isMobile, "one phone-sized run is enough");
    test.setTimeout(180_000);
    await enableMobileMoney(playwright.request, baseURL);
    await registerParent(page, {
      firstName: "Chipo",
      lastName: "Banda",
      username: `wallet.${Date.now().toString(36)}`,
      password: "wallet-top-up-pass",
    });

    await test.step("an amount outside the limits is refused before anything is paid", async () => {
      const dialog = await openTopUp(page, "5");
      await expect(dialog.getByText(/From K\s20\.00 to K\s2,000\.00/)).toBeVisible();
      await dialog.getByRole("button", { name: "Continue" }).click();
      await expect(dialog.getByText(/A top-up must be between K\s20\.00 and/)).toBeVisible();
      await shoot(page, "top-up-form");
      await dialog.getByRole("button", { name: "Cancel" }).click();
    });

    await test.step("by mobile money, approved on the phone", async () => {
      const dialog = await openTopUp(page, "200");
      await dialog.getByText("Mobile money", { exact: true }).click();
      await dialog.getByRole("button", { name: "Continue" }).click();
      const momo = page.getByRole("dialog", { name: "Top up with Mobile Money" });
      await momo.getByLabel("Mobile money number").fill("0977 123 456");
      await momo.getByRole("button", { name: "Send payment request" }).click();
      await expect(page.getByTestId("mobile-waiting")).toContainText(
        /Approve the payment of K\s200\.00 on your phone \(097\*{4}456\)/,
      );
      const phone = await page.context().newPage();
      await phone.goto("/payment/sandbox/mobile");
      const push = phone.getByTestId("sandbox-push").filter({ hasText: "097****456" });
      await push.getByRole("button", { name: "Approve" }).click();
      await phone.close();
      await expect(page.getByText("Top-up Successful").first()).toBeVisible({ timeout: 15_000 });
      await expect(wallet(page).getByTestId("credit-balance")).toHaveText(/K\s200\.00/);
      await wallet(page)
        .getByText(/^Movements/)
        .click();
      await expect(wallet(page).getByText("Top-up: Airtel Money 097****456")).toBeVisible();
      await wallet(page).getByLabel("E-mail me when my wallet is below (K)").fill("300");
      await wallet(page).getByRole("button", { name: "Save alert" }).click();
      await expect(page.getByText(/when your wallet goes below K\s300\.00/)).toBeVisible();
      await shoot(page, "wallet");
    });

    await test.step("by card, on the pay page and back to the return page", async () => {
      const dialog = await openTopUp(page, "50.50");
      await dialog.getByRole("button", { name: "Continue" }).click();
      await expect(page.getByText("Card payment (sandbox)")).toBeVisible();
      await page.getByRole("button", { name: "Pay" }).click();
      await expect(page.getByText("Top-up Successful").first()).toBeVisible({ timeout: 20_000 });
      await expect(page.getByTestId("wallet-balance")).toHaveText(/K\s250\.50/);
      await shoot(page, "return-page");
      await page.getByRole("button", { name: "Return to Home" }).click();
      await page.getByRole("tab", { name: "Order History" }).click();
      await expect(wallet(page).getByTestId("credit-balance")).toHaveText(/K\s250\.50/);
    });

    await test.step("a daily counter limit for the child, and a block", async () => {
      await page.getByRole("tab", { name: "Students" }).click();
      await addStudent(page, "Mwila Banda", "Grade 4");
      await expect(
        page.getByText(/Counter: up to K\s50\.00 a day \(the school's limit\)/),
      ).toBeVisible();
      await page.getByRole("button", { name: "Counter settings for Mwila Banda" }).click();
      let dialog = page.getByRole("dialog", { name: "Counter for Mwila Banda" });
      await dialog.getByLabel("Daily limit (K)").fill("15");
      await dialog.getByRole("button", { name: "Save" }).click();
      await expect(dialog).toBeHidden();
      await expect(page.getByText(/Counter: up to K\s15\.00 a day$/)).toBeVisible();
      await shoot(page, "counter-limit");
      await page.getByRole("button", { name: "Counter settings for Mwila Banda" }).click();
      dialog = page.getByRole("dialog", { name: "Counter for Mwila Banda" });
      await dialog.getByRole("switch", { name: "Block the counter for Mwila Banda" }).click();
      await dialog.getByRole("button", { name: "Save" }).click();
      await expect(dialog).toBeHidden();
      await expect(page.getByText("Counter: blocked")).toBeVisible();
    });
  });
});

test.describe("the office's wallet limits", () => {
  test("Settings › Payment Settings saves the top-up limits", async ({ page, isMobile }) => {
    test.skip(isMobile, "the office works at a desk");
    await login(page, "superadmin", SUPERADMIN_PASSWORD);
    // Saved limits unlike the form's defaults (K20 and K2,000): the card's fields open only once
    // they have arrived (before, they showed the defaults, and typing was replaced by them).
    const limits = (minTopUp: string, maxTopUp: string) =>
      page.request.post("/api/settings/wallet", { data: { minTopUp, maxTopUp } });
    expect((await limits("25", "2000")).ok()).toBe(true);
    try {
      await openSection(page, "Settings");
      await page.getByRole("tab", { name: "Payment Settings" }).click();
      // The card's fields and button are the only ones of their names on the page.
      const card = page;
      await expect(card.getByLabel("Smallest top-up (K)")).toHaveValue("25.00");
      await card.getByLabel("Smallest top-up (K)").fill("600");
      await card.getByLabel("Largest top-up (K)").fill("500");
      await card.getByRole("button", { name: "Save Wallet Limits" }).click();
      await expect(
        card.getByText("The smallest top-up cannot be more than the largest"),
      ).toBeVisible();
      await card.getByLabel("Smallest top-up (K)").fill("30");
      await card.getByRole("button", { name: "Save Wallet Limits" }).click();
      await expect(page.getByText("Wallet settings saved successfully")).toBeVisible();
      await card.getByLabel("Largest top-up (K)").scrollIntoViewIfNeeded();
      await shoot(page, "settings");
      const saved = await page.request.get("/api/settings/wallet");
      expect(await saved.json()).toEqual({ minTopUp: "30.00", maxTopUp: "500.00" });
      // The settings screen on its own (/settings) fits a phone too: its five tabs scroll.
      await page.goto("/settings");
      await page.getByRole("tab", { name: "Payment Settings" }).click();
      await expect(card.getByLabel("Smallest top-up (K)")).toHaveValue("30.00");
      await shoot(page, "settings-page");
    } finally {
      // Back to the defaults, for the other journeys.
      await limits("20", "2000");
    }
  });
});
