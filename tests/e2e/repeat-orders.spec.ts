import { expect, request, test, type Page } from "@playwright/test";
import { SUPERADMIN_PASSWORD } from "../../playwright.config";
import { addStudent, registerParent } from "./support/steps";

// Issue 19's repeat orders on a phone: a parent whose child ate on week 2's Monday and Tuesday
// repeats that week on week 3 (a second press leaves both days out, already in the cart), copies
// Monday to every later week from the cart, and places the order.

test.skip(({ isMobile }) => !isMobile, "one phone-sized run is enough");

type Item = {
  id: number;
  type: string;
  categories: string[];
  sideDishes: string[];
  allergens: string[];
};

/** A 100% code for the signed-in parent, then two free orders for week 2 Monday and Tuesday. */
async function orderWeekTwo(page: Page, baseURL: string) {
  const me = (await (await page.request.get("/api/user")).json()) as { id: number };
  const admin = await request.newContext({ baseURL });
  const signed = await admin.post("/api/login", {
    data: { username: "superadmin", password: SUPERADMIN_PASSWORD },
  });
  expect(signed.ok()).toBe(true);
  const code = await admin.post("/api/discount-codes", {
    data: { code: `REPEAT${me.id}`, userId: me.id, discountPercentage: 100 },
  });
  expect(code.ok()).toBe(true);
  await admin.dispose();

  const [child] = (await (await page.request.get("/api/students")).json()) as { id: number }[];
  const menu = (await (await page.request.get("/api/menu")).json()) as Item[];
  const item = menu.find((m) => m.type === "primary" && m.allergens.length === 0)!;
  const placed = await page.request.post("/api/orders", {
    data: [1, 2].map((dayOfWeek) => ({
      menuItemId: item.id,
      studentId: child!.id,
      weekNumber: 2,
      dayOfWeek,
      category: item.categories[0] ?? null,
      sideDish: item.sideDishes[0] ?? null,
    })),
  });
  expect(placed.ok()).toBe(true);
}

test("a parent repeats last week and orders a meal every week", async ({ page, baseURL }) => {
  await registerParent(page, {
    firstName: "Natasha",
    lastName: "Mulenga",
    username: `repeat.${Date.now().toString(36)}`,
    password: "repeat-password",
  });
  await page.getByRole("tab", { name: "Students" }).click();
  await addStudent(page, "Bwalya Mulenga", "Grade 3");
  await orderWeekTwo(page, baseURL!);
  await page.reload();

  await test.step("Repeat last week fills week 3's Monday and Tuesday", async () => {
    await page.getByRole("tab", { name: "Menu Calendar" }).click();
    await page.getByRole("button", { name: /^Week 3/ }).click();
    await page.getByRole("button", { name: "Repeat last week" }).click();
    const note = page.getByRole("status", { name: "Repeat last week" });
    await expect(note).toContainText("Added 2 meals to the cart.");
    await expect(page.getByRole("button", { name: /^Cart, 2 items/ })).toBeVisible();
    await expect(page.getByText("In cart")).toHaveCount(2);
  });

  await test.step("a second press leaves both days out and says why", async () => {
    await page.getByRole("button", { name: "Repeat last week" }).click();
    const note = page.getByRole("status", { name: "Repeat last week" });
    await expect(note).toContainText("Nothing was added to the cart, 2 already in it.");
    await expect(note.getByRole("listitem")).toHaveCount(2);
    await expect(note.getByRole("listitem").first()).toContainText(
      /^Week 3, Monday .*: already in the cart$/,
    );
    await page.screenshot({ path: "test-results/repeat-last-week-phone.png", fullPage: true });
  });

  await test.step("Every week copies Monday to week 4, and the order goes through", async () => {
    await page.getByRole("button", { name: /^Cart, 2 items/ }).click();
    await page.getByRole("button", { name: /^Every week: .* on every later Monday$/ }).click();
    const note = page.getByRole("status", { name: /^Every week: / });
    await expect(note).toContainText("Added 1 meal to the cart.");
    await expect(page.getByRole("button", { name: /^Remove .* from cart$/ })).toHaveCount(3);
    await expect(page.getByText(/^Week 4, Monday /)).toBeVisible();
    await page.screenshot({ path: "test-results/every-week-phone.png", fullPage: true });
    await page.getByRole("button", { name: "Place Order" }).click();
    await expect(page.getByText("Order Placed")).toBeVisible();
  });

  await test.step("Order History lists the three new orders and the two repeated", async () => {
    await page.getByRole("tab", { name: "Order History" }).click();
    await expect(page.getByRole("button", { name: /^Cancel Order: / })).toHaveCount(5);
  });
});
