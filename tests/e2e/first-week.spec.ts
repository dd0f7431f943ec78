import { expect, test, type Page } from "@playwright/test";
import { addFirstOfferedMeal, addStudent, login } from "./support/steps";

// Issue 24: a parent's first week on a slow phone (360×740). Each describe is one finding.

test.beforeEach(({}, testInfo) => {
  test.skip(testInfo.project.name !== "phone", "a phone's findings");
});

let counter = 0;
const unique = (prefix: string) => `${prefix}${Date.now() % 1_000_000}${++counter}`;

test.describe("§1 the forms before the scripts have loaded", () => {
  test.describe("with JavaScript disabled", () => {
    test.use({ javaScriptEnabled: false });

    test("sign-up and login work, and nothing typed reaches the address", async ({ page }) => {
      const username = unique("noscript.");
      await page.goto("/");
      await page.getByRole("link", { name: /Create an account/ }).click();
      await expect(page).toHaveURL(/\?auth=register$/);
      await page.getByLabel("First name").fill("Bwalya");
      await page.getByLabel("Last name").fill("Mulenga");
      await page.getByLabel("Username").fill(username);
      await page.getByLabel("Password", { exact: true }).fill("secret123");
      await page.getByRole("button", { name: "Create Account" }).click();
      await expect(page.getByText("Parent Dashboard")).toBeVisible();
      expect(page.url()).not.toContain("secret123");
      await page.context().clearCookies();

      await page.goto("/");
      await page.getByLabel("Username").fill(username);
      await page.getByLabel("Password", { exact: true }).fill("wrong-password");
      await page.getByRole("button", { name: "Login to Portal" }).click();
      await expect(page.getByRole("alert")).toHaveText("Invalid username or password");
      expect(page.url()).not.toContain("wrong-password");

      await page.getByLabel("Username").fill(username);
      await page.getByLabel("Password", { exact: true }).fill("secret123");
      await page.getByRole("button", { name: "Login to Portal" }).click();
      await expect(page.getByText("Parent Dashboard")).toBeVisible();
      expect(page.url()).not.toMatch(/password|secret123/);
    });
  });

  test("a login tapped before hydration posts, never a GET into the address", async ({ page }) => {
    // A slow phone: the page's scripts arrive seconds after the form is on screen.
    await page.route("**/_next/static/**/*.js", async (route) => {
      await new Promise((resolve) => setTimeout(resolve, 4_000));
      await route.continue();
    });
    const requests: string[] = [];
    page.on("request", (request) => requests.push(`${request.method()} ${request.url()}`));
    await page.goto("/", { waitUntil: "commit" });
    await page.getByLabel("Username").fill("demo.parent");
    await page.getByLabel("Password", { exact: true }).fill("demo-parent");
    await page.getByRole("button", { name: "Login to Portal" }).click();
    await expect(page.getByText("Parent Dashboard")).toBeVisible({ timeout: 30_000 });
    expect(requests.some((r) => r.includes("demo-parent"))).toBe(false);
    expect(requests.some((r) => /^POST .*\/api\/login\/form$/.test(r))).toBe(true);
  });
});

/** Signs up a parent without an e-mail, with the scripts running; lands on the dashboard. */
async function signUpWithoutEmail(page: Page, username = unique("first.week.")) {
  await page.goto("/");
  await page.getByRole("link", { name: /Create an account/ }).click();
  await page.getByLabel("First name").fill("Bwalya");
  await page.getByLabel("Last name").fill("Mulenga");
  await page.getByLabel("Username").fill(username);
  await page.getByLabel("Password", { exact: true }).fill("secret123");
  await page.getByRole("button", { name: "Create Account" }).click();
  await expect(page.getByText("Registered successfully")).toBeVisible();
  return username;
}

test.describe("§2 the e-mail asked for early", () => {
  test("the sign-up field, the dashboard notice and the Email Required toast each lead to Profile Settings", async ({
    page,
  }) => {
    await page.goto("/?auth=register");
    await expect(page.getByText(/Needed to order and pay/)).toBeVisible();

    await signUpWithoutEmail(page);
    const notice = page.getByRole("region", { name: "Add an email address to order and pay" });
    await expect(notice).toBeVisible();
    await notice.getByRole("button", { name: "Add email address" }).click();
    const profile = page.getByRole("dialog", { name: "Profile Settings" });
    await expect(profile).toBeVisible();
    await profile.getByRole("button", { name: "Close" }).first().click();
    await expect(profile).toBeHidden();

    await page.getByRole("tab", { name: "Students" }).click();
    await addStudent(page, "Bwalya Mulenga", "Grade 3");
    await page.getByRole("tab", { name: "Menu Calendar" }).click();
    await addFirstOfferedMeal(page);
    await page.getByRole("tab", { name: "Cart" }).click();
    await page.getByRole("button", { name: "Place Order" }).click();
    const toast = page.locator("[data-sonner-toast]").filter({ hasText: "Email Required" });
    await expect(toast).toContainText(
      "Please add an email address to your profile before placing orders. Contact the school office for assistance.",
    );
    await toast.getByRole("button", { name: "Add email address" }).click();
    await expect(page.getByRole("dialog", { name: "Profile Settings" })).toBeVisible();
  });
});

test.describe("§3 the cut-off and closed days", () => {
  test("the calendar shows the cut-off, and every School Closed day says why", async ({ page }) => {
    await login(page, "demo.parent", "demo-parent");
    await expect(page.getByText("Orders for a day close at 08:00 that day.")).toBeVisible();
    const closedDays = page
      .getByRole("region", { name: /^(Monday|Tuesday|Wednesday|Thursday|Friday)/ })
      .filter({ hasText: "School Closed" });
    for (const card of await closedDays.all()) {
      await expect(
        card.getByText(/^(Ordering for (this day|today) (has )?closed|Closed by the school)/),
      ).toBeVisible();
    }
  });
});

test.describe("§4 money, said plainly", () => {
  test("a declined card, a receipt, and a cancelled paid order's refund", async ({ page }) => {
    await signUpWithoutEmail(page);
    // An e-mail, so the cart can be ordered.
    await page.getByRole("button", { name: "Add email address" }).click();
    const profile = page.getByRole("dialog", { name: "Profile Settings" });
    await profile.getByLabel("Email").fill(`${unique("payer")}@example.com`);
    await profile.getByRole("button", { name: /Save/ }).click();
    await expect(profile).toBeHidden();
    await page.getByRole("tab", { name: "Students" }).click();
    await addStudent(page, "Bwalya Mulenga", "Grade 3");
    await page.getByRole("tab", { name: "Menu Calendar" }).click();
    await addFirstOfferedMeal(page);

    await test.step("declined: not charged, cart kept, Try again opens the Cart", async () => {
      await page.getByRole("tab", { name: "Cart" }).click();
      await page.getByRole("button", { name: "Place Order" }).click();
      await page.getByRole("button", { name: "Decline" }).click();
      await expect(page.getByText("Payment Declined").first()).toBeVisible({ timeout: 20_000 });
      await expect(page.getByText(/you were not charged/).first()).toBeVisible();
      await expect(page.getByText(/Attempt \d of \d/)).toHaveCount(0);
      await page.getByRole("button", { name: "Try again" }).click();
      await expect(page.getByRole("tab", { name: "Cart" })).toHaveAttribute(
        "aria-selected",
        "true",
      );
      await expect(page.getByRole("heading", { name: "Your Cart" })).toBeVisible();
    });

    let reference = "";
    await test.step("paid: the receipt names the child, the meal, the total and the reference", async () => {
      await page.getByRole("button", { name: "Place Order" }).click();
      await page.getByRole("button", { name: "Pay" }).click();
      const receipt = page.getByRole("region", { name: "Receipt" });
      await expect(receipt).toBeVisible({ timeout: 20_000 });
      await expect(receipt).toContainText("Bwalya Mulenga");
      await expect(receipt).toContainText("Total paid");
      reference = (await receipt.locator(".font-mono").textContent()) ?? "";
      expect(reference).not.toBe("");
      await page.getByRole("button", { name: "Return to Home" }).click();
    });

    await test.step("Order History: the reference; cancelling says where the money goes", async () => {
      await page.getByRole("tab", { name: "Order History" }).click();
      await expect(page.getByText(reference)).toBeVisible();
      await page.getByRole("button", { name: /^Cancel Order: / }).click();
      const dialog = page.getByRole("alertdialog", { name: "Cancel Order" });
      await expect(dialog).toContainText("The school office refunds it");
      await dialog.getByRole("button", { name: "Yes, Cancel Order" }).click();
      await expect(page.getByText("Refund pending").first()).toBeVisible();
    });
  });
});
