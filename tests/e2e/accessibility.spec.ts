import AxeBuilder from "@axe-core/playwright";
import { expect, test, type Page } from "@playwright/test";
import { SUPERADMIN_PASSWORD } from "../../playwright.config";
import { FEATURES, SECTION_TITLES, SUPERADMIN_USERNAME } from "../../lib/contracts/permissions";

// Every section of the console, every settings tab and every tab of the parent's and teacher's
// screens (decision 0127), on a phone and on a laptop, checked with axe against WCAG 2.1 A and AA:
// no serious or critical violation. Found this way and fixed: a table that scrolls sideways could
// not be scrolled from the keyboard, and the roll's tabs controlled a panel that did not exist.

/**
 * Not checked here: WCAG 2.5.3's "label in name" (axe's `label-content-name-mismatch`). Several
 * buttons are named for what they act on, and the journeys and people press them by those names:
 * the floating cart ("Cart, 2 items", showing "Cart" and a badge), the refund actions ("Mark order
 * 31 as refunded", showing "Mark as Refunded"). Renaming them to start with their visible text is
 * left for a change that updates every journey with them (decision 0127).
 */
const NOT_CHECKED = ["label-content-name-mismatch"];

/** Opens a tab and waits until its panel has drawn what it loads. */
async function openTab(page: Page, name: string) {
  await page.getByRole("tab", { name }).click();
  const panel = page.getByRole("tabpanel", { name });
  await expect(panel).toBeVisible();
  await expect(panel.getByText(/^Loading/)).toHaveCount(0);
}

async function violations(page: Page): Promise<string[]> {
  // The screen's reads are in before it is checked.
  await page.waitForLoadState("networkidle");
  // And nothing is between two colours: a button fading in as it opens (its transition) would be
  // measured at half its contrast. (A spinner's endless turn never finishes: not waited for.)
  await page.evaluate(() =>
    Promise.all(
      document
        .getAnimations()
        .filter((animation) => animation.effect?.getComputedTiming().endTime !== Infinity)
        .map((animation) => animation.finished.catch(() => null)),
    ),
  );
  const results = await new AxeBuilder({ page })
    .withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"])
    .disableRules(NOT_CHECKED)
    .analyze();
  return results.violations
    .filter((v) => v.impact === "serious" || v.impact === "critical")
    .map((v) => `${v.id}: ${v.nodes.map((n) => `${n.target.join(" ")} ${n.html}`).join(", ")}`);
}

async function signIn(page: Page, username: string, password: string) {
  const answer = await page.request.post("/api/login", { data: { username, password } });
  expect(answer.ok()).toBe(true);
}

test("the console's sections and the settings' tabs", async ({ page }) => {
  test.setTimeout(180_000);
  await signIn(page, SUPERADMIN_USERNAME, SUPERADMIN_PASSWORD);
  const found: Record<string, string[]> = {};
  for (const feature of FEATURES) {
    await page.goto(`/?section=${feature}`);
    await expect(
      page.getByRole("heading", { name: SECTION_TITLES[feature], level: 1 }),
    ).toBeVisible();
    found[feature] = await violations(page);
  }
  await page.goto("/settings");
  for (const tab of await page.getByRole("tab").allTextContents()) {
    await openTab(page, tab);
    found[`settings: ${tab}`] = await violations(page);
  }
  expect(Object.entries(found).filter(([, list]) => list.length > 0)).toEqual([]);
});

for (const [who, username, password] of [
  ["parent", "demo.parent", "demo-parent"],
  ["teacher", "demo.teacher", "demo-teacher"],
] as const) {
  test(`the ${who}'s tabs`, async ({ page }) => {
    await signIn(page, username, password);
    await page.goto("/");
    await expect(page.getByRole("heading", { name: "Menu Calendar" })).toBeVisible();
    const found: Record<string, string[]> = {};
    for (const tab of await page.getByRole("tab").allTextContents()) {
      await openTab(page, tab);
      found[tab] = await violations(page);
    }
    expect(Object.entries(found).filter(([, list]) => list.length > 0)).toEqual([]);
  });
}
