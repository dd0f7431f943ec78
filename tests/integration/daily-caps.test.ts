import { beforeAll, describe, expect, it } from "@jest/globals";
import * as cancel from "@/app/api/orders/[id]/cancel/route";
import * as statusRoute from "@/app/api/orders/status/route";
import * as item from "@/app/api/menu/[id]/route";
import * as menu from "@/app/api/menu/route";
import * as validate from "@/app/api/menu-items/validate/route";
import type { MenuItemDto } from "@/lib/contracts";
import type { AdminMenuItemDto } from "@/lib/contracts/menu";
import { DAILY_CAP_MESSAGE } from "@/lib/validations/menu";
import { addDaysIso, cycleDayDate, parseIsoDate, toIsoDate } from "@/lib/school-calendar";
import { placeOrders } from "@/tests/support/credit-fixtures";
import {
  activeCycle,
  addMenuItem,
  addStudent,
  giveDiscountCode,
  signedIn,
  signedUpParent,
  uniqueName,
} from "@/tests/support/fixtures";
import type { Browser } from "@/tests/support/http";
import { testDb } from "@/tests/support/school";

// Issue 47: counter items and daily caps through the real route handlers. Counter items are
// created and edited with the menu's own calls, never shown to parents and never pre-ordered;
// `dailyCap` is checked, saved and answered, and pre-orders take portions at checkout in the
// order's transaction: a sold-out day is a 409 naming the item and the day, nothing placed.

type ItemAnswer = AdminMenuItemDto & { message?: string };
let admin: Browser;
let cycle: { id: number; startDate: Date };

beforeAll(async () => {
  admin = (await signedIn("admin", ["menu", "history"])).browser;
  cycle = await activeCycle();
});

const create = (body: unknown) => admin.call<ItemAnswer>(menu.POST, "POST", "/api/menu", { body });
const put = (id: number, body: unknown) =>
  admin.call<ItemAnswer>(item.PUT, "PUT", `/api/menu/${id}`, { body, params: { id: String(id) } });
const readMenu = (browser: Browser) => browser.call<MenuItemDto[]>(menu.GET, "GET", "/api/menu");

const snack = (overrides: Record<string, unknown> = {}) => ({
  name: uniqueName("Chicken Wrap "),
  price: "12.50",
  type: "counter",
  allergens: ["Wheat"],
  ...overrides,
});
const meal = (overrides: Record<string, unknown> = {}) => ({
  name: uniqueName("Stew "),
  price: "40.00",
  type: "primary",
  categories: ["beef"],
  weekNumbers: [1, 2, 3, 4],
  daysOfWeek: [1, 2, 3, 4, 5],
  ...overrides,
});

/** A parent with a child in grade 3 (primary menu) who pays nothing (100% code). */
async function freeParent(childName = "Chanda") {
  const parent = await signedUpParent();
  await giveDiscountCode(parent.id, 100);
  const child = await addStudent(parent.id, childName, "3");
  return { ...parent, child };
}

const line = (menuItemId: number, studentId: number, weekNumber = 2, dayOfWeek = 2) => ({
  menuItemId,
  studentId,
  weekNumber,
  dayOfWeek,
  category: "beef",
});

const dateOf = (weekNumber: number, dayOfWeek: number) =>
  cycleDayDate(toIsoDate(cycle.startDate), weekNumber, dayOfWeek);

/** "Tuesday 8 December", as an English calendar says it. */
const spoken = (isoDate: string) =>
  parseIsoDate(isoDate)!.toLocaleDateString("en-GB", {
    weekday: "long",
    day: "numeric",
    month: "long",
    timeZone: "UTC",
  });

async function takenOn(menuItemId: number, isoDate: string) {
  const db = await testDb();
  const row = await db.itemDayStock.findFirst({
    where: { menuItemId, day: parseIsoDate(isoDate)! },
  });
  return row?.taken ?? 0;
}

describe("counter items on POST and PUT /api/menu", () => {
  it("creates a counter item without proteins, weeks, days or sides, and keeps them empty", async () => {
    const answer = await create(
      snack({ categories: ["beef"], weekNumbers: [1], daysOfWeek: [2], sideDishes: ["Rice"] }),
    );
    expect(answer.status).toBe(200);
    expect(answer.body).toMatchObject({
      type: "counter",
      price: "12.50",
      allergens: ["Wheat"],
      categories: [],
      proteinDescriptions: {},
      weekNumbers: [],
      daysOfWeek: [],
      sideDishes: [],
      dailyCap: null,
    });
    const edited = await put(answer.body.id, snack({ name: answer.body.name, price: "15.00" }));
    expect(edited.status).toBe(200);
    expect(edited.body).toMatchObject({ type: "counter", price: "15.00", weekNumbers: [] });
  });

  it("still needs a price for a counter item, and a schedule for the other types", async () => {
    expect((await create(snack({ price: "" }))).body.message).toMatch(/^Price must be/);
    const noSchedule = await create({ name: uniqueName("Stew "), price: "40", type: "primary" });
    expect(noSchedule.status).toBe(422);
    expect(noSchedule.body.message).toBe("Select at least one category");
  });

  it("shows counter items to the admin with their type, never to parents or teachers", async () => {
    const counter = (await create(snack())).body;
    const pre = (await create(meal())).body;
    const adminMenu = await readMenu(admin);
    expect(adminMenu.body.find((i) => i.id === counter.id)?.type).toBe("counter");
    const parent = await signedUpParent();
    const teacher = await signedIn("teacher");
    for (const browser of [parent.browser, teacher.browser]) {
      const ids = (await readMenu(browser)).body.map((i) => i.id);
      expect(ids).toContain(pre.id);
      expect(ids).not.toContain(counter.id);
    }
  });

  it("refuses a counter item in a cart, placing nothing", async () => {
    const counter = (await create(snack())).body;
    const p = await freeParent();
    const answer = await placeOrders(p.browser, [line(counter.id, p.child.id)]);
    expect(answer.status).toBe(409);
    expect(answer.body).toMatchObject({
      message: "Some items in your cart are no longer available",
      unavailableItems: [counter.id],
    });
    const db = await testDb();
    expect(await db.order.count({ where: { userId: p.id } })).toBe(0);
    const checked = await p.browser.call<{ unavailable: number[] }>(
      validate.POST,
      "POST",
      "/api/menu-items/validate",
      { body: { menuItemIds: [counter.id] } },
    );
    expect(checked.body.unavailable).toEqual([counter.id]);
  });
});

describe("dailyCap on POST, PUT and GET /api/menu", () => {
  it.each([[0], [-3], [1.5], ["abc"], ["2.5"], [true], [100_001]])(
    "refuses a cap of %j with 422 and the rule, creating nothing",
    async (dailyCap) => {
      const name = uniqueName("Capped ");
      const answer = await create(meal({ name, dailyCap }));
      expect(answer.status).toBe(422);
      expect(answer.body.message).toBe(DAILY_CAP_MESSAGE);
      const db = await testDb();
      expect(await db.menuItem.count({ where: { name } })).toBe(0);
    },
  );

  it("saves a cap, answers it, keeps it when a save leaves it out and clears it with null", async () => {
    const created = await create(meal({ dailyCap: 40 }));
    expect(created.body.dailyCap).toBe(40);
    const id = created.body.id;
    const { name } = created.body;
    expect((await put(id, meal({ name, dailyCap: "25" }))).body.dailyCap).toBe(25);
    expect((await put(id, meal({ name }))).body.dailyCap).toBe(25);
    expect((await put(id, meal({ name, dailyCap: "" }))).body.dailyCap).toBeNull();
    const badEdit = await put(id, meal({ name, dailyCap: 0 }));
    expect(badEdit.status).toBe(422);
    expect(badEdit.body.message).toBe(DAILY_CAP_MESSAGE);
    const counter = await create(snack({ dailyCap: 30 }));
    expect(counter.body).toMatchObject({ type: "counter", dailyCap: 30 });
  });

  it("counts an item's live pre-orders when it gets its first cap", async () => {
    const created = (await create(meal())).body;
    const [a, b] = [await freeParent(), await freeParent()];
    expect((await placeOrders(a.browser, [line(created.id, a.child.id)])).status).toBe(200);
    expect((await placeOrders(b.browser, [line(created.id, b.child.id)])).status).toBe(200);
    expect(await takenOn(created.id, dateOf(2, 2))).toBe(0);
    await put(created.id, meal({ name: created.name, dailyCap: 2 }));
    expect(await takenOn(created.id, dateOf(2, 2))).toBe(2);
    const c = await freeParent();
    const refused = await placeOrders(c.browser, [line(created.id, c.child.id)]);
    expect(refused.status).toBe(409);
  });
});

describe("checkout against a daily cap", () => {
  it("places up to the cap, then answers 409 naming the item and day, and shows Sold out", async () => {
    const wrap = await addMenuItem({
      name: uniqueName("Chicken Wrap "),
      dailyCap: 1,
      categories: ["beef"],
      sideDishes: [],
    });
    const day = dateOf(2, 2);
    const [first, second] = [await freeParent(), await freeParent()];
    const placed = await placeOrders(first.browser, [line(wrap.id, first.child.id)]);
    expect(placed.status).toBe(200);
    const before = (await readMenu(second.browser)).body.find((i) => i.id === wrap.id);
    expect(before).toMatchObject({ dailyCap: 1, left: { [day]: 0 } });

    const refused = await placeOrders(second.browser, [
      line(wrap.id, second.child.id, 2, 1),
      line(wrap.id, second.child.id),
    ]);
    expect(refused.status).toBe(409);
    expect(refused.body).toMatchObject({
      message: `${wrap.name} is sold out on ${spoken(day)}`,
      soldOut: [{ menuItemId: wrap.id, day, left: 0, menuItemName: wrap.name }],
    });
    // Nothing of the cart was placed, not even its open Monday, and Monday took nothing.
    const db = await testDb();
    expect(await db.order.count({ where: { userId: second.id } })).toBe(0);
    expect(await takenOn(wrap.id, dateOf(2, 1))).toBe(0);
    expect(await takenOn(wrap.id, day)).toBe(1);

    // The orderer cancels: the portion comes back, and the other parent gets it.
    const orderId = placed.body.orders[0]!.id;
    const cancelled = await first.browser.call(
      cancel.POST,
      "POST",
      `/api/orders/${orderId}/cancel`,
      {
        params: { id: String(orderId) },
      },
    );
    expect(cancelled.status).toBe(200);
    expect(await takenOn(wrap.id, day)).toBe(0);
    const after = (await readMenu(second.browser)).body.find((i) => i.id === wrap.id);
    expect(after?.left).toEqual({ [day]: 1 });
    expect((await placeOrders(second.browser, [line(wrap.id, second.child.id)])).status).toBe(200);
  });

  it("gives the portion back on an admin's cancel and refuses a restore into a sold-out day", async () => {
    const wrap = await addMenuItem({ dailyCap: 1, categories: ["beef"], sideDishes: [] });
    const day = dateOf(3, 4);
    const [a, b] = [await freeParent(), await freeParent()];
    const placed = await placeOrders(a.browser, [line(wrap.id, a.child.id, 3, 4)]);
    const orderId = placed.body.orders[0]!.id;
    const setStatus = (status: string) =>
      admin.call<{ updated: number; message?: string }>(
        statusRoute.POST,
        "POST",
        "/api/orders/status",
        {
          body: { orderIds: [orderId], status },
        },
      );
    expect((await setStatus("cancelled")).body.updated).toBe(1);
    expect(await takenOn(wrap.id, day)).toBe(0);
    expect((await placeOrders(b.browser, [line(wrap.id, b.child.id, 3, 4)])).status).toBe(200);
    const restore = await setStatus("pending");
    expect(restore.status).toBe(409);
    expect(restore.body.message).toBe(`${wrap.name} is sold out on ${spoken(day)}`);
    const db = await testDb();
    expect((await db.order.findFirstOrThrow({ where: { id: orderId } })).status).toBe("cancelled");
    expect(await takenOn(wrap.id, day)).toBe(1);
  });

  it("places exactly the cap when 20 checkouts for the last portions arrive at once", async () => {
    const wrap = await addMenuItem({ dailyCap: 3, categories: ["beef"], sideDishes: [] });
    const parents = await Promise.all(Array.from({ length: 20 }, () => freeParent()));
    const answers = await Promise.all(
      parents.map((p) => placeOrders(p.browser, [line(wrap.id, p.child.id, 4, 5)])),
    );
    const statuses = answers.map((a) => a.status).sort();
    expect(statuses.filter((s) => s === 200)).toHaveLength(3);
    expect(statuses.filter((s) => s === 409)).toHaveLength(17);
    const db = await testDb();
    expect(await db.order.count({ where: { menuItemId: wrap.id } })).toBe(3);
    expect(await takenOn(wrap.id, dateOf(4, 5))).toBe(3);
  });

  it("costs an uncapped cart no stock row", async () => {
    const plain = await addMenuItem({ categories: ["beef"], sideDishes: [] });
    const p = await freeParent();
    expect((await placeOrders(p.browser, [line(plain.id, p.child.id)])).status).toBe(200);
    const db = await testDb();
    expect(await db.itemDayStock.count({ where: { menuItemId: plain.id } })).toBe(0);
    expect(addDaysIso(dateOf(1, 1), 0)).toBe(toIsoDate(cycle.startDate));
  });
});
