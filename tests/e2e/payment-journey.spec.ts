import { expect, test, type Page } from "@playwright/test";

// Issue 4's journey through the built-in sandbox pay page on a phone: pay, decline, cancel. The
// server verifies with the (sandbox) provider; only the paid cart becomes an order.

test.skip(({ isMobile }) => !isMobile, "one phone-sized run is enough");

async function registerWithChild(page: Page) {
  const username = `payer.${Date.now().toString(36)}`;
  await page.goto("/");
  await page.getByRole("button", { name: /Create an account/ }).click();
  await page.getByLabel("First name").fill("Musonda");
  await page.getByLabel("Last name").fill("Banda");
  await page.getByLabel("Username").fill(username);
  await page.getByLabel("Password").fill("paying-password");
  await page.getByLabel("Email (optional)").fill(`${username}@example.com`);
  await page.getByRole("button", { name: "Create Account" }).click();
  await expect(page.getByText("Registered successfully")).toBeVisible();
  await page.getByRole("tab", { name: "Students" }).click();
  await page.getByRole("button", { name: "Add Student" }).click();
  const dialog = page.getByRole("dialog", { name: "Add Student" });
  await dialog.getByLabel("Name").fill("Kondwani Banda");
  await dialog.getByRole("combobox").click();
  await page.getByRole("option", { name: "Grade 2", exact: true }).click();
  await dialog.getByRole("button", { name: "Add Student" }).click();
  await expect(dialog).toBeHidden();
}

async function putMealInCartAndPay(page: Page) {
  await page.getByRole("tab", { name: "Menu Calendar" }).click();
  // Wait for the calendar (and the stored cart) before deciding whether a meal is still needed.
  await expect(page.getByRole("button", { name: /^Add to Cart: / }).first()).toBeVisible();
  if ((await page.getByText("In cart").count()) === 0) {
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
  await page.getByRole("button", { name: /^Cart, 1 item/ }).click();
  await page.getByRole("button", { name: "Place Order" }).click();
  await expect(page).toHaveURL(/\/payment\/sandbox\?ID=/);
  await expect(page.getByText("Card payment (sandbox)")).toBeVisible();
}

test("a parent pays by card, a declined and a cancelled payment create nothing", async ({
  page,
}) => {
  await registerWithChild(page);

  await test.step("decline", async () => {
    await putMealInCartAndPay(page);
    await page.getByRole("button", { name: "Decline" }).click();
    await expect(page).toHaveURL(/\/payment\/success\?/);
    await expect(
      page
        .getByRole("heading", { name: "Payment Verification Failed" })
        .or(page.getByText("Payment Verification Failed").first()),
    ).toBeVisible({ timeout: 20_000 });
    await page.getByRole("button", { name: "Return to Home" }).click();
  });

  await test.step("cancel", async () => {
    await putMealInCartAndPay(page);
    await page.getByRole("button", { name: "Cancel" }).click();
    await expect(page).toHaveURL(/\/payment\/cancel/);
    await expect(page.getByText("Payment Cancelled").first()).toBeVisible();
    await page.getByRole("button", { name: "Return to Home" }).click();
  });

  await test.step("pay", async () => {
    await putMealInCartAndPay(page);
    await page.getByRole("button", { name: "Pay" }).click();
    await expect(page).toHaveURL(/\/payment\/success\?.*TransID=/);
    await expect(page.getByText("Payment Successful").first()).toBeVisible({ timeout: 20_000 });
    await expect(page).toHaveURL(/\/$/, { timeout: 10_000 });
  });

  await test.step("exactly one paid order, and an empty cart", async () => {
    await page.getByRole("tab", { name: "Order History" }).click();
    await expect(page.getByRole("button", { name: /^Cancel Order: / })).toHaveCount(1);
    await expect(page.getByText(/confirmed/i).first()).toBeVisible();
    await expect(page.getByRole("button", { name: /^Cart, / })).toHaveCount(0);
  });
});
