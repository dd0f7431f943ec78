import { expect, type Locator, type Page } from "@playwright/test";

// The steps the journeys share, taken as a person takes them. Not a spec file: Playwright runs
// only *.spec.ts.

/** Signs in on the login screen and waits for the greeting. */
export async function login(page: Page, username: string, password: string) {
  await page.goto("/");
  await page.getByLabel("Username").fill(username);
  await page.getByLabel("Password", { exact: true }).fill(password);
  await page.getByRole("button", { name: "Login to Portal" }).click();
  await expect(page.getByText("Logged in successfully")).toBeVisible();
}

export function adminSidebar(page: Page) {
  return page.getByRole("complementary", { name: "Admin sections" });
}

/** Opens an admin section from the sidebar and waits for its heading. */
export async function openSection(page: Page, name: string) {
  await adminSidebar(page).getByRole("link", { name }).click();
  await expect(page.getByRole("heading", { name, level: 1 })).toBeVisible();
}

/**
 * Takes one of the portal header's actions ("View Profile", "Logout"): from the "Open menu" menu on
 * a phone, from its own button on a wider screen. Waits for the header to show one of the two
 * first: asked at once, while the page was still drawing, neither was visible and a journey waited
 * a minute for the wide button on a phone.
 */
export async function headerAction(page: Page, name: string) {
  const menu = page.getByRole("button", { name: "Open menu" });
  const button = page.getByRole("button", { name });
  await expect(menu.or(button).first()).toBeVisible();
  if (await menu.isVisible()) {
    await menu.click();
    await page.getByRole("menuitem", { name }).click();
  } else {
    await button.click();
  }
}

/** Creates a parent account from the login screen (e-mail: the username at example.com). */
export async function registerParent(
  page: Page,
  account: { firstName: string; lastName: string; username: string; password: string },
) {
  await page.goto("/");
  await page.getByRole("link", { name: /Create an account/ }).click();
  await page.getByLabel("First name").fill(account.firstName);
  await page.getByLabel("Last name").fill(account.lastName);
  await page.getByLabel("Username").fill(account.username);
  await page.getByLabel("Password").fill(account.password);
  await page.getByLabel("Email", { exact: true }).fill(`${account.username}@example.com`);
  await page.getByRole("button", { name: "Create Account" }).click();
  await expect(page.getByText("Registered successfully")).toBeVisible();
}

/** Adds a student through the Students tab's dialog (the tab already open). */
export async function addStudent(page: Page, name: string, grade: string) {
  await page.getByRole("button", { name: "Add Student" }).click();
  const dialog = page.getByRole("dialog", { name: "Add Student" });
  await dialog.getByLabel("Name").fill(name);
  await dialog.getByRole("combobox").click();
  await page.getByRole("option", { name: grade, exact: true }).click();
  await dialog.getByRole("button", { name: "Add Student" }).click();
  await expect(dialog).toBeHidden();
}

/**
 * Waits for the Menu Calendar to draw the shown week. Not for an Add to Cart button: on a Thursday
 * after the cut-off week 1 takes orders on Friday only, and once Friday is in the cart or ordered
 * no day of the week has one (addFirstOfferedMeal then orders in week 2).
 */
export async function waitForCalendar(page: Page) {
  await expect(page.getByRole("region", { name: /^Week \d+$/ })).toBeVisible();
}

/**
 * Adds the first meal offered on a day that has no meal yet, choosing the first options. The demo
 * cycle starts this week: when no day of the week on screen is open any more (a Friday after the
 * cut-off), it orders in week 2.
 */
export async function addFirstOfferedMeal(page: Page) {
  const offered = page.getByRole("button", { name: /^Add to Cart: / });
  const weeks = page.getByRole("group", { name: "Choose a week" });
  await expect(weeks).toBeVisible();
  if ((await offered.count()) === 0) {
    await weeks.getByRole("button", { name: /^Week 2\b/ }).click();
  }
  await addMeal(page, offered.first());
}

/** Presses a meal's "Add to Cart: …" button and adds it with the first of each choice. */
export async function addMeal(page: Page, button: Locator) {
  await button.click();
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

/** Orders the cart's one meal by card: the provider's (sandbox) pay page opens. */
export async function placeCardOrder(page: Page) {
  await page.getByRole("button", { name: /^Cart, 1 item/ }).click();
  await page.getByRole("button", { name: "Place Order" }).click();
  await expect(page).toHaveURL(/\/payment\/sandbox\?ID=/);
}

/**
 * Deactivates the running cycle from Order Cycles. With meals still to serve the console asks a
 * second time (decision 0071), and the office confirms with "Deactivate anyway".
 */
export async function deactivateCurrentCycle(page: Page) {
  await page.getByRole("button", { name: "Deactivate Current Cycle" }).click();
  await page
    .getByRole("alertdialog", { name: "Deactivate Current Cycle?" })
    .getByRole("button", { name: "Deactivate" })
    .click();
  const done = page.getByText("Order cycle deactivated");
  const asked = page.getByRole("alertdialog", { name: /meals? still to serve$/ });
  await expect(done.or(asked)).toBeVisible();
  if (await asked.isVisible()) {
    await asked.getByRole("button", { name: "Deactivate anyway" }).click();
  }
  await expect(done).toBeVisible();
}
