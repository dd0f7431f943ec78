import { beforeAll, describe, expect, it } from "@jest/globals";
import * as cycleOrders from "@/app/api/cycle-orders/route";
import * as orders from "@/app/api/orders/route";
import * as orderStatus from "@/app/api/orders/status/route";
import type { PageMetadata } from "@/lib/contracts/paging";
import type { OrderDto } from "@/lib/contracts";
import { key, testDb } from "@/tests/support/school";
import type { CycleOrderDto } from "@/lib/contracts/orders";
import { parseIsoDate } from "@/lib/school-calendar";
import { signedIn } from "@/tests/support/fixtures";
import { Browser } from "@/tests/support/http";

let counter = 0;

type Status = "pending" | "completed" | "cancelled" | "refunded";

/** A cycle with 12 orders of 4 students and 2 items, on known weeks, days, statuses and times. */
async function cycleWithOrders() {
  const db = await testDb();
  const n = ++counter;
  const cycle = await db.orderCycle.create({
    data: { startDate: parseIsoDate("2040-01-02")!, cycleLength: 6, isActive: false },
  });
  const parent = await db.user.create({
    data: { username: `p.${n}`, usernameKey: `p.${n}`, passwordHash: "x", name: "Parent" },
  });
  const students = await Promise.all(
    ["Abel", "Bupe", "Chanda", "Dalitso"].map((name, i) =>
      db.student.create({
        data: { name: `${name} ${n}`, grade: String(i + 2), parentId: parent.id },
      }),
    ),
  );
  const rice = await db.menuItem.create({ data: { name: `Rice ${n}`, price: "40.00" } });
  const stew = await db.menuItem.create({ data: { name: `Stew ${n}`, price: "50.00" } });
  const statuses: Status[] = ["pending", "completed", "cancelled", "refunded"];
  const made: { id: number; week: number; day: number; status: Status; menuItemId: number }[] = [];
  for (let i = 0; i < 12; i++) {
    const student = students[i % 4]!;
    const week = (i % 3) + 1;
    const day = Math.floor(i / 4) + 1; // one order per student per day
    const status = statuses[i % 4]!;
    const item = i % 2 === 0 ? rice : stew;
    const row = await db.order.create({
      data: {
        userId: parent.id,
        studentId: student.id,
        menuItemId: item.id,
        cycleId: cycle.id,
        weekNumber: week,
        dayOfWeek: day,
        category: "chicken",
        sideDish: "Nshima",
        comments: i === 0 ? "No salt" : null,
        originalPrice: i % 2 === 0 ? "40.00" : "50.00",
        discountedPrice: i % 2 === 0 ? "36.00" : "50.00",
        discountPercentage: i % 2 === 0 ? 10 : 0,
        status,
        // Two orders share a time, so the id breaks the tie.
        orderDate: new Date(Date.UTC(2039, 11, 1, 8, i === 11 ? 10 : i)),
      },
    });
    made.push({ id: row.id, week, day, status, menuItemId: item.id });
  }
  return { cycle, parent, students, rice, stew, made };
}

const list = (browser: Browser, query: Record<string, string>) =>
  browser.call<{ data: CycleOrderDto[]; metadata: PageMetadata }>(
    cycleOrders.GET,
    "GET",
    "/api/cycle-orders",
    { query },
  );
const setStatus = (browser: Browser, body: unknown) =>
  browser.call<{ updated: number }>(orderStatus.POST, "POST", "/api/orders/status", { body });

async function statusesOf(ids: number[]) {
  const db = await testDb();
  const rows = await db.order.findMany({
    where: { id: { in: ids } },
    select: { id: true, status: true },
  });
  return Object.fromEntries(rows.map((r) => [r.id, r.status]));
}

let fixture: Awaited<ReturnType<typeof cycleWithOrders>>;
let historyAdmin: Browser;

beforeAll(async () => {
  fixture = await cycleWithOrders();
  historyAdmin = (await signedIn("admin", ["history"])).browser;
});

describe("GET /api/cycle-orders", () => {
  it("answers one page of the cycle's orders, newest first, with paging metadata", async () => {
    const first = await list(historyAdmin, { cycleId: String(fixture.cycle.id) });
    expect(first.status).toBe(200);
    expect(first.body.metadata).toEqual({
      total: 12,
      page: 1,
      pageSize: 10,
      totalPages: 2,
      hasNextPage: true,
      hasPreviousPage: false,
    });
    // Orders 10 and 11 share a time: the higher id comes first.
    const expectedOrder = [...fixture.made].reverse().map((o) => o.id);
    expect(first.body.data.map((o) => o.id)).toEqual(expectedOrder.slice(0, 10));
    const second = await list(historyAdmin, { cycleId: String(fixture.cycle.id), page: "2" });
    expect(second.body.data.map((o) => o.id)).toEqual(expectedOrder.slice(10));
    expect(second.body.metadata).toMatchObject({
      page: 2,
      hasNextPage: false,
      hasPreviousPage: true,
    });
    const big = await list(historyAdmin, { cycleId: String(fixture.cycle.id), pageSize: "100" });
    expect(big.body.data).toHaveLength(12);
    expect(big.body.metadata).toMatchObject({ pageSize: 100, totalPages: 1 });
  });

  it("answers each order in the Cycle order shape", async () => {
    const answer = await list(historyAdmin, { cycleId: String(fixture.cycle.id), pageSize: "100" });
    const first = fixture.made[0]!;
    expect(answer.body.data.find((o) => o.id === first.id)).toEqual({
      id: first.id,
      orderDate: "2039-12-01T08:00:00.000Z",
      student: { name: fixture.students[0]!.name, grade: "2", allergies: [], dietaryNotes: null },
      menuItem: { name: fixture.rice.name },
      weekNumber: 1,
      dayOfWeek: 1,
      category: "chicken",
      sideDish: "Nshima",
      comments: "No salt",
      originalPrice: "40.00",
      discountedPrice: "36.00",
      discountPercentage: 10,
      status: "pending",
      cycle: { startDate: "2040-01-02" },
      cartItems: [],
      allergyAcknowledged: false,
      orderedBy: { name: "Parent", username: fixture.parent.username },
      paymentReference: null,
    });
  });

  it("names the orderer and the payment's reference, and the school's time zone (issue 44)", async () => {
    const db = await testDb();
    const paid = fixture.made[1]!;
    const attempt = await db.paymentAttempt.create({
      data: {
        userId: fixture.parent.id,
        transactionRef: `ORD-CSV-${fixture.cycle.id}`,
        paymentAmount: "50.00",
        cartItems: [],
        transactionStatus: "verified",
      },
    });
    await db.order.update({ where: key(paid.id), data: { paymentAttemptId: attempt.id } });
    const answer = await list(historyAdmin, { cycleId: String(fixture.cycle.id), pageSize: "100" });
    expect(answer.body).toMatchObject({ timeZone: "Africa/Lusaka" });
    expect(answer.body.data.find((o) => o.id === paid.id)).toMatchObject({
      orderedBy: { name: "Parent", username: fixture.parent.username },
      paymentReference: `ORD-CSV-${fixture.cycle.id}`,
    });
    expect(answer.body.data.filter((o) => o.paymentReference !== null).map((o) => o.id)).toEqual([
      paid.id,
    ]);
  });

  it.each([
    ["weekNumber", "2", (o: { week: number }) => o.week === 2],
    ["dayOfWeek", "3", (o: { day: number }) => o.day === 3],
    ["status", "cancelled", (o: { status: Status }) => o.status === "cancelled"],
  ] as const)("filters by %s", async (key, value, keep) => {
    const answer = await list(historyAdmin, {
      cycleId: String(fixture.cycle.id),
      pageSize: "100",
      [key]: value,
    });
    const expected = fixture.made.filter((o) => keep(o as never)).map((o) => o.id);
    expect(answer.body.data.map((o) => o.id).sort()).toEqual(expected.sort());
    expect(answer.body.metadata.total).toBe(expected.length);
  });

  it("filters by menu item and combines filters; 'all' means no filter", async () => {
    const answer = await list(historyAdmin, {
      cycleId: String(fixture.cycle.id),
      menuItemId: String(fixture.stew.id),
      weekNumber: "2",
      status: "all",
      dayOfWeek: "all",
    });
    const expected = fixture.made
      .filter((o) => o.menuItemId === fixture.stew.id && o.week === 2)
      .map((o) => o.id);
    expect(answer.body.data.map((o) => o.id).sort()).toEqual(expected.sort());
    expect(answer.body.data.every((o) => o.menuItem.name === fixture.stew.name)).toBe(true);
    const other = await list(historyAdmin, { cycleId: "999999" });
    expect(other.body).toEqual({
      data: [],
      metadata: {
        total: 0,
        page: 1,
        pageSize: 10,
        totalPages: 0,
        hasNextPage: false,
        hasPreviousPage: false,
      },
      timeZone: "Africa/Lusaka",
    });
  });

  it.each([
    [{}, "Cycle ID is required"],
    [{ cycleId: "" }, "Cycle ID is required"],
    [{ cycleId: "abc" }, "Cycle ID must be a positive whole number"],
    [{ cycleId: "1", weekNumber: "7" }, "Week must be between 1 and 6"],
    [{ cycleId: "1", dayOfWeek: "6" }, "Day must be between 1 (Monday) and 5 (Friday)"],
    [{ cycleId: "1", status: "lost" }, "Status must be pending, completed, cancelled or refunded"],
    [{ cycleId: "1", menuItemId: "-3" }, "Menu item must be a positive whole number"],
    [{ cycleId: "1", page: "0" }, "Page must be a positive whole number"],
    [{ cycleId: "1", pageSize: "101" }, "Page size must be between 1 and 100"],
  ])("refuses %j with 422", async (query, message) => {
    const answer = await list(historyAdmin, query);
    expect(answer.status).toBe(422);
    expect(answer.body).toMatchObject({ message, error: message });
  });

  it("is for admins with the history feature", async () => {
    const query = { cycleId: String(fixture.cycle.id) };
    expect((await list(new Browser(), query)).status).toBe(401);
    expect((await list((await signedIn("parent")).browser, query)).status).toBe(403);
    expect(
      (await list((await signedIn("admin", ["kitchen", "cycles"])).browser, query)).status,
    ).toBe(403);
  });
});

describe("POST /api/orders/status", () => {
  it("sets the status of the selected orders in one go, never touching refunded ones", async () => {
    const f = await cycleWithOrders();
    const ids = f.made.map((o) => o.id);
    const refunded = f.made.filter((o) => o.status === "refunded").map((o) => o.id);
    const alreadyCompleted = f.made.filter((o) => o.status === "completed").length;
    const answer = await setStatus(historyAdmin, {
      orderIds: [...ids, ids[0]],
      status: "completed",
    });
    expect(answer.status).toBe(200);
    expect(answer.body).toEqual({ updated: 12 - refunded.length - alreadyCompleted });
    const after = await statusesOf(ids);
    for (const id of ids) expect(after[id]).toBe(refunded.includes(id) ? "refunded" : "completed");
    const db = await testDb();
    expect(
      await db.auditLog.count({ where: { entity: "Order", action: "order.status-update" } }),
    ).toBeGreaterThanOrEqual(1);
  });

  it("lets a kitchen admin mark orders completed, and any of the three statuses be chosen", async () => {
    const f = await cycleWithOrders();
    const kitchen = (await signedIn("admin", ["kitchen"])).browser;
    const pending = f.made.filter((o) => o.status === "pending").map((o) => o.id);
    expect((await setStatus(kitchen, { orderIds: pending, status: "completed" })).body).toEqual({
      updated: pending.length,
    });
    expect((await setStatus(kitchen, { orderIds: pending, status: "cancelled" })).body).toEqual({
      updated: pending.length,
    });
    expect((await setStatus(kitchen, { orderIds: pending, status: "pending" })).body).toEqual({
      updated: pending.length,
    });
    expect(Object.values(await statusesOf(pending))).toEqual(pending.map(() => "pending"));
  });

  it("answers 409 and changes nothing when a restored order's day is taken by another order", async () => {
    const f = await cycleWithOrders();
    const cancelled = f.made.find((o) => o.status === "cancelled")!;
    const db = await testDb();
    const row = await db.order.findUniqueOrThrow({ where: key(cancelled.id) });
    // The student re-ordered the same day after the cancellation.
    const replacement = await db.order.create({
      data: {
        userId: row.userId,
        studentId: row.studentId,
        menuItemId: row.menuItemId,
        cycleId: row.cycleId,
        weekNumber: row.weekNumber,
        dayOfWeek: row.dayOfWeek,
        originalPrice: "40.00",
        discountedPrice: "40.00",
        status: "pending",
      },
    });
    const pending = f.made.filter((o) => o.status === "pending").map((o) => o.id);
    const ids = [...pending, cancelled.id];
    const before = await statusesOf([...ids, replacement.id]);
    const answer = await setStatus(historyAdmin, { orderIds: ids, status: "completed" });
    expect(answer.status).toBe(409);
    expect(answer.body).toMatchObject({
      message:
        "Some selected orders cannot be restored: their student already has another order for that day. No statuses were changed.",
    });
    expect(await statusesOf([...ids, replacement.id])).toEqual(before);
  });

  it.each([
    ["no orders", { orderIds: [], status: "completed" }],
    ["no status", { orderIds: [1] }],
    ["an empty status", { orderIds: [1], status: "" }],
    ["refunded", { orderIds: [1], status: "refunded" }],
    ["no order list", { status: "completed" }],
  ])("refuses %s with the spec's message and changes nothing", async (_label, body) => {
    const before = await statusesOf(fixture.made.map((o) => o.id));
    const answer = await setStatus(historyAdmin, body);
    expect(answer.status).toBe(422);
    const message = "Status update requires a chosen status and at least one selected order";
    expect(answer.body).toMatchObject({ message, error: message });
    expect(await statusesOf(fixture.made.map((o) => o.id))).toEqual(before);
  });

  it("refuses bad ids and more than 500 orders with 422", async () => {
    const bad = await setStatus(historyAdmin, { orderIds: [1, "2"], status: "completed" });
    expect(bad.status).toBe(422);
    const many = Array.from({ length: 501 }, (_, i) => i + 1);
    const tooMany = await setStatus(historyAdmin, { orderIds: many, status: "completed" });
    expect(tooMany.status).toBe(422);
    expect(tooMany.body).toMatchObject({ message: "At most 500 orders at a time" });
  });

  it("is for admins with the history or kitchen feature", async () => {
    const ids = fixture.made.map((o) => o.id);
    const before = await statusesOf(ids);
    const body = { orderIds: ids, status: "cancelled" };
    expect((await setStatus(new Browser(), body)).status).toBe(401);
    expect((await setStatus((await signedIn("parent")).browser, body)).status).toBe(403);
    expect((await setStatus((await signedIn("teacher")).browser, body)).status).toBe(403);
    const noFeature = (await signedIn("admin", ["cycles", "menu"])).browser;
    expect((await setStatus(noFeature, body)).status).toBe(403);
    // The feature is checked before the body: no hint about what the body should be.
    expect((await setStatus(noFeature, {})).status).toBe(403);
    expect(await statusesOf(ids)).toEqual(before);
  });
});

describe("GET /api/orders?unpaginated=true for admins", () => {
  const all = (browser: Browser, query: Record<string, string> = { unpaginated: "true" }) =>
    browser.call<{ data: OrderDto[] }>(orders.GET, "GET", "/api/orders", { query });

  it("answers every order to an admin with the history or kitchen feature", async () => {
    const db = await testDb();
    const total = await db.order.count();
    for (const features of [["history"], ["kitchen"]]) {
      const admin = (await signedIn("admin", features)).browser;
      const answer = await all(admin);
      expect(answer.status).toBe(200);
      expect(answer.body.data).toHaveLength(total);
      expect(answer.body.data.map((o) => o.id)).toEqual(
        expect.arrayContaining(fixture.made.map((o) => o.id)),
      );
    }
  });

  it("is refused to other admins, and to admins without unpaginated", async () => {
    expect((await all((await signedIn("admin", ["cycles"])).browser)).status).toBe(403);
    expect((await all(historyAdmin, {})).status).toBe(403);
    expect((await all(new Browser())).status).toBe(401);
  });

  it("still answers a parent only their own orders", async () => {
    const parent = await signedIn("parent");
    const answer = await all(parent.browser);
    expect(answer.status).toBe(200);
    expect(answer.body).toEqual({ data: [] });
  });
});
