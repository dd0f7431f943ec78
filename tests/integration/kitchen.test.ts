import { afterEach, beforeEach, describe, expect, it, jest } from "@jest/globals";
import * as today from "@/app/api/orders/today/route";
import * as week from "@/app/api/orders/week/[week]/route";
import { testDb } from "@/tests/support/school";
import type { KitchenOrders } from "@/lib/contracts/kitchen";
import { addDaysIso, mondayOf, parseIsoDate, schoolToday } from "@/lib/school-calendar";
import {
  activeCycle,
  addMenuItem,
  signedIn,
  signedInSuperadmin,
  uniqueName,
} from "@/tests/support/fixtures";
import { Browser } from "@/tests/support/http";
import { freezeClock } from "@/tests/support/frozen-clock";

type OrderStatus = "pending" | "completed" | "cancelled" | "refunded";

/** A parent account (no sign-in) that owns the students the orders are for. */
async function orderingParent() {
  const db = await testDb();
  const username = uniqueName("kparent");
  return db.user.create({
    data: { username, usernameKey: username, passwordHash: "x", name: username, role: "parent" },
    select: { id: true },
  });
}

type OrderSpec = {
  cycleId: number;
  weekNumber: number;
  dayOfWeek: number;
  menuItemId: number;
  category?: string | null;
  sideDish?: string | null;
  comments?: string | null;
  status?: OrderStatus;
  grade?: string;
};

/** Orders written straight to the database, each for a student of its own. */
async function addOrders(specs: OrderSpec[]) {
  const db = await testDb();
  const parent = await orderingParent();
  const ids: number[] = [];
  for (const spec of specs) {
    const student = await db.student.create({
      data: { name: uniqueName("Pupil "), grade: spec.grade ?? "3", parentId: parent.id },
    });
    const order = await db.order.create({
      data: {
        userId: parent.id,
        studentId: student.id,
        menuItemId: spec.menuItemId,
        cycleId: spec.cycleId,
        weekNumber: spec.weekNumber,
        dayOfWeek: spec.dayOfWeek,
        category: spec.category === undefined ? "chicken" : spec.category,
        sideDish: spec.sideDish === undefined ? "Rice" : spec.sideDish,
        comments: spec.comments ?? null,
        status: spec.status ?? "pending",
        paymentStatus: "confirmed",
        originalPrice: "40.00",
        discountedPrice: "40.00",
      },
      select: { id: true },
    });
    ids.push(order.id);
  }
  return ids;
}

// A deactivated cycle's meals are still served (decision 0071): each test starts with none left
// from the tests before it.
beforeEach(async () => {
  const db = await testDb();
  await db.order.updateMany({
    where: { status: { in: ["pending", "completed"] } },
    data: { status: "cancelled" },
  });
});

async function noActiveCycle() {
  const db = await testDb();
  await db.orderCycle.updateMany({ where: { isActive: true }, data: { isActive: false } });
}

const getWeek = (browser: Browser, n: number | string, query?: Record<string, string>) =>
  browser.call<KitchenOrders>(week.GET, "GET", `/api/orders/week/${n}`, {
    params: { week: String(n) },
    query,
  });
const getToday = (browser: Browser, query?: Record<string, string>) =>
  browser.call<KitchenOrders>(today.GET, "GET", "/api/orders/today", { query });

const thisMonday = () => mondayOf(schoolToday("Africa/Lusaka"));

describe("kitchen access", () => {
  const calls = [
    ["today", (b: Browser) => getToday(b)],
    ["week 1", (b: Browser) => getWeek(b, 1)],
  ] as const;

  it.each(calls)("%s: 401 signed out", async (_label, call) => {
    const answer = await call(new Browser());
    expect(answer.status).toBe(401);
    expect(answer.body).toEqual({ message: "Not authenticated", error: "Not authenticated" });
  });

  it.each(calls)("%s: 403 for a parent and an admin without kitchen", async (_label, call) => {
    for (const who of [await signedIn("parent"), await signedIn("admin", ["menu", "history"])]) {
      const answer = await call(who.browser);
      expect(answer.status).toBe(403);
      expect(answer.body).toMatchObject({ error: "You do not have permission to do this" });
    }
  });

  it.each(calls)("%s: open to superadmin and an admin with kitchen", async (_label, call) => {
    for (const browser of [
      await signedInSuperadmin(),
      (await signedIn("admin", ["kitchen"])).browser,
    ]) {
      const answer = await call(browser);
      expect(answer.status).toBe(200);
      expect(answer.body).toHaveProperty("data");
      expect(answer.body).toHaveProperty("metadata");
    }
  });
});

describe("GET /api/orders/week/{week}", () => {
  it("answers only the week's live orders of the active cycle, with portions counted per protein and side", async () => {
    const kitchen = (await signedIn("admin", ["kitchen"])).browser;
    const oldCycle = await activeCycle({ startDate: addDaysIso(thisMonday(), -70) });
    const cycle = await activeCycle({ startDate: addDaysIso(thisMonday(), -7) });
    const stew = await addMenuItem({ name: "Chicken Stew", type: "primary" });
    const burger = await addMenuItem({ name: "Beef Burger", type: "secondary" });
    const c = cycle.id;
    const live = await addOrders([
      { cycleId: c, weekNumber: 2, dayOfWeek: 1, menuItemId: stew.id, category: "chicken" },
      { cycleId: c, weekNumber: 2, dayOfWeek: 1, menuItemId: stew.id, category: "chicken" },
      {
        cycleId: c,
        weekNumber: 2,
        dayOfWeek: 1,
        menuItemId: stew.id,
        category: "beef",
        sideDish: "Nshima",
        comments: "  no onions ",
        status: "completed",
      },
      { cycleId: c, weekNumber: 2, dayOfWeek: 1, menuItemId: stew.id, comments: "   " },
      {
        cycleId: c,
        weekNumber: 2,
        dayOfWeek: 3,
        menuItemId: burger.id,
        category: "beef",
        sideDish: "Chips",
        grade: "9",
      },
      {
        cycleId: c,
        weekNumber: 2,
        dayOfWeek: 3,
        menuItemId: burger.id,
        category: null,
        sideDish: null,
        grade: "teacher",
      },
    ]);
    await addOrders([
      { cycleId: c, weekNumber: 2, dayOfWeek: 1, menuItemId: stew.id, status: "cancelled" },
      { cycleId: c, weekNumber: 2, dayOfWeek: 3, menuItemId: burger.id, status: "refunded" },
      { cycleId: c, weekNumber: 3, dayOfWeek: 1, menuItemId: stew.id },
      { cycleId: c, weekNumber: 1, dayOfWeek: 1, menuItemId: stew.id },
      { cycleId: oldCycle.id, weekNumber: 2, dayOfWeek: 1, menuItemId: stew.id },
    ]);

    const answer = await getWeek(kitchen, 2);
    expect(answer.status).toBe(200);
    const body = answer.body;
    expect(body.cycle).toEqual({ id: c, startDate: addDaysIso(thisMonday(), -7), cycleLength: 4 });
    expect(body.metadata).toEqual({
      total: 6,
      page: 1,
      pageSize: 100,
      totalPages: 1,
      hasNextPage: false,
      hasPreviousPage: false,
    });
    expect(body.data.map((o) => o.id).sort((a, b) => a - b)).toEqual(live);
    expect(body.data.every((o) => o.weekNumber === 2)).toBe(true);
    expect(body.data[0]).toEqual({
      id: live[0],
      dayOfWeek: 1,
      weekNumber: 2,
      comments: null,
      category: "chicken",
      sideDish: "Rice",
      status: "pending",
      allergyAcknowledged: false,
      unpaid: false,
      menuItem: { name: "Chicken Stew", type: "primary" },
      student: { name: expect.any(String), grade: "3", allergies: [], dietaryNotes: null },
    });

    expect(body.portions).toEqual([
      {
        dayOfWeek: 1,
        date: addDaysIso(thisMonday(), 0),
        primary: [
          {
            menuItemId: stew.id,
            name: "Chicken Stew",
            type: "primary",
            totalOrders: 4,
            unpaidOrders: 0,
            proteins: { chicken: 3, beef: 1 },
            sides: { Rice: 3, Nshima: 1 },
            comments: [{ orderId: live[2], text: "no onions" }],
          },
        ],
        secondary: [],
      },
      {
        dayOfWeek: 3,
        date: addDaysIso(thisMonday(), 2),
        primary: [],
        secondary: [
          {
            menuItemId: burger.id,
            name: "Beef Burger",
            type: "secondary",
            totalOrders: 2,
            unpaidOrders: 0,
            proteins: { beef: 1 },
            sides: { Chips: 1 },
            comments: [],
          },
        ],
      },
    ]);

    const empty = await getWeek(kitchen, 4);
    expect(empty.status).toBe(200);
    expect(empty.body).toMatchObject({ data: [], portions: [], metadata: { total: 0 } });
  });

  it("pages the orders but counts portions over the whole week", async () => {
    const kitchen = await signedInSuperadmin();
    const cycle = await activeCycle({ startDate: thisMonday() });
    const item = await addMenuItem({ type: "primary" });
    const ids = await addOrders(
      Array.from({ length: 5 }, () => ({
        cycleId: cycle.id,
        weekNumber: 1,
        dayOfWeek: 2,
        menuItemId: item.id,
      })),
    );

    const second = await getWeek(kitchen, 1, { page: "2", pageSize: "2" });
    expect(second.status).toBe(200);
    expect(second.body.data.map((o) => o.id)).toEqual(ids.slice(2, 4));
    expect(second.body.metadata).toEqual({
      total: 5,
      page: 2,
      pageSize: 2,
      totalPages: 3,
      hasNextPage: true,
      hasPreviousPage: true,
    });
    expect(second.body.portions[0]?.primary[0]?.totalOrders).toBe(5);

    const last = await getWeek(kitchen, 1, { page: "3", pageSize: "2" });
    expect(last.body.data.map((o) => o.id)).toEqual(ids.slice(4));
    expect(last.body.metadata).toMatchObject({ hasNextPage: false, hasPreviousPage: true });

    const beyond = await getWeek(kitchen, 1, { page: "9", pageSize: "2" });
    expect(beyond.body.data).toEqual([]);
    expect(beyond.body.metadata).toMatchObject({ total: 5, page: 9, hasNextPage: false });
  });

  it.each([
    [{ pageSize: "501" }, "Page size must be at most 500"],
    [{ pageSize: "0" }, "Page size must be at least 1"],
    [{ page: "0" }, "Page must be at least 1"],
    [{ page: "1.5" }, "Page must be a whole number"],
    [{ page: "first" }, "Page must be a whole number"],
  ])("refuses paging %j with 422", async (query, message) => {
    const answer = await getWeek(await signedInSuperadmin(), 1, query);
    expect(answer.status).toBe(422);
    expect(answer.body).toMatchObject({ message, error: message });
  });

  it.each(["7", "0", "-1", "abc", "1.5", "01x"])("refuses week %s with 422", async (n) => {
    await activeCycle({ startDate: thisMonday(), cycleLength: 6 });
    const answer = await getWeek(await signedInSuperadmin(), n);
    expect(answer.status).toBe(422);
    expect(answer.body).toMatchObject({
      error: "Week must be a whole number from 1 to 6",
      details: { week: ["Week must be a whole number from 1 to 6"] },
    });
  });

  it("bounds the week by the active cycle's length", async () => {
    const kitchen = await signedInSuperadmin();
    await activeCycle({ startDate: thisMonday(), cycleLength: 4 });
    const answer = await getWeek(kitchen, 5);
    expect(answer.status).toBe(422);
    expect(answer.body).toMatchObject({ error: "Week must be a whole number from 1 to 4" });

    await activeCycle({ startDate: thisMonday(), cycleLength: 6 });
    expect((await getWeek(kitchen, 6)).status).toBe(200);
  });

  it("answers empty data and a null cycle when no cycle is active", async () => {
    const kitchen = await signedInSuperadmin();
    await noActiveCycle();
    for (const answer of [await getWeek(kitchen, 2), await getToday(kitchen)]) {
      expect(answer.status).toBe(200);
      expect(answer.body).toEqual({
        data: [],
        metadata: {
          total: 0,
          page: 1,
          pageSize: 100,
          totalPages: 0,
          hasNextPage: false,
          hasPreviousPage: false,
        },
        cycle: null,
        portions: [],
      });
    }
  });
});

describe("GET /api/orders/today", () => {
  it("answers the live orders of the school's today, and nothing on a weekend", async () => {
    const kitchen = (await signedIn("admin", ["kitchen"])).browser;
    const todayIso = schoolToday("Africa/Lusaka");
    // The cycle's second week is this week, so today is week 2 of it.
    const cycle = await activeCycle({ startDate: addDaysIso(thisMonday(), -7) });
    const item = await addMenuItem({ name: "Today Special", type: "secondary" });
    const dayOfWeek =
      Math.round(
        (parseIsoDate(todayIso)!.getTime() - parseIsoDate(thisMonday())!.getTime()) / 86_400_000,
      ) + 1;
    const weekday = dayOfWeek <= 5;
    const otherDay = dayOfWeek === 1 ? 2 : 1;
    const [mine] = await addOrders([
      { cycleId: cycle.id, weekNumber: 2, dayOfWeek: Math.min(dayOfWeek, 5), menuItemId: item.id },
      {
        cycleId: cycle.id,
        weekNumber: 2,
        dayOfWeek: Math.min(dayOfWeek, 5),
        menuItemId: item.id,
        status: "cancelled",
      },
      { cycleId: cycle.id, weekNumber: 2, dayOfWeek: otherDay, menuItemId: item.id },
      {
        cycleId: cycle.id,
        weekNumber: 1,
        dayOfWeek: Math.min(dayOfWeek, 5),
        menuItemId: item.id,
      },
    ]);

    const answer = await getToday(kitchen);
    expect(answer.status).toBe(200);
    expect(answer.body.cycle).toMatchObject({ id: cycle.id });
    if (weekday) {
      expect(answer.body.data.map((o) => o.id)).toEqual([mine]);
      expect(answer.body.data[0]).toMatchObject({ weekNumber: 2, dayOfWeek });
      expect(answer.body.portions).toEqual([
        {
          dayOfWeek,
          date: todayIso,
          primary: [],
          secondary: [expect.objectContaining({ name: "Today Special", totalOrders: 1 })],
        },
      ]);
    } else {
      expect(answer.body.data).toEqual([]);
      expect(answer.body.portions).toEqual([]);
      expect(answer.body.metadata.total).toBe(0);
    }
  });

  describe("at a fixed school time", () => {
    // Only Date is faked: the database's timers and I/O keep running.
    afterEach(() => {
      jest.useRealTimers();
    });

    it.each([
      // 23:30 UTC on Tuesday is already Wednesday 01:30 in Lusaka (UTC+2).
      ["Wednesday just after midnight in Lusaka", "T23:30:00Z", 1, 3],
      ["Friday afternoon", "T12:00:00Z", 4, 5],
      ["Saturday", "T10:00:00Z", 5, null],
    ] as const)("on %s", async (_label, time, daysAfterMonday, expectedDay) => {
      const monday = thisMonday();
      const cycle = await activeCycle({ startDate: addDaysIso(monday, -7) });
      const item = await addMenuItem({ type: "primary" });
      const orders = await addOrders(
        [1, 2, 3, 4, 5].map((dayOfWeek) => ({
          cycleId: cycle.id,
          weekNumber: 2,
          dayOfWeek,
          menuItemId: item.id,
        })),
      );
      freezeClock(`${addDaysIso(monday, daysAfterMonday)}${time}`);
      // Signed in on that day: an admin's session lasts 24 hours at most.
      const kitchen = await signedInSuperadmin();
      const answer = await getToday(kitchen);
      expect(answer.status).toBe(200);
      if (expectedDay === null) {
        expect(answer.body).toMatchObject({ data: [], portions: [], metadata: { total: 0 } });
      } else {
        expect(answer.body.data.map((o) => o.id)).toEqual([orders[expectedDay - 1]]);
        expect(answer.body.portions.map((d) => d.dayOfWeek)).toEqual([expectedDay]);
      }
    });
  });

  it("answers nothing when today falls outside the active cycle", async () => {
    const kitchen = await signedInSuperadmin();
    const cycle = await activeCycle({ startDate: addDaysIso(thisMonday(), 7) });
    const item = await addMenuItem();
    await addOrders([{ cycleId: cycle.id, weekNumber: 1, dayOfWeek: 1, menuItemId: item.id }]);
    const answer = await getToday(kitchen);
    expect(answer.status).toBe(200);
    expect(answer.body).toMatchObject({ data: [], portions: [], metadata: { total: 0 } });
    expect(answer.body.cycle).toMatchObject({ id: cycle.id });
  });
});
