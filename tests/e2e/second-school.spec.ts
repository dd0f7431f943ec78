import { expect, request, test, type Page } from "@playwright/test";
import { E2E_PORT, PLATFORM_PASSWORD } from "../../playwright.config";
import {
  addFirstOfferedMeal,
  addStudent,
  login,
  placeCardOrder,
  registerParent,
  waitForCalendar,
} from "./support/steps";

// Many schools (issue 45): a second school at its own address, second.localhost (Chromium resolves
// *.localhost to this machine). The operator creates it through the platform's API; its admin
// writes its own menu and cycle; a parent there sees its name and only its menu, orders and pays
// by card in the sandbox. The default school at localhost is untouched.

const SECOND = `http://second.localhost:${E2E_PORT}`;
const PLATFORM = `http://localhost:${E2E_PORT}`;
const ADMIN_PASSWORD = "second-school-admin-password";
const SCHOOL_NAME = "Kabulonga Second Canteen";
const MEAL = "Kapenta with Nshima";

test.skip(({ isMobile }) => !isMobile, "one phone-sized run is enough");
test.use({ baseURL: SECOND });

test.beforeAll(async () => {
  const api = await request.newContext({ baseURL: PLATFORM });
  const signIn = await api.post("/api/platform/login", {
    data: { username: "operator", password: PLATFORM_PASSWORD },
  });
  expect(signIn.status()).toBe(200);
  const created = await api.post("/api/platform/schools", {
    data: {
      name: SCHOOL_NAME,
      slug: "second",
      hosts: [`second.localhost:${E2E_PORT}`],
      timeZone: "Africa/Lusaka",
      adminEmail: "office@second.example",
      adminPassword: ADMIN_PASSWORD,
    },
  });
  // A retry finds the school made by the first attempt.
  expect([201, 409]).toContain(created.status());
  await api.dispose();
});

/** This week's Monday as YYYY-MM-DD (the cycle's first day). */
function thisMonday(): string {
  const now = new Date();
  const day = (now.getUTCDay() + 6) % 7;
  return new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate() - day))
    .toISOString()
    .slice(0, 10);
}

/** A call to the school's API from the page, with its cookies (the browser resolves the host). */
async function api(page: Page, method: string, path: string, body: unknown): Promise<number> {
  return page.evaluate(
    async ({ method, path, body }) => {
      const res = await fetch(path, {
        method,
        headers: { "content-type": "application/json" },
        body: JSON.stringify(body),
      });
      return res.status;
    },
    { method, path, body },
  );
}

test("a second school: its own name, its own menu, an order paid by card", async ({
  page,
  context,
}) => {
  await test.step("its sign-in page carries its own name", async () => {
    await page.goto("/");
    await expect(page.getByText(SCHOOL_NAME).first()).toBeVisible();
    await expect(page.getByText("School Tuckshop")).toHaveCount(0);
  });

  await test.step("its superadmin writes its menu and opens a cycle", async () => {
    await login(page, "superadmin", ADMIN_PASSWORD);
    const menu = await api(page, "POST", "/api/menu", {
      name: MEAL,
      description: "Dried kapenta in tomato relish.",
      price: "28.00",
      // Primary-school meals: the child below is in Grade 3.
      type: "primary",
      categories: ["fish"],
      proteinDescriptions: {},
      sideDishes: [],
      weekNumbers: [1, 2, 3, 4],
      daysOfWeek: [1, 2, 3, 4, 5],
      allergens: ["Fish"],
    });
    expect([200, 201]).toContain(menu);
    const cycle = await api(page, "POST", "/api/order-cycles", {
      startDate: thisMonday(),
      cycleLength: 4,
      blockedDays: [],
      openOrdering: "now",
    });
    // 409: a retry finds the cycle the first attempt opened.
    expect([200, 201, 409]).toContain(cycle);
    await context.clearCookies();
  });

  await test.step("a parent there sees only its menu, orders and pays by card", async () => {
    await registerParent(page, {
      firstName: "Chilufya",
      lastName: "Mulenga",
      username: `second.${Date.now().toString(36)}`,
      password: "second-parent-password",
    });
    await page.getByRole("tab", { name: "Students" }).click();
    await addStudent(page, "Mutale Mulenga", "Grade 3");
    await page.getByRole("tab", { name: "Menu Calendar" }).click();
    await waitForCalendar(page);
    await expect(page.getByText(MEAL).first()).toBeVisible();
    // The default school's demo menu is not this school's.
    await expect(page.getByText("Beef Stew with Nshima")).toHaveCount(0);
    await addFirstOfferedMeal(page);
    await placeCardOrder(page);
    expect(page.url()).toContain(SECOND);
    await page.getByRole("button", { name: "Pay" }).click();
    await expect(page).toHaveURL(new RegExp(`^${SECOND}/payment/success\\?.*TransID=`));
    await expect(page.getByText("Payment Successful").first()).toBeVisible({ timeout: 20_000 });
    await page.getByRole("button", { name: "Return to Home" }).click();
    await page.getByRole("tab", { name: "Order History" }).click();
    await expect(page.getByText(MEAL).first()).toBeVisible();
    await expect(page.getByRole("button", { name: /^Cancel Order: / })).toHaveCount(1);
  });

  await test.step("the default school at its own address is unchanged", async () => {
    await page.goto(`${PLATFORM}/`);
    await expect(page.getByText("School Tuckshop").first()).toBeVisible();
    await expect(page.getByText(SCHOOL_NAME)).toHaveCount(0);
  });
});
