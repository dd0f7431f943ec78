import { beforeAll, describe, expect, it } from "@jest/globals";
import * as labels from "@/app/api/kitchen/labels/route";
import * as cycle from "@/app/api/order-cycles/[id]/route";
import * as cycles from "@/app/api/order-cycles/route";
import * as week from "@/app/api/orders/week/[week]/route";
import type { OrderCycleDto } from "@/lib/contracts";
import { orderingCycle } from "@/lib/contracts/cycles";
import type { KitchenOrders } from "@/lib/contracts/kitchen";
import { getDb } from "@/lib/db";
import { addDaysIso, cycleDayDate, mondayOf, schoolToday } from "@/lib/school-calendar";
import { addMenuItem, signedIn, signedInSuperadmin, uniqueName } from "@/tests/support/fixtures";
import type { Browser } from "@/tests/support/http";

// Issue 44 §7, decision 0071: the office creates the next cycle while the current one runs, and
// neither that nor deactivating the current cycle hides its paid meals from the kitchen and labels.

let admin: Browser;
let current: OrderCycleDto;
let mealName: string;

const create = (body: unknown) =>
  admin.call<OrderCycleDto>(cycles.POST, "POST", "/api/order-cycles", { body });
const list = async () =>
  (await admin.call<OrderCycleDto[]>(cycles.GET, "GET", "/api/order-cycles")).body;
const kitchenWeek = async (n: number) =>
  (
    await admin.call<KitchenOrders>(week.GET, "GET", `/api/orders/week/${n}`, {
      params: { week: String(n) },
    })
  ).body;

beforeAll(async () => {
  admin = await signedInSuperadmin();
  const db = await getDb();
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
  const { id: parentId } = await signedIn("parent");
  const student = await db.student.create({
    data: { name: uniqueName("Pupil "), grade: "3", parentId },
  });
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
    const next = await create({ startDate: nextStart, cycleLength: 4, blockedDays: [] });
    expect(next.status).toBe(200);
    expect(next.body.isActive).toBe(true);
    // Ordering opens on its start date, so parents still order for the current cycle.
    expect(Date.parse(next.body.orderingOpensAt)).toBeGreaterThan(Date.now());
    expect(orderingCycle(await list(), new Date())?.id).toBe(current.id);
    // From its start date on, the next cycle is the one parents order for.
    const atStart = new Date(Date.parse(next.body.orderingOpensAt) + 1);
    expect(orderingCycle(await list(), atStart)?.id).toBe(next.body.id);

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
});
