import { test } from "@playwright/test";
import { SUPERADMIN_PASSWORD } from "../../playwright.config";
import { login, openSection } from "./support/steps";

test("look at the changed admin screens", async ({ page, isMobile }) => {
  const tag = isMobile ? "360" : "1366";
  await login(page, "superadmin", SUPERADMIN_PASSWORD);
  await openSection(page, "Parents & Students");
  await page.getByRole("button", { name: /^Show students of / }).first().click();
  await page.screenshot({ path: `/tmp/look-parents-${tag}.png`, fullPage: true });
  await page.getByRole("button", { name: /^Delete / }).first().click();
  await page.getByRole("alertdialog").waitFor();
  await page.screenshot({ path: `/tmp/look-parent-delete-${tag}.png` });
  await page.getByRole("button", { name: "Cancel" }).click();
  await openSection(page, "Settings");
  await page.getByRole("tab", { name: "Discount Codes" }).click();
  const del = page.getByRole("button", { name: /^Delete / }).first();
  if (await del.count()) {
    await del.click();
    await page.getByRole("alertdialog").waitFor();
  }
  await page.screenshot({ path: `/tmp/look-discount-delete-${tag}.png` });
});
