import { beforeAll, describe, expect, it } from "@jest/globals";
import * as items from "@/app/api/counter/items/route";
import type { CounterItemDto } from "@/lib/contracts/counter";
import { key, testDb } from "@/tests/support/school";
import { cashierOnly, counterItem, family, sell } from "@/tests/support/counter-fixtures";
import { addMenuItem, signedIn } from "@/tests/support/fixtures";
import type { Browser } from "@/tests/support/http";

// GET /api/counter/items (issue 47, decision 0107): what the till can sell today, for a cashier
// who holds only the counter feature: the available counter items with their allergens, and what
// is left today of a daily cap, counted down by sales.

let cashier: Browser;

beforeAll(async () => {
  cashier = (await cashierOnly()).browser;
});

const list = (browser: Browser) =>
  browser.call<CounterItemDto[] & { message?: string }>(items.GET, "GET", "/api/counter/items");

describe("GET /api/counter/items", () => {
  it("lists the available counter items only, with allergens and what is left of a cap", async () => {
    const water = await counterItem({ name: "Water Zz1", price: "3.00" });
    const bar = await counterItem({
      name: "Peanut Bar Zz1",
      price: "8.50",
      allergens: ["Peanuts"],
      dailyCap: 4,
    });
    const hidden = await counterItem({ name: "Hidden Zz1", price: "2.00" });
    const db = await testDb();
    await db.menuItem.update({ where: key(hidden.id), data: { isAvailable: false } });
    const lunch = await addMenuItem({ name: "Lunch Zz1", type: "primary" });

    const answer = await list(cashier);
    expect(answer.status).toBe(200);
    const ours = answer.body.filter((item) => item.name.endsWith("Zz1"));
    expect(ours).toEqual([
      { id: bar.id, name: "Peanut Bar Zz1", price: "8.50", allergens: ["Peanuts"], left: 4 },
      { id: water.id, name: "Water Zz1", price: "3.00", allergens: [], left: null },
    ]);
    expect(answer.body.map((item) => item.id)).not.toContain(lunch.id);

    const f = await family({ wallet: "40.00" });
    const sold = await sell(cashier, {
      studentId: f.child.id,
      items: [{ menuItemId: bar.id, quantity: 3 }],
    });
    expect(sold.status).toBe(201);
    const after = (await list(cashier)).body.find((item) => item.id === bar.id);
    expect(after?.left).toBe(1);
  });

  it("is refused to a parent and to an admin without the counter feature", async () => {
    const parent = await signedIn("parent");
    expect((await list(parent.browser)).status).toBe(403);
    const kitchen = await signedIn("admin", ["kitchen"]);
    expect((await list(kitchen.browser)).status).toBe(403);
  });
});
