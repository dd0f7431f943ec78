import { beforeAll, describe, expect, it } from "@jest/globals";
import { DEFAULT_SCHOOL_ID } from "@/lib/contracts/schools";
import { insertOrders, type NewOrder } from "@/lib/orders/insert-orders";
import { testDb } from "@/tests/support/school";
import { activeCycle, addMenuItem, addStudent, signedUpParent } from "@/tests/support/fixtures";

// lib/orders/insert-orders.ts: a cart's orders go in only when none of its days was closed
// meanwhile, and a day is closed by its own cycle's closed days only. Week 1 Tuesday closed in
// one cycle says nothing of week 1 Tuesday in the next cycle (a cart may hold lines of both).

let closedCycle: { id: number };
let openCycle: { id: number };
let meal: { id: number };
let parent: { id: number };
let child: { id: number };
const day = { weekNumber: 1, dayOfWeek: 2 };

beforeAll(async () => {
  closedCycle = await activeCycle({ startDate: "2040-01-02", blockedDays: [day] });
  openCycle = await activeCycle({ startDate: "2040-01-30" });
  meal = await addMenuItem({ price: "45.50", categories: [], sideDishes: [] });
  parent = await signedUpParent();
  child = await addStudent(parent.id, "Chanda", "4");
});

function line(cycleId: number, on = day, n = 0): NewOrder {
  return {
    userId: parent.id,
    studentId: child.id,
    menuItemId: meal.id,
    cycleId,
    ...on,
    category: null,
    sideDish: null,
    comments: null,
    originalPrice: "45.50",
    discountedPrice: "0.00",
    discountPercentage: 100,
    allergyAcknowledged: false,
    status: "pending",
    paymentStatus: "confirmed",
    paymentProcessor: "DISCOUNT",
    credit: "0.00",
    n,
  };
}

async function insert(orders: NewOrder[]) {
  const db = await testDb();
  return db.$transaction((tx) => insertOrders(tx, DEFAULT_SCHOOL_ID, parent.id, orders, null));
}

async function ordersOf(cycleId: number) {
  const db = await testDb();
  return db.order.count({ where: { userId: parent.id, cycleId } });
}

describe("insertOrders and closed days", () => {
  it("places a line on a day that only another cycle of the same cart has closed", async () => {
    const openDay = { weekNumber: 2, dayOfWeek: 3 };
    const rows = await insert([line(closedCycle.id, openDay, 0), line(openCycle.id, day, 1)]);
    expect(rows.map((row) => [row.cycleId, row.weekNumber, row.dayOfWeek])).toEqual([
      [closedCycle.id, openDay.weekNumber, openDay.dayOfWeek],
      [openCycle.id, day.weekNumber, day.dayOfWeek],
    ]);
    expect(await ordersOf(openCycle.id)).toBe(1);
  });

  it("inserts nothing when a line's own cycle has its day closed", async () => {
    const before = await ordersOf(closedCycle.id);
    expect(await insert([line(closedCycle.id)])).toEqual([]);
    expect(await ordersOf(closedCycle.id)).toBe(before);
  });
});
