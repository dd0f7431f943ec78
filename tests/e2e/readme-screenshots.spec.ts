import { devices, expect, test, type Page } from "@playwright/test";
import { SUPERADMIN_PASSWORD } from "../../playwright.config";
import { addFirstOfferedMeal, login } from "./support/steps";

// `npm run screenshots`: the README's pictures, taken from the journeys (issue 24 §7), so they
// show what the app really looks like today. Skipped in the ordinary test run. To add a picture,
// add an entry to SHOTS: its file under docs/screenshots/, its screen size and the steps that
// bring the screen up (an admin console shot would sign in as superadmin on the laptop size).

type Shot = {
  file: string;
  size: "phone" | "laptop";
  /** Brings the screen up; the picture is taken when it resolves. */
  show: (page: Page) => Promise<void>;
};

const SIZES = {
  phone: { ...devices["Pixel 5"], viewport: { width: 360, height: 740 } },
  laptop: { viewport: { width: 1366, height: 768 } },
};

const SHOTS: Shot[] = [
  {
    file: "parent-menu-calendar.png",
    size: "phone",
    show: async (page) => {
      await login(page, "demo.parent", "demo-parent");
      await expect(page.getByRole("heading", { name: "Menu Calendar" })).toBeVisible();
    },
  },
  {
    file: "parent-cart.png",
    size: "phone",
    show: async (page) => {
      await login(page, "demo.parent", "demo-parent");
      if ((await page.getByText("In cart").count()) === 0) await addFirstOfferedMeal(page);
      await page.getByRole("tab", { name: "Cart" }).click();
      await expect(page.getByRole("heading", { name: "Your Cart" })).toBeVisible();
    },
  },
  {
    file: "admin-menu-management.png",
    size: "laptop",
    show: async (page) => {
      await login(page, "superadmin", SUPERADMIN_PASSWORD);
      await page.goto("/?section=menu");
      await expect(page.getByRole("heading", { name: "Menu Management", level: 1 })).toBeVisible();
      await expect(page.getByRole("row").nth(2)).toBeVisible();
    },
  },
];

test.skip(!process.env.SCREENSHOTS, "run by npm run screenshots");

for (const shot of SHOTS) {
  test(shot.file, async ({ browser }, testInfo) => {
    test.skip(testInfo.project.name !== "phone", "each shot sets its own size");
    const context = await browser.newContext(SIZES[shot.size]);
    const page = await context.newPage();
    await shot.show(page);
    // No toast or animation in the picture.
    await page
      .locator("[data-sonner-toast]")
      .first()
      .waitFor({ state: "detached" })
      .catch(() => {});
    await page.evaluate(() => window.scrollTo(0, 0));
    await page.screenshot({ path: `docs/screenshots/${shot.file}`, animations: "disabled" });
    await context.close();
  });
}
