import { beforeAll, describe, expect, it } from "@jest/globals";
import * as revenue from "@/app/api/revenue/stats/route";
import type { RevenueStatsDto } from "@/lib/contracts/revenue";
import { testDb } from "@/tests/support/school";
import { parseIsoDate } from "@/lib/school-calendar";
import type { Browser } from "@/tests/support/http";
import { browserFor, type Caller } from "@/tests/support/settings-fixtures";

// GET /api/revenue/stats (spec 001 §3, §7, §9) on a known mix of orders in two cycles.

type Status = "pending" | "completed" | "cancelled" | "refunded";

let pastCycle: number;
let activeCycleId: number;
let emptyCycle: number;

beforeAll(async () => {
  const db = await testDb();
  const parent = await db.user.create({
    data: { username: "rev.parent", usernameKey: "rev.parent", passwordHash: "x", name: "P" },
  });
  const [s1, s2, s3, s4] = await Promise.all(
    ["Abel", "Bupe", "Chanda", "Dalitso"].map((name) =>
      db.student.create({ data: { name, grade: "3", parentId: parent.id } }),
    ),
  );
  const item = await db.menuItem.create({ data: { name: "Stew", price: "50.00" } });
  const past = await db.orderCycle.create({
    data: { startDate: parseIsoDate("2040-01-02")!, cycleLength: 4 },
  });
  const active = await db.orderCycle.create({
    data: { startDate: parseIsoDate("2040-03-05")!, cycleLength: 6, isActive: true },
  });
  const empty = await db.orderCycle.create({
    data: { startDate: parseIsoDate("2039-09-05")!, cycleLength: 4 },
  });
  pastCycle = past.id;
  activeCycleId = active.id;
  emptyCycle = empty.id;
  const orders: [number, number, Status, string][] = [
    // cycle, student, status, paid
    [past.id, s1!.id, "completed", "40.00"],
    [past.id, s2!.id, "completed", "36.50"],
    [past.id, s3!.id, "pending", "50.00"],
    [past.id, s1!.id, "cancelled", "20.00"],
    [past.id, s2!.id, "refunded", "30.00"],
    [active.id, s1!.id, "completed", "45.01"],
    [active.id, s4!.id, "pending", "10.00"],
    [active.id, s4!.id, "pending", "0.00"],
    [active.id, s4!.id, "cancelled", "15.00"],
  ];
  let day = 0;
  for (const [cycleId, studentId, status, paid] of orders) {
    day++;
    await db.order.create({
      data: {
        userId: parent.id,
        studentId,
        menuItemId: item.id,
        cycleId,
        weekNumber: Math.ceil(day / 5),
        dayOfWeek: ((day - 1) % 5) + 1,
        originalPrice: "50.00",
        discountedPrice: paid,
        status,
      },
    });
  }
});

const stats = (browser: Browser, cycleId?: string) =>
  browser.call<RevenueStatsDto>(revenue.GET, "GET", "/api/revenue/stats", {
    query: cycleId === undefined ? {} : { cycleId },
  });

describe("GET /api/revenue/stats", () => {
  it("sums every order of all time, with the cycle list (active first)", async () => {
    const admin = await browserFor("admin with the feature", "revenue");
    const answer = await stats(admin);
    expect(answer.status).toBe(200);
    expect(answer.body).toEqual({
      totalOrders: 9,
      netRevenue: "121.51",
      totalStudents: 4,
      cancelledOrders: { count: 3, amount: "65.00" },
      pendingOrders: { count: 3, amount: "60.00" },
      completedOrders: { count: 3, amount: "121.51" },
      credit: { issued: "0.00", outstanding: "0.00" },
      cycles: [
        { id: activeCycleId, startDate: "2040-03-05", endDate: "2040-04-13", isActive: true },
        { id: pastCycle, startDate: "2040-01-02", endDate: "2040-01-27", isActive: false },
        { id: emptyCycle, startDate: "2039-09-05", endDate: "2039-09-30", isActive: false },
      ],
    });
  });

  it("sums one cycle's orders when asked", async () => {
    const admin = await browserFor("superadmin", "revenue");
    const past = await stats(admin, String(pastCycle));
    expect(past.body).toMatchObject({
      totalOrders: 5,
      netRevenue: "76.50",
      totalStudents: 3,
      cancelledOrders: { count: 2, amount: "50.00" },
      pendingOrders: { count: 1, amount: "50.00" },
      completedOrders: { count: 2, amount: "76.50" },
    });
    const active = await stats(admin, String(activeCycleId));
    expect(active.body).toMatchObject({
      totalOrders: 4,
      netRevenue: "45.01",
      totalStudents: 2,
      cancelledOrders: { count: 1, amount: "15.00" },
      pendingOrders: { count: 2, amount: "10.00" },
      completedOrders: { count: 1, amount: "45.01" },
    });
    expect(active.body.cycles).toHaveLength(3);
  });

  it("answers zeros for a cycle without orders", async () => {
    const admin = await browserFor("superadmin", "revenue");
    const answer = await stats(admin, String(emptyCycle));
    expect(answer.body).toMatchObject({
      totalOrders: 0,
      netRevenue: "0.00",
      totalStudents: 0,
      cancelledOrders: { count: 0, amount: "0.00" },
      pendingOrders: { count: 0, amount: "0.00" },
      completedOrders: { count: 0, amount: "0.00" },
    });
  });

  it("treats an empty cycleId as all time", async () => {
    const admin = await browserFor("superadmin", "revenue");
    expect((await stats(admin, "")).body.totalOrders).toBe(9);
  });

  it.each(["abc", "0", "-1", "1.5", "99999999999"])("refuses cycleId %j with 422", async (id) => {
    const admin = await browserFor("superadmin", "revenue");
    const answer = await stats(admin, id);
    expect(answer.status).toBe(422);
    expect(answer.body).toMatchObject({ message: "Cycle id must be a positive whole number" });
  });

  it("answers 404 for an unknown cycle", async () => {
    const admin = await browserFor("superadmin", "revenue");
    const answer = await stats(admin, "999999");
    expect(answer.status).toBe(404);
    expect(answer.body).toMatchObject({ message: "Order cycle not found" });
  });

  it.each([
    ["superadmin", 200],
    ["admin with the feature", 200],
    ["admin without it", 403],
    ["parent", 403],
    ["teacher", 403],
    ["signed out", 401],
  ] as [Caller, number][])("%s → %i", async (caller, status) => {
    const browser = await browserFor(caller, "revenue");
    expect((await stats(browser)).status).toBe(status);
  });
});
