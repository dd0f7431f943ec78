import { expect, test } from "@playwright/test";
import {
  addFirstOfferedMeal,
  addStudent,
  placeCardOrder,
  registerParent,
  waitForCalendar,
} from "./support/steps";

// Issue 49 on a phone: a parent pays by card, reopens the receipt from Order History, and
// downloads a statement for this month that names the meal. With STATEMENT_SHOTS=<folder>, Order
// History and the receipt are also photographed at 360, 1024 and 1366 px for review.

test.skip(({ isMobile }) => !isMobile, "one phone-sized run is enough");

test("a receipt reopened from Order History, and this month's statement", async ({ page }) => {
  await registerParent(page, {
    firstName: "Mwila",
    lastName: "Zulu",
    username: `statement.${Date.now().toString(36)}`,
    password: "statement-password",
  });
  await page.getByRole("tab", { name: "Students" }).click();
  await addStudent(page, "Natasha Zulu", "Grade 4");
  await page.getByRole("tab", { name: "Menu Calendar" }).click();
  await waitForCalendar(page);
  await addFirstOfferedMeal(page);
  await placeCardOrder(page);
  await page.getByRole("button", { name: "Pay" }).click();
  await expect(page.getByText("Payment Successful").first()).toBeVisible({ timeout: 20_000 });
  await page.getByRole("button", { name: "Return to Home" }).click();
  await expect(page).toHaveURL(/\/$/, { timeout: 10_000 });

  await page.getByRole("tab", { name: "Order History" }).click();
  const download = page.getByRole("link", { name: /download statement/i });
  await expect(download).toBeVisible();
  const shots = process.env.STATEMENT_SHOTS;
  for (const width of shots ? [360, 1024, 1366] : []) {
    await page.setViewportSize({ width, height: width === 360 ? 740 : 768 });
    await page.getByRole("heading", { name: "Statement" }).scrollIntoViewIfNeeded();
    await page.screenshot({ path: `${shots}/history-${width}.png`, animations: "disabled" });
  }
  await page.setViewportSize({ width: 360, height: 740 });

  const href = await download.getAttribute("href");
  expect(href).toMatch(/^\/api\/account\/statement\?from=\d{4}-\d{2}-01&to=\d{4}-\d{2}-\d{2}$/);
  const pdf = await page.request.get(href!);
  expect(pdf.status()).toBe(200);
  expect(pdf.headers()["content-type"]).toBe("application/pdf");
  expect((await pdf.body()).subarray(0, 5).toString()).toBe("%PDF-");

  await page
    .getByRole("button", { name: /^View receipt: / })
    .first()
    .click();
  const receipt = page.getByRole("dialog", { name: "Receipt" });
  await expect(receipt.getByText("Natasha Zulu")).toBeVisible();
  await expect(receipt.getByText("Total paid")).toBeVisible();
  for (const width of shots ? [360, 1024, 1366] : []) {
    await page.setViewportSize({ width, height: width === 360 ? 740 : 768 });
    await page.screenshot({ path: `${shots}/receipt-${width}.png`, animations: "disabled" });
  }
});
