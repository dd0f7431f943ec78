import { expect, request, test, type Page } from "@playwright/test";
import { SUPERADMIN_PASSWORD } from "../../playwright.config";

// Issue 3's journeys on a 390×844 phone: a parent registers, adds two children, puts meals for
// three days in the cart, places a free order with a 100% code, cancels one order and sees the
// states in the calendar and the history; a teacher orders from the secondary menu.

test.use({ viewport: { width: 390, height: 844 } });
test.skip(({ isMobile }) => !isMobile, "one phone-sized run is enough");

async function register(page: Page, username: string) {
  await page.goto("/");
  await page.getByRole("button", { name: /Create an account/ }).click();
  await page.getByLabel("First name").fill("Thandiwe");
  await page.getByLabel("Last name").fill("Phiri");
  await page.getByLabel("Username").fill(username);
  await page.getByLabel("Password").fill("journey-password");
  await page.getByLabel("Email (optional)").fill(`${username}@example.com`);
  await page.getByRole("button", { name: "Create Account" }).click();
  await expect(page.getByText("Registered successfully")).toBeVisible();
}

async function addStudent(page: Page, name: string, grade: string) {
  await page.getByRole("button", { name: "Add Student" }).click();
  const dialog = page.getByRole("dialog", { name: "Add Student" });
  await dialog.getByLabel("Name").fill(name);
  await dialog.getByRole("combobox").click();
  await page.getByRole("option", { name: grade, exact: true }).click();
  await dialog.getByRole("button", { name: "Add Student" }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByText(name, { exact: true })).toBeVisible();
}

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

/** Adds the first meal offered on a day that has no meal yet, choosing the first options. */
async function addFirstOfferedMeal(page: Page) {
  await page
    .getByRole("button", { name: /^Add to Cart: / })
    .first()
    .click();
  const dialog = page.getByRole("dialog");
  // The dialog's code is fetched on the first press: wait for it before counting its groups.
  await expect(dialog).toBeVisible();
  for (const legend of ["Choose a protein", "Choose a side dish"]) {
    const group = dialog
      .getByRole("group", { name: legend })
      .or(dialog.getByRole("radiogroup", { name: legend }));
    if ((await group.count()) > 0) await group.first().getByRole("radio").first().check();
  }
  await dialog.getByRole("button", { name: "Add to Cart" }).click();
  await expect(dialog).toBeHidden();
}

test("a parent orders a week of free lunches and cancels one", async ({ page, baseURL }) => {
  const username = `journey.${Date.now().toString(36)}`;
  await register(page, username);

  await test.step("add two children", async () => {
    await page.getByRole("tab", { name: "Students" }).click();
    await addStudent(page, "Chanda Phiri", "Grade 3");
    await addStudent(page, "Mwila Phiri", "Grade 8");
  });

  await test.step("the school gives a 100% code", async () => {
    await giveFreeLunchCode(page, baseURL!);
    await page.reload();
    await expect(page.getByText(`FREE`).first()).toBeAttached();
  });

  await test.step("add meals for three days", async () => {
    await page.getByRole("tab", { name: "Menu Calendar" }).click();
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
