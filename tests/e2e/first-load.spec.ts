import { expect, test } from "@playwright/test";
import { addFirstOfferedMeal, waitForCalendar } from "./support/steps";

// Issue 8, pages fast on a phone: the parent's and the teacher's Menu Calendar arrive in the page's
// own HTML (no loading state, no round trips for its reads over a slow network), and the page
// hydrates onto it without a console error and without asking the API for what it already holds.

const ACCOUNTS = [
  { role: "parent", username: "demo.parent", password: "demo-parent" },
  { role: "teacher", username: "demo.teacher", password: "demo-teacher" },
] as const;

const FIRST_READS = [
  "/api/students",
  "/api/menu",
  "/api/order-cycles",
  "/api/settings/cutoff-time",
  "/api/orders",
  "/api/discounts/my-discount-code",
  "/api/settings/payment-bypass",
  "/api/settings/bank-transfer",
  "/api/settings/mobile-money",
];

for (const account of ACCOUNTS) {
  test(`the ${account.role}'s Menu Calendar is in the first HTML and hydrates without reads or errors`, async ({
    page,
  }) => {
    const login = await page.request.post("/api/login", {
      data: { username: account.username, password: account.password },
    });
    expect(login.ok()).toBe(true);

    const html = await (await page.request.get("/")).text();
    expect(html).toContain("Menu Calendar");
    expect(html).toMatch(/aria-label="Add to Cart: [^"]+"/);
    expect(html).not.toContain("Loading menu");

    const reads: string[] = [];
    const errors: string[] = [];
    page.on("request", (request) => {
      const { pathname } = new URL(request.url());
      if (FIRST_READS.includes(pathname)) reads.push(pathname);
    });
    page.on("console", (message) => {
      if (message.type() === "error") errors.push(message.text());
    });
    page.on("pageerror", (error) => errors.push(error.message));

    await page.goto("/");
    await page.waitForLoadState("networkidle");
    // Hydrated: a press opens the add-to-cart dialog.
    await page
      .getByRole("button", { name: /^Add to Cart:/ })
      .first()
      .click();
    await expect(page.getByRole("dialog")).toBeVisible();
    expect(reads).toEqual([]);
    expect(errors).toEqual([]);
  });
}

test("the Cart opens on the payment choices the page brought, without asking for them again", async ({
  page,
}) => {
  const login = await page.request.post("/api/login", {
    data: { username: "demo.parent", password: "demo-parent" },
  });
  expect(login.ok()).toBe(true);
  const reads: string[] = [];
  page.on("request", (request) => {
    const { pathname } = new URL(request.url());
    if (pathname.startsWith("/api/")) reads.push(`${request.method()} ${pathname}`);
  });
  await page.goto("/");
  await waitForCalendar(page);
  await addFirstOfferedMeal(page);
  await page.waitForLoadState("networkidle");
  reads.length = 0;

  await page.getByRole("tab", { name: "Cart" }).click();
  await expect(page.getByRole("heading", { name: "Your Cart" })).toBeVisible();
  await expect(page.getByRole("button", { name: "Place Order" })).toBeEnabled();
  await page.waitForLoadState("networkidle");
  // Its check against the server (and the account's credit), none of the settings.
  expect(reads).toContain("POST /api/menu-items/validate");
  expect(reads.filter((read) => read.includes("/api/settings/"))).toEqual([]);
});
