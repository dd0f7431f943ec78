import { expect, test } from "@playwright/test";

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
