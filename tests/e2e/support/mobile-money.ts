import { expect, type APIRequestContext, type Page } from "@playwright/test";
import { SUPERADMIN_PASSWORD } from "../../../playwright.config";
import { addFirstOfferedMeal, waitForCalendar } from "./steps";

// Paying by mobile money in the built-in sandbox (issue 16), shared by the journeys that do it: the
// office turns it on, the parent pushes from the Cart, and the sandbox's phone answers.

/** The superadmin turns mobile money on or off for both operators. */
export async function setMobileMoney(
  request: { newContext: (options: { baseURL?: string }) => Promise<APIRequestContext> },
  baseURL: string | undefined,
  enabled: boolean,
) {
  const admin = await request.newContext({ baseURL });
  expect(
    (
      await admin.post("/api/login", {
        data: { username: "superadmin", password: SUPERADMIN_PASSWORD },
      })
    ).ok(),
  ).toBe(true);
  const saved = await admin.post("/api/settings/mobile-money", {
    data: { enabled, operators: { airtel: true, mtn: true } },
  });
  expect(saved.ok()).toBe(true);
  await admin.dispose();
}

export async function openCartWithMeal(page: Page) {
  await page.getByRole("tab", { name: "Menu Calendar" }).click();
  await waitForCalendar(page);
  if ((await page.getByText("In cart").count()) === 0) await addFirstOfferedMeal(page);
  await page.getByRole("button", { name: /^Cart, 1 item/ }).click();
}

/** Pay with Mobile Money from the open Cart; answers the waiting screen. */
export async function pushFromCart(page: Page, number: string, operator: string) {
  await page.getByRole("button", { name: "Pay with Mobile Money" }).click();
  const dialog = page.getByRole("dialog", { name: "Pay with Mobile Money" });
  await dialog.getByLabel("Mobile money number").fill(number);
  await expect(dialog.getByTestId("detected-operator")).toContainText(operator);
  await dialog.getByRole("button", { name: "Send payment request" }).click();
  const waiting = page.getByTestId("mobile-waiting");
  await expect(waiting).toBeVisible();
  return waiting;
}

/** The sandbox's phone, in a second tab of the same browser (the same signed-in parent). */
export async function answerOnPhone(page: Page, answer: "Approve" | "Decline", masked: string) {
  const phone = await page.context().newPage();
  await phone.goto("/payment/sandbox/mobile");
  const push = phone.getByTestId("sandbox-push").filter({ hasText: masked });
  await expect(push).toHaveCount(1);
  await push.getByRole("button", { name: answer }).click();
  await expect(push).toHaveCount(0);
  await phone.close();
}
