import { expect, test } from "@playwright/test";
import { SUPERADMIN_PASSWORD } from "../../playwright.config";
import { login, openSection } from "./support/steps";

// Issue 19's menu bulk actions on a laptop: the admin duplicates two items, archives the two
// copies at once from the table's selection, and finds them behind "Show archived items".

test.skip(({ isMobile }) => isMobile, "a desktop journey");

test("an admin archives selected menu items in one go", async ({ page }) => {
  await login(page, "superadmin", SUPERADMIN_PASSWORD);
  await openSection(page, "Menu Management");
  const table = page.getByRole("table");
  const names = ["Fish Fingers", "Vegetable Pasta"];

  await test.step("duplicate two items from the selection", async () => {
    for (const name of names) {
      await table.getByRole("checkbox", { name: `Select ${name}`, exact: true }).check();
    }
    const toolbar = page.getByRole("toolbar", { name: "Selected menu items" });
    await expect(toolbar).toContainText("2 items selected");
    await toolbar.getByRole("button", { name: "Duplicate selected" }).click();
    await expect(page.getByText("Selected menu items duplicated successfully")).toBeVisible();
    await expect(toolbar).toBeHidden();
  });

  // The copies are "{name} (Copy)" ("(Copy 2)" on a second run against the same server).
  const copyBox = (name: string) =>
    table.getByRole("checkbox", { name: new RegExp(`^Select ${name} \\(Copy( \\d+)?\\)$`) });

  await test.step("select the two copies", async () => {
    for (const name of names) await copyBox(name).check();
  });

  await test.step("archive them at once", async () => {
    const toolbar = page.getByRole("toolbar", { name: "Selected menu items" });
    await expect(toolbar).toContainText("2 items selected");
    await page.screenshot({ path: "test-results/menu-bulk-laptop.png" });
    await toolbar.getByRole("button", { name: "Archive selected" }).click();
    await page
      .getByRole("alertdialog", { name: "Archive Menu Items" })
      .getByRole("button", { name: "Archive" })
      .click();
    await expect(page.getByText("Selected menu items archived successfully")).toBeVisible();
    for (const name of names) await expect(copyBox(name)).toHaveCount(0);
    for (const name of names) {
      await expect(table.getByRole("cell", { name, exact: true })).toBeVisible();
    }
  });

  await test.step("the copies are behind Show archived items", async () => {
    await page.getByRole("switch", { name: "Show archived items" }).click();
    for (const name of names) await expect(copyBox(name).first()).toBeVisible();
  });
});
