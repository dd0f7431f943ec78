import { expect, test, type Page } from "@playwright/test";
import {
  addFirstOfferedMeal,
  addStudent,
  placeCardOrder,
  registerParent,
  waitForCalendar,
} from "./support/steps";

// Issue 4's journey through the built-in sandbox pay page on a phone: pay, decline, cancel. The
// server verifies with the (sandbox) provider; only the paid cart becomes an order.

test.skip(({ isMobile }) => !isMobile, "one phone-sized run is enough");

async function registerWithChild(page: Page) {
  await registerParent(page, {
    firstName: "Musonda",
    lastName: "Banda",
    username: `payer.${Date.now().toString(36)}`,
    password: "paying-password",
  });
  await page.getByRole("tab", { name: "Students" }).click();
  await addStudent(page, "Kondwani Banda", "Grade 2");
}

async function putMealInCartAndPay(page: Page) {
  await page.getByRole("tab", { name: "Menu Calendar" }).click();
  // Wait for the calendar's week before deciding whether a meal is still needed.
  await waitForCalendar(page);
  if ((await page.getByText("In cart").count()) === 0) await addFirstOfferedMeal(page);
  await placeCardOrder(page);
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
    // A decline is the provider's final answer (issue 24 §4), not a failed verification.
    await expect(page.getByText("Payment Declined").first()).toBeVisible({ timeout: 20_000 });
    await page.getByRole("button", { name: "Return to Home" }).click();
  });

  await test.step("cancel", async () => {
    await putMealInCartAndPay(page);
    await page.getByRole("button", { name: "Cancel" }).click();
    await expect(page).toHaveURL(/\/payment\/cancel/);
    await expect(page.getByText("Payment Cancelled").first()).toBeVisible();
    await page.getByRole("link", { name: "Return to Home" }).click();
  });

  await test.step("pay", async () => {
    await putMealInCartAndPay(page);
    await page.getByRole("button", { name: "Pay" }).click();
    await expect(page).toHaveURL(/\/payment\/success\?.*TransID=/);
    await expect(page.getByText("Payment Successful").first()).toBeVisible({ timeout: 20_000 });
    // The receipt stays until the parent goes home (issue 24 §4).
    await expect(page.getByRole("region", { name: "Receipt" })).toBeVisible();
    await page.getByRole("button", { name: "Return to Home" }).click();
    await expect(page).toHaveURL(/\/$/, { timeout: 10_000 });
  });

  await test.step("exactly one paid order, and an empty cart", async () => {
    await page.getByRole("tab", { name: "Order History" }).click();
    await expect(page.getByRole("button", { name: /^Cancel Order: / })).toHaveCount(1);
    await expect(page.getByText(/confirmed/i).first()).toBeVisible();
    await expect(page.getByRole("button", { name: /^Cart, / })).toHaveCount(0);
  });
});
