import { beforeAll, describe, expect, it } from "@jest/globals";
import { DEFAULT_SCHOOL_ID } from "@/lib/contracts/schools";
import { readLockedCartContext } from "@/lib/orders/cart-context";
import { insertOrders, type NewOrder } from "@/lib/orders/insert-orders";
import { giveCredit, myOrders, placeOrders } from "@/tests/support/credit-fixtures";
import { testDb } from "@/tests/support/school";
import {
  activeCycle,
  addMenuItem,
  addStudent,
  signedUpParent,
  uniqueName,
} from "@/tests/support/fixtures";

// lib/orders/insert-orders.ts: a cart's orders go in only when none of its days was closed
// meanwhile, as the cycle's row read under the checkout's lock says (decision 0114), and a day is
// closed by its own cycle's closed days only. Week 1 Tuesday closed in one cycle says nothing of
// week 1 Tuesday in the next cycle.

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

/**
 * Inserts the orders as one free cart of `cycleId`, under the locks the checkout's cart statement
 * takes; the rows placed, or null when nothing was.
 */
async function insert(cycleId: number, orders: NewOrder[]) {
  const db = await testDb();
  const inserted = await db.$transaction(async (tx) => {
    const read = await readLockedCartContext(
      tx,
      DEFAULT_SCHOOL_ID,
      parent.id,
      cycleId,
      orders.map((o) => ({
        menuItemId: o.menuItemId,
        studentId: o.studentId,
        weekNumber: o.weekNumber,
        dayOfWeek: o.dayOfWeek,
        category: null,
        sideDish: null,
        comments: null,
      })),
    );
    if (!read) throw new Error("the cycle is gone");
    return insertOrders(
      tx,
      { id: DEFAULT_SCHOOL_ID, timeZone: "Africa/Lusaka", name: "Test School" },
      parent.id,
      { lines: orders, spendsCredit: false, offered: ["email"], locks: read.locks },
      () => ({
        orders,
        email: null,
      }),
    );
  });
  if (!inserted) return null;
  return db.order.findMany({
    where: { id: { in: inserted.placed.map((order) => order.id) } },
    orderBy: { id: "asc" },
  });
}

async function ordersOf(cycleId: number) {
  const db = await testDb();
  return db.order.count({ where: { userId: parent.id, cycleId } });
}

describe("insertOrders and closed days", () => {
  it("places a day that only another cycle has closed", async () => {
    const openDay = { weekNumber: 2, dayOfWeek: 3 };
    const rows = await insert(openCycle.id, [line(openCycle.id, day, 0)]);
    expect(rows?.map((row) => [row.cycleId, row.weekNumber, row.dayOfWeek])).toEqual([
      [openCycle.id, day.weekNumber, day.dayOfWeek],
    ]);
    expect(await ordersOf(openCycle.id)).toBe(1);
    // The closed cycle's other days stay open.
    const other = await insert(closedCycle.id, [line(closedCycle.id, openDay, 0)]);
    expect(other?.map((row) => [row.cycleId, row.weekNumber, row.dayOfWeek])).toEqual([
      [closedCycle.id, openDay.weekNumber, openDay.dayOfWeek],
    ]);
  });

  it("inserts nothing when a line's own cycle has its day closed", async () => {
    const before = await ordersOf(closedCycle.id);
    expect(await insert(closedCycle.id, [line(closedCycle.id)])).toBeNull();
    expect(await ordersOf(closedCycle.id)).toBe(before);
  });

  it("inserts nothing for a line of a cycle other than the one it holds", async () => {
    const before = await ordersOf(closedCycle.id);
    const openDay = { weekNumber: 4, dayOfWeek: 1 };
    expect(await insert(openCycle.id, [line(closedCycle.id, openDay)])).toBeNull();
    expect(await ordersOf(closedCycle.id)).toBe(before);
  });
});

describe("a placed cart's answer", () => {
  it("is each order exactly as the history reads it back, child and item included", async () => {
    // Decision 0100: the answer is built from the checked cart and the insert, not read back.
    const buyer = await signedUpParent();
    const db = await testDb();
    const plain = await addStudent(buyer.id, uniqueName("Mwila "), "4");
    const allergic = await addStudent(buyer.id, uniqueName("Bupe "), "5");
    await db.student.updateMany({
      where: { id: allergic.id },
      data: { allergies: ["peanuts"], dietaryNotes: "No pork, please" },
    });
    const satay = await addMenuItem({
      price: "45.50",
      allergens: ["peanuts"],
      categories: ["chicken"],
      sideDishes: ["Rice"],
    });
    await giveCredit(buyer.id, "200.00");
    const answer = await placeOrders(buyer.browser, [
      {
        menuItemId: satay.id,
        studentId: plain.id,
        weekNumber: 3,
        dayOfWeek: 4,
        category: "Chicken",
        sideDish: "rice",
        comments: "Small portion",
      },
      {
        menuItemId: satay.id,
        studentId: allergic.id,
        weekNumber: 3,
        dayOfWeek: 4,
        category: "chicken",
        sideDish: "Rice",
        comments: "",
        allergyAcknowledged: true,
      },
    ]);
    expect(answer.status).toBe(200);
    const history = await myOrders(buyer.browser);
    const placedIds = answer.body.orders.map((order) => order.id);
    expect(placedIds).toHaveLength(2);
    // The history adds what only it shows (the payment, its reference and any refund).
    const readBack = history.body
      .filter((order) => placedIds.includes(order.id))
      .sort((a, b) => a.id - b.id)
      .map(({ payment, paymentReference, refund, ...order }) => {
        expect([payment, paymentReference, refund]).toEqual([null, null, null]);
        return order;
      });
    expect(answer.body.orders).toEqual(readBack);
    expect(
      answer.body.orders.map((o) => [o.student.name, o.category, o.allergyAcknowledged]),
    ).toEqual([
      [plain.name, "chicken", false],
      [allergic.name, "chicken", true],
    ]);
  });
});

describe("the checkout's locks (decision 0114)", () => {
  // Two transactions at once need two connections: PostgreSQL only (the embedded database has one).
  const postgres = Boolean(process.env.DATABASE_URL);

  (postgres ? it : it.skip)(
    "hold the cycle against a closing and the account against a spend, not against a row pointing at it",
    async () => {
      const db = await testDb();
      const cycle = await activeCycle({ startDate: "2040-03-05" });
      const outcomes = await db.$transaction(async (tx) => {
        const read = await readLockedCartContext(tx, DEFAULT_SCHOOL_ID, parent.id, cycle.id, [
          {
            menuItemId: meal.id,
            studentId: child.id,
            ...day,
            category: null,
            sideDish: null,
            comments: null,
          },
        ]);
        expect(read?.locks.cycle.id).toBe(cycle.id);
        // Each probe in its own transaction on another connection; NOWAIT fails at once when held.
        const probe = (run: (other: typeof tx) => Promise<unknown>) =>
          db.$transaction(run).then(
            () => "free",
            (error: unknown) =>
              /55P03|could not obtain lock/.test(String(error)) ? "held" : String(error),
          );
        return {
          closing: await probe(
            (other) => other.$queryRaw`SELECT "id" FROM "OrderCycle"
            WHERE "schoolId" = ${DEFAULT_SCHOOL_ID} AND "id" = ${cycle.id} FOR UPDATE NOWAIT`,
          ),
          spend: await probe(
            (other) => other.$queryRaw`SELECT "id" FROM "User"
            WHERE "schoolId" = ${DEFAULT_SCHOOL_ID} AND "id" = ${parent.id} FOR UPDATE NOWAIT`,
          ),
          checkout: await probe(
            (other) => other.$queryRaw`SELECT "id" FROM "User"
            WHERE "schoolId" = ${DEFAULT_SCHOOL_ID} AND "id" = ${parent.id} FOR NO KEY UPDATE NOWAIT`,
          ),
          // What a foreign key to the account takes (a credit movement, a session).
          reference: await probe(
            (other) => other.$queryRaw`SELECT "id" FROM "User"
            WHERE "schoolId" = ${DEFAULT_SCHOOL_ID} AND "id" = ${parent.id} FOR KEY SHARE NOWAIT`,
          ),
        };
      });
      expect(outcomes).toEqual({
        closing: "held",
        spend: "held",
        checkout: "held",
        reference: "free",
      });
    },
  );
});
