import { expect, test, type Page } from "@playwright/test";
import { addMeal } from "./support/steps";

// Issue 8, offline use: a parent who has loaded the Menu Calendar once still sees it, and their
// Order History, when the network drops, under a clear notice; logging out deletes the copies.

test.skip(({ isMobile }) => !isMobile, "one phone-sized run is enough");

const NOTICE = "You are offline. Showing the menu and orders from your last visit.";

/** The names of the service worker's caches and the paths each holds. */
async function cachedPaths(page: Page): Promise<string[]> {
  return page.evaluate(async () => {
    const paths: string[] = [];
    for (const name of await caches.keys()) {
      for (const request of await (await caches.open(name)).keys()) {
        const url = new URL(request.url);
        paths.push(url.pathname + url.search);
      }
    }
    return paths;
  });
}

/**
 * Waits until the service worker holds every script the page has fetched so far, the ones fetched
 * once the page was idle included (so offline they come from the worker, not by chance).
 */
async function expectScriptsKept(page: Page) {
  const scripts = await page.evaluate(() =>
    performance
      .getEntriesByType("resource")
      .map((entry) => new URL(entry.name).pathname)
      .filter((path) => path.startsWith("/_next/static/chunks/") && path.endsWith(".js")),
  );
  expect(scripts.length).toBeGreaterThan(0);
  await expect
    .poll(() => cachedPaths(page), { timeout: 20_000 })
    .toEqual(expect.arrayContaining(scripts));
}

test("the parent's menu and order history stay readable offline, with a notice", async ({
  page,
  context,
}) => {
  const login = await page.request.post("/api/login", {
    data: { username: "demo.parent", password: "demo-parent" },
  });
  expect(login.ok()).toBe(true);

  await page.goto("/");
  await expect(page.getByRole("heading", { name: "Menu Calendar" })).toBeVisible();
  const addButtons = page.getByRole("button", { name: /^Add to Cart:/ });
  await expect(addButtons.first()).toBeVisible();
  const firstItem = await addButtons.first().getAttribute("aria-label");
  await expect(page.getByText(NOTICE)).toBeHidden();

  // The worker registers after the load and stores what this first visit fetched until then: the
  // page, which carries the calendar's reads in its HTML (tests/e2e/first-load.spec.ts).
  await expect
    .poll(() => cachedPaths(page), { timeout: 20_000 })
    .toEqual(expect.arrayContaining(["/"]));
  await expectScriptsKept(page);

  // A meal in the cart, kept by the browser (the Cart is never opened while online). The add-to-
  // cart dialog's code, fetched now, is not needed offline.
  await page.evaluate(() => localStorage.removeItem("cartItems"));
  // The last day's, so that the first day's button keeps its name for the check offline.
  const lastItem = await addButtons.last().getAttribute("aria-label");
  expect(lastItem).not.toBe(firstItem);
  const itemName = /^Add to Cart: (.+?), /.exec(lastItem ?? "")?.[1] ?? "";
  expect(itemName).not.toBe("");
  await addMeal(page, addButtons.last());

  await context.setOffline(true);
  // A minute later by the page's clock, so the orders the page holds are stale (spec 000 §9: 30 s)
  // and would be read again: offline, that read waits for the network instead of failing.
  await page.clock.install({ time: Date.now() + 60_000 });
  await page.reload();
  await expect(page.getByText(NOTICE)).toBeVisible();
  await expect(page.getByRole("heading", { name: "Menu Calendar" })).toBeVisible();
  await expect(page.getByRole("button", { name: firstItem ?? "" })).toBeVisible();

  await page.getByRole("tab", { name: "Order History" }).click();
  await expect(page.getByRole("tab", { name: "Order History" })).toHaveAttribute(
    "aria-selected",
    "true",
  );
  // Order History's code is not in the first load: it was fetched once the first visit was idle,
  // and the worker kept it, so the tab shows the orders (or says there are none), not a spinner.
  const history = page.getByRole("tabpanel", { name: "Order History" });
  await expect(
    history.getByRole("list").or(history.getByText("No orders yet. Meals you order appear here.")),
  ).toBeVisible();
  await expect(page.getByText(/Failed to (load|fetch)/)).toBeHidden();
  await expect(page.getByText(NOTICE)).toBeVisible();

  // The Cart was never opened online either: its code too was fetched once the first visit was
  // idle, so offline it shows what the parent put in it, not a spinner or an error page.
  await page.getByRole("tab", { name: "Cart" }).click();
  const cart = page.getByRole("tabpanel", { name: "Cart" });
  await expect(cart.getByText(itemName).first()).toBeVisible();
  await expect(page.getByText(NOTICE)).toBeVisible();

  // Back online the notice goes; logging out deletes the offline copies.
  await context.setOffline(false);
  await expect(page.getByText(NOTICE)).toBeHidden();
  await page.getByRole("button", { name: "Open menu" }).click();
  await page.getByRole("menuitem", { name: "Logout" }).click();
  await expect(page.getByRole("button", { name: "Login to Portal" })).toBeVisible();
  // (The login page's own build assets may be cached again; no page or read of the parent is.)
  const isUserData = (p: string) => p === "/" || p.startsWith("/api/");
  await expect.poll(async () => (await cachedPaths(page)).filter(isUserData)).toEqual([]);
});

test("the teacher's cart opens offline though it was never opened online", async ({
  page,
  context,
}) => {
  const login = await page.request.post("/api/login", {
    data: { username: "demo.teacher", password: "demo-teacher" },
  });
  expect(login.ok()).toBe(true);
  await page.goto("/");
  await expect(page.getByRole("heading", { name: "Menu Calendar" })).toBeVisible();
  await expect
    .poll(() => cachedPaths(page), { timeout: 20_000 })
    .toEqual(expect.arrayContaining(["/"]));
  await expectScriptsKept(page);

  await context.setOffline(true);
  await page.reload();
  await expect(page.getByText(NOTICE)).toBeVisible();
  // The sheet's code and the Cart's were fetched once the first visit was idle and kept.
  await page.getByRole("button", { name: /^Cart, \d+ items?$/ }).click();
  const sheet = page.getByRole("dialog", { name: "Cart" });
  await expect(sheet).toBeVisible();
  await expect(sheet.getByRole("heading", { name: "Your Cart" })).toBeVisible();
  await expect(page.getByRole("heading", { name: "Something went wrong" })).toBeHidden();
  await context.setOffline(false);
});
