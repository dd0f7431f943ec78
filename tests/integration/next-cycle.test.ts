import { beforeAll, describe, expect, it } from "@jest/globals";
import * as kitchenCycles from "@/app/api/kitchen/cycles/route";
import * as labels from "@/app/api/kitchen/labels/route";
import * as cycle from "@/app/api/order-cycles/[id]/route";
import * as cycles from "@/app/api/order-cycles/route";
import * as today from "@/app/api/orders/today/route";
import * as week from "@/app/api/orders/week/[week]/route";
import type { OrderCycleDto } from "@/lib/contracts";
import { orderingCycle } from "@/lib/contracts/cycles";
import type { KitchenCycleChoice, KitchenOrders } from "@/lib/contracts/kitchen";
import { testDb } from "@/tests/support/school";
import { addDaysIso, cycleDayDate, mondayOf, schoolToday } from "@/lib/school-calendar";
import { addMenuItem, signedIn, signedInSuperadmin, uniqueName } from "@/tests/support/fixtures";
import type { Browser } from "@/tests/support/http";

// Issue 44 §7, decision 0071: the office creates the next cycle while the current one runs, and
// neither that nor deactivating the current cycle hides its paid meals from the kitchen and labels.

let admin: Browser;
let current: OrderCycleDto;
let next: OrderCycleDto;
let mealName: string;
let parentId: number;
let studentId: number;

const create = (body: unknown) =>
  admin.call<OrderCycleDto>(cycles.POST, "POST", "/api/order-cycles", { body });
const list = async () =>
  (await admin.call<OrderCycleDto[]>(cycles.GET, "GET", "/api/order-cycles")).body;
const weekAnswer = (n: number, query?: Record<string, string>) =>
  admin.call<KitchenOrders>(week.GET, "GET", `/api/orders/week/${n}`, {
    params: { week: String(n) },
    query,
  });
const kitchenWeek = async (n: number) => (await weekAnswer(n)).body;

beforeAll(async () => {
  admin = await signedInSuperadmin();
  const db = await testDb();
  await db.orderCycle.updateMany({ where: { isActive: true }, data: { isActive: false } });
  // The current cycle started two weeks ago: its fourth week is next week.
  const made = await create({
    startDate: addDaysIso(mondayOf(schoolToday("Africa/Lusaka")), -14),
    cycleLength: 4,
    blockedDays: [],
  });
  expect(made.status).toBe(200);
  current = made.body;
  mealName = uniqueName("Week four stew ");
  const item = await addMenuItem({ name: mealName });
  parentId = (await signedIn("parent")).id;
  const student = await db.student.create({
    data: { name: uniqueName("Pupil "), grade: "3", parentId },
  });
  studentId = student.id;
  await db.order.create({
    data: {
      userId: parentId,
      studentId: student.id,
      menuItemId: item.id,
      cycleId: current.id,
      weekNumber: 4,
      dayOfWeek: 5,
      originalPrice: "40.00",
      discountedPrice: "40.00",
      status: "pending",
      paymentStatus: "confirmed",
    },
  });
});

describe("the next cycle, created while the current one runs", () => {
  it("keeps the current cycle for parents and the kitchen until the next one opens", async () => {
    const nextStart = addDaysIso(current.startDate, 28);
    const made = await create({ startDate: nextStart, cycleLength: 4, blockedDays: [] });
    expect(made.status).toBe(200);
    next = made.body;
    expect(next.isActive).toBe(true);
    // Ordering opens on its start date, so parents still order for the current cycle.
    expect(Date.parse(next.orderingOpensAt)).toBeGreaterThan(Date.now());
    expect(orderingCycle(await list(), new Date())?.id).toBe(current.id);
    // From its start date on, the next cycle is the one parents order for.
    const atStart = new Date(Date.parse(next.orderingOpensAt) + 1);
    expect(orderingCycle(await list(), atStart)?.id).toBe(next.id);

    const kitchen = await kitchenWeek(4);
    expect(kitchen.cycle).toMatchObject({ id: current.id });
    expect(kitchen.data.map((o) => o.menuItem.name)).toEqual([mealName]);
  });

  it("serves a deactivated cycle's paid meals: kitchen week and labels", async () => {
    const forced = await admin.call(cycle.DELETE, "DELETE", `/api/order-cycles/${current.id}`, {
      params: { id: String(current.id) },
      query: { force: "true" },
    });
    expect(forced.status).toBe(200);
    const kitchen = await kitchenWeek(4);
    expect(kitchen.cycle).toMatchObject({ id: current.id });
    expect(kitchen.data.map((o) => o.menuItem.name)).toEqual([mealName]);

    const res = await admin.respond(labels.GET, "GET", "/api/kitchen/labels", {
      query: { date: cycleDayDate(current.startDate, 4, 5) },
    });
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe("application/pdf");
    const { PDFParse } = await import("pdf-parse");
    const parser = new PDFParse({ data: new Uint8Array(await res.arrayBuffer()) });
    try {
      expect((await parser.getText()).text).toContain(mealName);
    } finally {
      await parser.destroy();
    }
  });

  it("lets the kitchen choose the next cycle's weeks while the deactivated one is still served", async () => {
    const nextMeal = uniqueName("Next cycle soup ");
    const item = await addMenuItem({ name: nextMeal });
    const db = await testDb();
    await db.order.create({
      data: {
        userId: parentId,
        studentId,
        menuItemId: item.id,
        cycleId: next.id,
        weekNumber: 1,
        dayOfWeek: 2,
        originalPrice: "40.00",
        discountedPrice: "40.00",
        status: "pending",
        paymentStatus: "confirmed",
      },
    });

    // The choices: the deactivated cycle with meals to serve first (the one shown by default),
    // then the next one.
    const choices = await admin.call<KitchenCycleChoice[]>(
      kitchenCycles.GET,
      "GET",
      "/api/kitchen/cycles",
    );
    expect(choices.status).toBe(200);
    expect(choices.body).toEqual([
      {
        id: current.id,
        startDate: current.startDate,
        endDate: current.endDate,
        cycleLength: 4,
        isActive: false,
      },
      {
        id: next.id,
        startDate: next.startDate,
        endDate: next.endDate,
        cycleLength: 4,
        isActive: true,
      },
    ]);

    // Without a cycleId, the served cycle as before: its week 1 holds none of the next cycle's meals.
    const byDefault = await weekAnswer(1);
    expect(byDefault.body.cycle).toMatchObject({ id: current.id });
    expect(byDefault.body.data.map((o) => o.menuItem.name)).not.toContain(nextMeal);

    // The chosen cycle's week, with its own dates.
    const chosen = await weekAnswer(1, { cycleId: String(next.id) });
    expect(chosen.status).toBe(200);
    expect(chosen.body.cycle).toEqual({ id: next.id, startDate: next.startDate, cycleLength: 4 });
    expect(chosen.body.data.map((o) => o.menuItem.name)).toEqual([nextMeal]);
    expect(chosen.body.portions.map((day) => day.date)).toEqual([
      cycleDayDate(next.startDate, 1, 2),
    ]);
    // Its today: the next cycle has not started, so nothing yet.
    const chosenToday = await admin.call<KitchenOrders>(today.GET, "GET", "/api/orders/today", {
      query: { cycleId: String(next.id) },
    });
    expect(chosenToday.status).toBe(200);
    expect(chosenToday.body).toMatchObject({ cycle: { id: next.id }, data: [], portions: [] });

    // An unknown cycle is a 404, a malformed one a 422.
    const unknown = await weekAnswer(1, { cycleId: String(next.id + 1000) });
    expect(unknown.status).toBe(404);
    expect(unknown.body).toMatchObject({ message: "Order cycle not found" });
    const unknownToday = await admin.call(today.GET, "GET", "/api/orders/today", {
      query: { cycleId: "2147483647" },
    });
    expect(unknownToday.status).toBe(404);
    expect((await weekAnswer(1, { cycleId: "abc" })).status).toBe(422);
  });
});
