import { expect, request, test, type Page } from "@playwright/test";
import { SUPERADMIN_PASSWORD } from "../../playwright.config";
import { addFirstOfferedMeal, addStudent, registerParent } from "./support/steps";

// Issue 3's journeys on a 390×844 phone: a parent registers, adds two children, puts meals for
// three days in the cart, places a free order with a 100% code, cancels one order and sees the
// states in the calendar and the history; a teacher orders from the secondary menu.

test.use({ viewport: { width: 390, height: 844 } });
test.skip(({ isMobile }) => !isMobile, "one phone-sized run is enough");

async function giveFreeLunchCode(page: Page, baseURL: string) {
  const me = (await (await page.request.get("/api/user")).json()) as { id: number };
  const admin = await request.newContext({ baseURL });
  expect(
    (
      await admin.post("/api/login", {
        data: { username: "superadmin", password: SUPERADMIN_PASSWORD },
      })
    ).ok(),
  ).toBe(true);
  const code = await admin.post("/api/discount-codes", {
    data: { code: `FREE${me.id}`, userId: me.id, discountPercentage: 100 },
  });
  expect(code.ok()).toBe(true);
  await admin.dispose();
}

test("a parent orders a week of free lunches and cancels one", async ({ page, baseURL }) => {
  const username = `journey.${Date.now().toString(36)}`;
  await registerParent(page, {
    firstName: "Thandiwe",
    lastName: "Phiri",
    username,
    password: "journey-password",
  });

  await test.step("add two children", async () => {
    await page.getByRole("tab", { name: "Students" }).click();
    for (const [name, grade] of [
      ["Chanda Phiri", "Grade 3"],
      ["Mwila Phiri", "Grade 8"],
    ] as const) {
      await addStudent(page, name, grade);
      await expect(page.getByText(name, { exact: true })).toBeVisible();
    }
  });

  await test.step("the school gives a 100% code", async () => {
    await giveFreeLunchCode(page, baseURL!);
    await page.reload();
    await expect(page.getByText(`FREE`).first()).toBeAttached();
  });

  // The demo cycle starts this week: late in the week only a day or two of week 1 is still open,
  // so the journey orders in week 2, whose five days are open whatever the day of the run.
  const weekTwo = () =>
    page.getByRole("group", { name: "Choose a week" }).getByRole("button", { name: /^Week 2\b/ });

  await test.step("add meals for three days", async () => {
    await page.getByRole("tab", { name: "Menu Calendar" }).click();
    await weekTwo().click();
    await expect(weekTwo()).toHaveAttribute("aria-pressed", "true");
    for (let i = 0; i < 3; i++) await addFirstOfferedMeal(page);
    await expect(page.getByText("In cart")).toHaveCount(3);
  });

  await test.step("the cart shows the total after the code", async () => {
    await page.getByRole("button", { name: "Cart, 3 items" }).click();
    const summary = page
      .getByRole("region", { name: "Order summary" })
      .or(page.getByLabel("Order summary"));
    await expect(summary).toContainText("Total");
    await expect(summary).toContainText(/K\s?0\.00/);
    await page.getByRole("button", { name: "Place Order" }).click();
    await expect(page.getByText("Order Placed")).toBeVisible();
  });

  await test.step("cancel one order from the history", async () => {
    await page.getByRole("tab", { name: "Order History" }).click();
    const cancels = page.getByRole("button", { name: /^Cancel Order: / });
    await expect(cancels).toHaveCount(3);
    await cancels.first().click();
    await page
      .getByRole("alertdialog", { name: "Cancel Order" })
      .getByRole("button", { name: "Yes, Cancel Order" })
      .click();
    await expect(page.getByRole("button", { name: /^Cancel Order: / })).toHaveCount(2);
    await expect(page.getByText(/^Cancelled$/).first()).toBeVisible();
  });

  await test.step("the calendar shows the states", async () => {
    await page.getByRole("tab", { name: "Menu Calendar" }).click();
    await weekTwo().click();
    await expect(page.getByText("Order Pending")).toHaveCount(2);
    await expect(page.getByText("Order cancelled")).toHaveCount(1);
  });
});

test("a teacher sees the secondary menu and an empty history", async ({ page }) => {
  await page.goto("/");
  await page.getByLabel("Username").fill("demo.teacher");
  await page.getByLabel("Password", { exact: true }).fill("demo-teacher");
  await page.getByRole("button", { name: "Login to Portal" }).click();
  await expect(page.getByRole("tab", { name: "Menu Calendar" })).toBeVisible();
  await expect(page.getByRole("tab", { name: "Order History" })).toBeVisible();
  await expect(page.getByRole("tab", { name: "Students" })).toHaveCount(0);
  // The demo menu's secondary items, never the primary ones.
  await expect(
    page.getByRole("button", { name: /^Add to Cart: (Beef Stew|Grilled Chicken)/ }).first(),
  ).toBeVisible();
  await expect(
    page.getByRole("button", { name: /^Add to Cart: (Fish Fingers|Chicken Wrap|Vegetable Pasta)/ }),
  ).toHaveCount(0);
  await addFirstOfferedMeal(page);
  await expect(page.getByText("In cart")).toHaveCount(1);
  await page.getByRole("tab", { name: "Order History" }).click();
  await expect(page.getByRole("button", { name: /^Cancel Order: / })).toHaveCount(0);
});
