import { beforeAll, describe, expect, it } from "@jest/globals";
import * as validate from "@/app/api/menu-items/validate/route";
import * as cancel from "@/app/api/orders/[id]/cancel/route";
import * as orders from "@/app/api/orders/route";
import { key, testDb } from "@/tests/support/school";
import {
  activeCycle,
  addMenuItem,
  addStudent,
  giveDiscountCode,
  signedInSuperadmin,
  signedUpParent,
} from "@/tests/support/fixtures";
import { Browser } from "@/tests/support/http";

type OrderAnswer = {
  orders: {
    id: number;
    discountedPrice: string;
    originalPrice: string;
    status: string;
    paymentStatus: string;
  }[];
};

let primary: { id: number; name: string };
let secondary: { id: number; name: string };
let archived: { id: number; name: string };
let unavailable: { id: number; name: string };
let mondaysOnly: { id: number; name: string };

beforeAll(async () => {
  await activeCycle({ blockedDays: [{ weekNumber: 2, dayOfWeek: 3 }] });
  primary = await addMenuItem({ price: "40.00", discountPrice: "36.00" });
  secondary = await addMenuItem({
    type: "secondary",
    price: "55.50",
    categories: [],
    sideDishes: [],
  });
  archived = await addMenuItem({ isArchived: true });
  unavailable = await addMenuItem({ isAvailable: false });
  mondaysOnly = await addMenuItem({ daysOfWeek: [1] });
});

async function freeParent(percent = 100) {
  const parent = await signedUpParent();
  const child = await addStudent(parent.id, "Chanda", "3");
  const teen = await addStudent(parent.id, "Mwila", "8");
  await giveDiscountCode(parent.id, percent);
  return { ...parent, child, teen };
}

const line = (
  studentId: number,
  menuItemId: number,
  weekNumber: number,
  dayOfWeek: number,
  extra = {},
) => ({
  menuItemId,
  studentId,
  weekNumber,
  dayOfWeek,
  category: "chicken",
  sideDish: "Rice",
  comments: "",
  ...extra,
});

async function ordersCount() {
  return (await testDb()).order.count();
}

describe("POST /api/orders (free carts)", () => {
  it("places a whole 100%-discount cart in one go, priced by the server", async () => {
    const p = await freeParent();
    const answer = await p.browser.call<OrderAnswer>(orders.POST, "POST", "/api/orders", {
      body: [
        line(p.child.id, primary.id, 1, 1, { originalPrice: "999", discountedPrice: "0" }),
        line(p.child.id, primary.id, 1, 2),
        line(p.teen.id, secondary.id, 1, 1, { category: null, sideDish: null }),
      ],
    });
    expect(answer.status).toBe(200);
    expect(answer.body.orders).toHaveLength(3);
    expect(answer.body.orders[0]).toMatchObject({
      originalPrice: "40.00",
      discountedPrice: "0.00",
      status: "pending",
      paymentStatus: "confirmed",
    });
    const db = await testDb();
    const mail = await db.emailOutbox.findFirst({
      where: { to: p.email!, subject: { startsWith: "Order confirmation" } },
    });
    expect(mail?.text).toContain("Chanda");
    expect(mail?.text).toContain("Mwila");
    expect(mail?.text).toContain(primary.name);
  });

  it("refuses a cart with anything to pay (402) and creates nothing", async () => {
    const p = await freeParent(50);
    const before = await ordersCount();
    const answer = await p.browser.call(orders.POST, "POST", "/api/orders", {
      body: [line(p.child.id, primary.id, 1, 3, { discountedPrice: "0.00" })],
    });
    expect(answer.status).toBe(402);
    expect(answer.body).toMatchObject({ message: "Payment required", total: "18.00" });
    expect(await ordersCount()).toBe(before);
  });

  it("creates all orders of a cart or none", async () => {
    const p = await freeParent();
    const before = await ordersCount();
    const answer = await p.browser.call(orders.POST, "POST", "/api/orders", {
      body: [line(p.child.id, primary.id, 1, 4), line(p.child.id, primary.id, 2, 3)],
    });
    expect(answer.status).toBe(422);
    expect(String(answer.body.message)).toMatch(/^School Closed/);
    expect(await ordersCount()).toBe(before);
  });

  it("answers Already Ordered for a day that has a live order, and allows it again after cancelling", async () => {
    const p = await freeParent();
    const first = await p.browser.call<OrderAnswer>(orders.POST, "POST", "/api/orders", {
      body: [line(p.child.id, primary.id, 3, 1)],
    });
    expect(first.status).toBe(200);
    const again = await p.browser.call(orders.POST, "POST", "/api/orders", {
      body: [line(p.child.id, primary.id, 3, 1)],
    });
    expect(again.status).toBe(409);
    expect(again.body).toMatchObject({
      message: "Already Ordered: You already have an order for this day",
    });

    const cancelled = await p.browser.call(cancel.POST, "POST", "/api/orders/x/cancel", {
      params: { id: String(first.body.orders[0]!.id) },
    });
    expect(cancelled.status).toBe(200);
    expect(cancelled.body).toMatchObject({ status: "cancelled" });
    const after = await p.browser.call(orders.POST, "POST", "/api/orders", {
      body: [line(p.child.id, primary.id, 3, 1)],
    });
    expect(after.status).toBe(200);
  });

  it("lets exactly one of many parallel orders for the same child and day through", async () => {
    const p = await freeParent();
    const answers = await Promise.all(
      Array.from({ length: 8 }, () =>
        p.browser.call(orders.POST, "POST", "/api/orders", {
          body: [line(p.child.id, primary.id, 4, 2)],
        }),
      ),
    );
    expect(answers.filter((a) => a.status === 200)).toHaveLength(1);
    expect(answers.every((a) => a.status === 200 || a.status === 409)).toBe(true);
    const db = await testDb();
    expect(
      await db.order.count({ where: { studentId: p.child.id, weekNumber: 4, dayOfWeek: 2 } }),
    ).toBe(1);
  });

  it("refuses the same child and day twice in one cart", async () => {
    const p = await freeParent();
    const answer = await p.browser.call(orders.POST, "POST", "/api/orders", {
      body: [line(p.child.id, primary.id, 2, 1), line(p.child.id, mondaysOnly.id, 2, 1)],
    });
    expect(answer.status).toBe(409);
    expect(answer.body).toMatchObject({
      message: "Already in Cart: You already have this day in your cart",
    });
  });

  it.each([
    ["an archived item", () => line(0, archived.id, 1, 1), "archivedItems"],
    ["an unavailable item", () => line(0, unavailable.id, 1, 1), "unavailableItems"],
    ["an item not served that day", () => line(0, mondaysOnly.id, 1, 2), "unavailableItems"],
    ["a missing item", () => line(0, 999_999, 1, 1), "missingItems"],
  ])("refuses %s with the cart-validation answer", async (_label, make, field) => {
    const p = await freeParent();
    const item = { ...make(), studentId: p.child.id };
    const answer = await p.browser.call(orders.POST, "POST", "/api/orders", { body: [item] });
    expect(answer.status).toBe(409);
    expect(answer.body).toMatchObject({
      message: "Some items in your cart are no longer available",
    });
    expect(answer.body[field]).toContain(item.menuItemId);
  });

  it("gives grades 6-12 the secondary menu and younger children the primary", async () => {
    const p = await freeParent();
    const wrongForTeen = await p.browser.call(orders.POST, "POST", "/api/orders", {
      body: [line(p.teen.id, primary.id, 1, 1)],
    });
    expect(wrongForTeen.status).toBe(422);
    const wrongForChild = await p.browser.call(orders.POST, "POST", "/api/orders", {
      body: [line(p.child.id, secondary.id, 1, 1, { category: null, sideDish: null })],
    });
    expect(wrongForChild.status).toBe(422);
  });

  it("requires a protein and a side from the item's own lists", async () => {
    const p = await freeParent();
    for (const extra of [
      { category: null },
      { category: "lobster" },
      { sideDish: "" },
      { sideDish: "Chips" },
    ]) {
      const answer = await p.browser.call(orders.POST, "POST", "/api/orders", {
        body: [line(p.child.id, primary.id, 1, 5, extra)],
      });
      expect(answer.status).toBe(422);
    }
  });

  it("requires an e-mail on the account", async () => {
    const p = await signedUpParent({ email: null });
    const child = await addStudent(p.id, "Bwalya", "2");
    await giveDiscountCode(p.id, 100);
    const answer = await p.browser.call(orders.POST, "POST", "/api/orders", {
      body: [line(child.id, primary.id, 1, 1)],
    });
    expect(answer.status).toBe(422);
    expect(answer.body).toMatchObject({
      message:
        "Email Required: Please add an email address to your profile before placing orders. Contact the school office for assistance.",
    });
  });

  it("never orders for another parent's child", async () => {
    const owner = await freeParent();
    const intruder = await freeParent();
    const before = await ordersCount();
    const answer = await intruder.browser.call(orders.POST, "POST", "/api/orders", {
      body: [line(owner.child.id, primary.id, 1, 1)],
    });
    expect(answer.status).toBe(404);
    expect(await ordersCount()).toBe(before);
  });

  it.each([
    ["an object instead of a list", { menuItemId: 1 }],
    ["an empty list", []],
    ["a string week", [{ menuItemId: 1, studentId: 1, weekNumber: "1", dayOfWeek: 1 }]],
    ["a fractional day", [{ menuItemId: 1, studentId: 1, weekNumber: 1, dayOfWeek: 1.5 }]],
    ["a negative id", [{ menuItemId: -4, studentId: 1, weekNumber: 1, dayOfWeek: 1 }]],
    ["week 7", [{ menuItemId: 1, studentId: 1, weekNumber: 7, dayOfWeek: 1 }]],
    [
      "a huge comment",
      [{ menuItemId: 1, studentId: 1, weekNumber: 1, dayOfWeek: 1, comments: "x".repeat(5000) }],
    ],
  ])("answers %s with 422 and changes nothing", async (_label, body) => {
    const p = await freeParent();
    const before = await ordersCount();
    const answer = await p.browser.call(orders.POST, "POST", "/api/orders", { body });
    expect(answer.status).toBe(422);
    expect(typeof answer.body.message).toBe("string");
    expect(await ordersCount()).toBe(before);
  });

  it("is closed to signed-out visitors and to admins", async () => {
    expect(
      (await new Browser().call(orders.POST, "POST", "/api/orders", { body: [] })).status,
    ).toBe(401);
    const admin = await signedInSuperadmin();
    expect((await admin.call(orders.GET, "GET", "/api/orders")).status).toBe(403);
  });
});

describe("GET /api/orders", () => {
  it("lists only the caller's orders, newest first, as a list or as { data }", async () => {
    const p = await freeParent();
    const other = await freeParent();
    await other.browser.call(orders.POST, "POST", "/api/orders", {
      body: [line(other.child.id, primary.id, 1, 1)],
    });
    await p.browser.call(orders.POST, "POST", "/api/orders", {
      body: [line(p.child.id, primary.id, 1, 1)],
    });
    await p.browser.call(orders.POST, "POST", "/api/orders", {
      body: [line(p.child.id, primary.id, 1, 2)],
    });
    const list = await p.browser.call<
      {
        dayOfWeek: number;
        studentId: number;
        student: { name: string };
        menuItem: { name: string };
      }[]
    >(orders.GET, "GET", "/api/orders", { query: { includeAll: "true" } });
    expect(list.status).toBe(200);
    expect(list.body.map((o) => o.dayOfWeek)).toEqual([2, 1]);
    expect(list.body.every((o) => o.studentId === p.child.id)).toBe(true);
    expect(list.body[0]).toMatchObject({
      student: { name: "Chanda" },
      menuItem: { name: primary.name },
    });
    const wrapped = await p.browser.call<{ data: unknown[] }>(orders.GET, "GET", "/api/orders", {
      query: { unpaginated: "true", includeAll: "true" },
    });
    expect(wrapped.body.data).toHaveLength(2);
  });
});

describe("POST /api/orders/{id}/cancel", () => {
  it("cancels only the owner's order, only within the hour, only once", async () => {
    const p = await freeParent();
    const other = await freeParent();
    const placed = await p.browser.call<OrderAnswer>(orders.POST, "POST", "/api/orders", {
      body: [line(p.child.id, primary.id, 2, 2), line(p.child.id, primary.id, 2, 4)],
    });
    const [first, second] = placed.body.orders;
    const path = (id: number) => ({ params: { id: String(id) } });

    const foreign = await other.browser.call(
      cancel.POST,
      "POST",
      "/api/orders/x/cancel",
      path(first!.id),
    );
    expect(foreign.status).toBe(404);

    expect(
      (await p.browser.call(cancel.POST, "POST", "/api/orders/x/cancel", path(first!.id))).status,
    ).toBe(200);
    const twice = await p.browser.call(
      cancel.POST,
      "POST",
      "/api/orders/x/cancel",
      path(first!.id),
    );
    expect(twice.status).toBe(409);

    const db = await testDb();
    await db.order.update({
      where: key(second!.id),
      data: { orderDate: new Date(Date.now() - 61 * 60 * 1000) },
    });
    const late = await p.browser.call(
      cancel.POST,
      "POST",
      "/api/orders/x/cancel",
      path(second!.id),
    );
    expect(late.status).toBe(409);
    expect(late.body).toMatchObject({
      message: "Orders can only be cancelled within 1 hour of ordering",
    });
    expect((await db.order.findUnique({ where: key(second!.id) }))?.status).toBe("pending");

    for (const bad of ["abc", "0", "-1", "99999999999"]) {
      expect(
        (await p.browser.call(cancel.POST, "POST", "/api/orders/x/cancel", { params: { id: bad } }))
          .status,
      ).toBe(404);
    }
  });
});

describe("POST /api/menu-items/validate", () => {
  it("sorts ids into valid, unavailable, archived and missing", async () => {
    const p = await freeParent();
    const answer = await p.browser.call(validate.POST, "POST", "/api/menu-items/validate", {
      body: { menuItemIds: [primary.id, unavailable.id, archived.id, 987_654] },
    });
    expect(answer.status).toBe(200);
    expect(answer.body).toEqual({
      valid: [primary.id],
      unavailable: [unavailable.id],
      archived: [archived.id],
      missing: [987_654],
    });
  });

  it("refuses bad input", async () => {
    const p = await freeParent();
    for (const body of [{ menuItemIds: "1" }, { menuItemIds: [1.5] }, {}]) {
      expect(
        (await p.browser.call(validate.POST, "POST", "/api/menu-items/validate", { body })).status,
      ).toBe(422);
    }
  });
});
