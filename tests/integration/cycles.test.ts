import { beforeEach, describe, expect, it } from "@jest/globals";
import * as login from "@/app/api/login/route";
import * as reactivate from "@/app/api/order-cycles/[id]/reactivate/route";
import * as cycle from "@/app/api/order-cycles/[id]/route";
import * as history from "@/app/api/order-cycles/history/route";
import * as cycles from "@/app/api/order-cycles/route";
import * as cycleLength from "@/app/api/settings/cycle-length/route";
import type { PageMetadata } from "@/lib/contracts/paging";
import type { OrderCycleDto } from "@/lib/contracts";
import type { CycleHistoryEntry } from "@/lib/contracts/cycles";
import { key, testDb } from "@/tests/support/school";
import { parseIsoDate } from "@/lib/school-calendar";
import { signedIn } from "@/tests/support/fixtures";
import { Browser } from "@/tests/support/http";

let counter = 0;

const cyclesAdmin = async () => (await signedIn("admin", ["cycles"])).browser;

const create = (browser: Browser, body: unknown) =>
  browser.call<OrderCycleDto>(cycles.POST, "POST", "/api/order-cycles", { body });
const deactivate = (browser: Browser, id: number | string) =>
  browser.call<OrderCycleDto>(cycle.DELETE, "DELETE", `/api/order-cycles/${id}`, {
    params: { id: String(id) },
  });
const reactivateCall = (browser: Browser, id: number | string) =>
  browser.call<OrderCycleDto>(reactivate.POST, "POST", `/api/order-cycles/${id}/reactivate`, {
    body: {},
    params: { id: String(id) },
  });
const historyPage = (browser: Browser, page?: string) =>
  browser.call<{ data: CycleHistoryEntry[]; metadata: PageMetadata }>(
    history.GET,
    "GET",
    "/api/order-cycles/history",
    page === undefined ? {} : { query: { page } },
  );

async function activeIds() {
  const db = await testDb();
  const rows = await db.orderCycle.findMany({ where: { isActive: true }, select: { id: true } });
  return rows.map((r) => r.id);
}

async function snapshot() {
  const db = await testDb();
  return {
    cycles: await db.orderCycle.count(),
    active: await activeIds(),
    audit: await db.auditLog.count({ where: { entity: "OrderCycle" } }),
  };
}

/** Any admin-only call: 401 signed out, 403 for a parent and for an admin without the feature. */
async function expectClosed(call: (browser: Browser) => Promise<{ status: number }>) {
  const before = await snapshot();
  expect((await call(new Browser())).status).toBe(401);
  expect((await call((await signedIn("parent")).browser)).status).toBe(403);
  expect((await call((await signedIn("teacher")).browser)).status).toBe(403);
  expect((await call((await signedIn("admin", ["history", "kitchen"])).browser)).status).toBe(403);
  expect(await snapshot()).toEqual(before);
}

// Several cycles may be active (decision 0071): each test starts with none.
beforeEach(async () => {
  const db = await testDb();
  await db.orderCycle.updateMany({ where: { isActive: true }, data: { isActive: false } });
});

describe("POST /api/order-cycles", () => {
  it("creates the next cycle beside the running one, which stays active", async () => {
    const admin = await cyclesAdmin();
    const first = await create(admin, { startDate: "2030-01-07", cycleLength: 4, blockedDays: [] });
    expect(first.status).toBe(200);
    // The only cycle opens for ordering at once (the spec's "Creating activates it").
    expect(Date.parse(first.body.orderingOpensAt)).toBeLessThanOrEqual(Date.now());
    const second = await create(admin, {
      startDate: "2030-02-04",
      cycleLength: 6,
      blockedDays: [
        { weekNumber: 6, dayOfWeek: 5 },
        { weekNumber: 1, dayOfWeek: 2 },
        { weekNumber: 6, dayOfWeek: 5 },
      ],
    });
    expect(second.status).toBe(200);
    expect(second.body).toEqual({
      id: expect.any(Number),
      startDate: "2030-02-04",
      endDate: "2030-03-15",
      cycleLength: 6,
      isActive: true,
      // Deduplicated and in calendar order.
      blockedDays: [
        { weekNumber: 1, dayOfWeek: 2 },
        { weekNumber: 6, dayOfWeek: 5 },
      ],
      createdAt: expect.any(String),
      // Beside a running cycle, ordering opens on the start date, at midnight in Lusaka (UTC+2).
      orderingOpensAt: "2030-02-03T22:00:00.000Z",
    });
    expect((await activeIds()).sort()).toEqual([first.body.id, second.body.id].sort());
    const db = await testDb();
    const old = await db.orderCycle.findUniqueOrThrow({ where: key(first.body.id) });
    expect(old.isActive).toBe(true);
    expect(old.deactivatedAt).toBeNull();
    const audit = await db.auditLog.findFirst({
      where: {
        entity: "OrderCycle",
        entityId: String(second.body.id),
        action: "order-cycle.create",
      },
    });
    expect(audit?.details).toMatchObject({ startDate: "2030-02-04", cycleLength: 6 });
    // The cycle length setting follows the new cycle.
    const length = await admin.call(cycleLength.GET, "GET", "/api/settings/cycle-length");
    expect(length.body).toEqual({ cycleLength: 6 });
  });

  it("reads the start date as a calendar date, whatever the server's time zone", async () => {
    const admin = await cyclesAdmin();
    const zone = process.env.TZ;
    try {
      for (const tz of ["Pacific/Kiritimati", "Pacific/Pago_Pago", "America/Lima"]) {
        process.env.TZ = tz;
        const monday = await create(admin, {
          startDate: "2031-03-03",
          cycleLength: 4,
          blockedDays: [],
        });
        expect(monday.status).toBe(200);
        expect(monday.body.startDate).toBe("2031-03-03");
        await deactivate(admin, monday.body.id); // active cycles never share a date
        const sunday = await create(admin, {
          startDate: "2031-03-02",
          cycleLength: 4,
          blockedDays: [],
        });
        expect(sunday.status).toBe(422);
        expect(sunday.body).toMatchObject({ message: "Cycle must start on a Monday" });
      }
    } finally {
      process.env.TZ = zone;
    }
  });

  const valid = { startDate: "2032-01-05", cycleLength: 4, blockedDays: [] };
  it.each([
    ["no start date", { ...valid, startDate: undefined }, "Missing required information"],
    ["an empty start date", { ...valid, startDate: "" }, "Missing required information"],
    ["no cycle length", { ...valid, cycleLength: undefined }, "Missing required information"],
    ["no blocked days", { ...valid, blockedDays: undefined }, "Missing required information"],
    ["an empty body", {}, "Missing required information"],
    ["a Tuesday", { ...valid, startDate: "2032-01-06" }, "Cycle must start on a Monday"],
    [
      "an impossible date",
      { ...valid, startDate: "2032-02-30" },
      "Start date must be a date (YYYY-MM-DD)",
    ],
    ["a 5-week cycle", { ...valid, cycleLength: 5 }, "Cycle length must be 4 or 6 weeks"],
    ["a length as text", { ...valid, cycleLength: "4" }, "Cycle length must be 4 or 6 weeks"],
    [
      "a blocked week after the cycle",
      { ...valid, blockedDays: [{ weekNumber: 5, dayOfWeek: 1 }] },
      "Blocked days must be weekdays (1-5) inside the cycle",
    ],
    [
      "a blocked Saturday",
      { ...valid, blockedDays: [{ weekNumber: 1, dayOfWeek: 6 }] },
      "Blocked days must be weekdays (1-5) inside the cycle",
    ],
    [
      "a blocked week 0",
      { ...valid, blockedDays: [{ weekNumber: 0, dayOfWeek: 1 }] },
      "Blocked days must be weekdays (1-5) inside the cycle",
    ],
  ])("refuses %s with 422 and changes nothing", async (_label, body, message) => {
    const admin = await cyclesAdmin();
    const before = await snapshot();
    const answer = await create(admin, body);
    expect(answer.status).toBe(422);
    expect(answer.body).toMatchObject({ message, error: message });
    expect(await snapshot()).toEqual(before);
  });

  it("is for admins with the cycles feature (superadmin has it)", async () => {
    await expectClosed((browser) => create(browser, valid));
    const superadmin = new Browser();
    await superadmin.call(login.POST, "POST", "/api/login", {
      body: { username: "superadmin", password: process.env.SEED_SUPERADMIN_PASSWORD },
    });
    expect((await create(superadmin, valid)).status).toBe(200);
  });

  it("opens ordering at once when the school asks, and refuses dates that meet an active cycle's", async () => {
    const admin = await cyclesAdmin();
    const running = { startDate: "2031-01-06", cycleLength: 4, blockedDays: [] };
    expect((await create(admin, running)).status).toBe(200);
    const clash = await create(admin, { ...running, startDate: "2031-01-27" });
    expect(clash.status).toBe(409);
    expect(clash.body).toMatchObject({
      message:
        "This cycle's dates overlap the active cycle of 2031-01-06 to 2031-01-31. " +
        "Cycles must not overlap: start the new cycle after that one ends.",
    });
    const now = await create(admin, { ...running, startDate: "2031-02-03", openOrdering: "now" });
    expect(now.status).toBe(200);
    expect(Date.parse(now.body.orderingOpensAt)).toBeLessThanOrEqual(Date.now());
    expect(await activeIds()).toHaveLength(2);
  });

  it("never leaves two active cycles on one date when creations race", async () => {
    const a = await cyclesAdmin();
    const b = await cyclesAdmin();
    const answers = await Promise.all([
      create(a, { startDate: "2033-01-03", cycleLength: 4, blockedDays: [] }),
      create(b, { startDate: "2033-01-10", cycleLength: 6, blockedDays: [] }),
      create(a, { startDate: "2033-01-17", cycleLength: 4, blockedDays: [] }),
    ]);
    for (const answer of answers) expect([200, 409]).toContain(answer.status);
    const created = answers.filter((answer) => answer.status === 200);
    expect(created).toHaveLength(1);
    expect(await activeIds()).toEqual([created[0]!.body.id]);
  });
});

describe("DELETE /api/order-cycles/{id}", () => {
  it("deactivates the cycle and keeps it", async () => {
    const admin = await cyclesAdmin();
    const made = await create(admin, { startDate: "2034-01-02", cycleLength: 4, blockedDays: [] });
    const answer = await deactivate(admin, made.body.id);
    expect(answer.status).toBe(200);
    expect(answer.body).toMatchObject({ id: made.body.id, isActive: false });
    expect(await activeIds()).toEqual([]);
    const db = await testDb();
    const row = await db.orderCycle.findUniqueOrThrow({ where: key(made.body.id) });
    expect(row.deactivatedAt).toBeInstanceOf(Date);
    // Again: still inactive, no error.
    expect((await deactivate(admin, made.body.id)).status).toBe(200);
  });

  it("asks before deactivating a cycle with meals still to serve, and deactivates when confirmed", async () => {
    const admin = await cyclesAdmin();
    const made = await create(admin, { startDate: "2034-03-06", cycleLength: 4, blockedDays: [] });
    const db = await testDb();
    const name = `deact.${++counter}.${Date.now()}`;
    const parent = await db.user.create({
      data: { username: name, usernameKey: name, passwordHash: "x", name },
    });
    const student = await db.student.create({
      data: { name: `Child ${name}`, grade: "3", parentId: parent.id },
    });
    const item = await db.menuItem.create({ data: { name: `Meal ${name}`, price: "40.00" } });
    for (const [weekNumber, status] of [
      [1, "completed"],
      [2, "pending"],
      [3, "cancelled"],
    ] as const) {
      await db.order.create({
        data: {
          userId: parent.id,
          studentId: student.id,
          menuItemId: item.id,
          cycleId: made.body.id,
          weekNumber,
          dayOfWeek: 1,
          originalPrice: "40.00",
          discountedPrice: "40.00",
          status,
        },
      });
    }
    const audits = () =>
      db.auditLog.count({
        where: { entityId: String(made.body.id), action: "order-cycle.deactivate" },
      });

    const asked = await deactivate(admin, made.body.id);
    expect(asked.status).toBe(409);
    const message =
      "2 meals are still to be served from this cycle. Deactivating stops new orders for it; " +
      "the kitchen, labels and history keep these meals. Deactivate anyway?";
    expect(asked.body).toEqual({ message, error: message, canForce: true, orderCount: 2 });
    expect(await activeIds()).toEqual([made.body.id]);
    expect(await audits()).toBe(0);

    const confirmed = await admin.call<OrderCycleDto>(
      cycle.DELETE,
      "DELETE",
      `/api/order-cycles/${made.body.id}`,
      { params: { id: String(made.body.id) }, query: { force: "true" } },
    );
    expect(confirmed.status).toBe(200);
    expect(confirmed.body).toMatchObject({ id: made.body.id, isActive: false });
    expect(await activeIds()).toEqual([]);
    expect(await audits()).toBe(1);
  });

  it("answers 404 for an unknown or malformed id", async () => {
    const admin = await cyclesAdmin();
    expect((await deactivate(admin, 999_999)).status).toBe(404);
    expect((await deactivate(admin, "abc")).status).toBe(404);
  });

  it("is for admins with the cycles feature", async () => {
    const admin = await cyclesAdmin();
    const made = await create(admin, { startDate: "2034-02-06", cycleLength: 4, blockedDays: [] });
    await expectClosed((browser) => deactivate(browser, made.body.id));
    expect(await activeIds()).toEqual([made.body.id]);
  });
});

describe("POST /api/order-cycles/{cycleId}/reactivate", () => {
  it("reactivates a past cycle only while no cycle is active", async () => {
    const admin = await cyclesAdmin();
    const past = await create(admin, { startDate: "2035-01-08", cycleLength: 6, blockedDays: [] });
    const current = await create(admin, {
      startDate: "2035-03-05",
      cycleLength: 4,
      blockedDays: [],
    });
    expect([past.status, current.status]).toEqual([200, 200]);
    await deactivate(admin, past.body.id);

    const refused = await reactivateCall(admin, past.body.id);
    expect(refused.status).toBe(409);
    expect(refused.body).toMatchObject({
      message: "Another order cycle is active. Deactivate it before reactivating this one.",
    });
    expect(await activeIds()).toEqual([current.body.id]);
    expect((await reactivateCall(admin, current.body.id)).status).toBe(409);

    await deactivate(admin, current.body.id);
    const answer = await reactivateCall(admin, past.body.id);
    expect(answer.status).toBe(200);
    expect(answer.body).toMatchObject({ id: past.body.id, isActive: true, cycleLength: 6 });
    expect(await activeIds()).toEqual([past.body.id]);
    const length = await admin.call(cycleLength.GET, "GET", "/api/settings/cycle-length");
    expect(length.body).toEqual({ cycleLength: 6 });
  });

  it("answers 404 for an unknown cycle", async () => {
    const admin = await cyclesAdmin();
    expect((await reactivateCall(admin, 999_999)).status).toBe(404);
    expect((await reactivateCall(admin, "0")).status).toBe(404);
  });

  it("is for admins with the cycles feature", async () => {
    const admin = await cyclesAdmin();
    const made = await create(admin, { startDate: "2035-06-04", cycleLength: 4, blockedDays: [] });
    await deactivate(admin, made.body.id);
    await expectClosed((browser) => reactivateCall(browser, made.body.id));
    expect(await activeIds()).toEqual([]);
  });
});

describe("GET /api/order-cycles/history", () => {
  async function pastCycle(startDate: string) {
    const db = await testDb();
    return db.orderCycle.create({
      data: { startDate: parseIsoDate(startDate)!, cycleLength: 4, isActive: false },
    });
  }

  async function order(
    cycleId: number,
    weekNumber: number,
    discountedPrice: string,
    status: "pending" | "completed" | "cancelled" | "refunded",
  ) {
    const db = await testDb();
    const n = ++counter;
    const parent = await db.user.create({
      data: { username: `hist.${n}`, usernameKey: `hist.${n}`, passwordHash: "x", name: "P" },
    });
    const student = await db.student.create({
      data: { name: `Child ${n}`, grade: "3", parentId: parent.id },
    });
    const item = await db.menuItem.create({ data: { name: `Meal ${n}`, price: "50.00" } });
    await db.order.create({
      data: {
        userId: parent.id,
        studentId: student.id,
        menuItemId: item.id,
        cycleId,
        weekNumber,
        dayOfWeek: 1,
        originalPrice: "50.00",
        discountedPrice,
        status,
      },
    });
  }

  it("lists past cycles newest first with totals of live orders, 5 per page", async () => {
    const admin = await cyclesAdmin();
    const newest = await pastCycle("2099-01-05");
    const second = await pastCycle("2098-01-06");
    await order(newest.id, 1, "40.00", "pending");
    await order(newest.id, 2, "35.50", "completed");
    await order(newest.id, 3, "40.00", "cancelled");
    await order(newest.id, 4, "40.00", "refunded");
    await order(second.id, 1, "12.25", "cancelled");
    for (const year of [2090, 2091, 2092, 2093, 2094]) await pastCycle(`${year}-01-02`);

    const db = await testDb();
    const total = await db.orderCycle.count({ where: { isActive: false } });
    const first = await historyPage(admin);
    expect(first.status).toBe(200);
    expect(first.body.metadata).toEqual({
      total,
      page: 1,
      pageSize: 5,
      totalPages: Math.ceil(total / 5),
      hasNextPage: true,
      hasPreviousPage: false,
    });
    expect(first.body.data).toHaveLength(5);
    expect(first.body.data[0]).toEqual({
      id: newest.id,
      cycleId: newest.id,
      startDate: "2099-01-05",
      endDate: "2099-01-30",
      createdAt: newest.createdAt.toISOString(),
      orderingOpensAt: newest.orderingOpensAt.toISOString(),
      isActive: false,
      cycleLength: 4,
      blockedDays: [],
      totalOrders: 2,
      totalRevenue: "75.50",
    });
    expect(first.body.data[1]).toMatchObject({
      id: second.id,
      totalOrders: 0,
      totalRevenue: "0.00",
    });
    const starts = first.body.data.map((entry) => entry.startDate);
    expect([...starts].sort().reverse()).toEqual(starts);
    expect(first.body.data.every((entry) => !entry.isActive)).toBe(true);

    const last = await historyPage(admin, String(Math.ceil(total / 5)));
    expect(last.body.data).toHaveLength(total - 5 * (Math.ceil(total / 5) - 1));
    expect(last.body.metadata).toMatchObject({ hasNextPage: false, hasPreviousPage: true });
    const beyond = await historyPage(admin, "999");
    expect(beyond.status).toBe(200);
    expect(beyond.body.data).toEqual([]);
  });

  it.each(["0", "-1", "abc", "1.5"])("refuses page=%s with 422", async (page) => {
    const admin = await cyclesAdmin();
    const answer = await historyPage(admin, page);
    expect(answer.status).toBe(422);
    expect(answer.body).toMatchObject({ message: "Page must be a positive whole number" });
  });

  it("is for admins with the cycles feature", async () => {
    await expectClosed((browser) => historyPage(browser));
  });
});

describe("GET /api/settings/cycle-length", () => {
  it("answers the setting, 4 when absent, to any admin", async () => {
    const db = await testDb();
    await db.setting.deleteMany({ where: { key: "cycle-length" } });
    const { browser } = await signedIn("admin", []);
    const answer = await browser.call(cycleLength.GET, "GET", "/api/settings/cycle-length");
    expect(answer.status).toBe(200);
    expect(answer.body).toEqual({ cycleLength: 4 });
    await db.setting.create({ data: { key: "cycle-length", value: { cycleLength: 6 } } });
    const six = await browser.call(cycleLength.GET, "GET", "/api/settings/cycle-length");
    expect(six.body).toEqual({ cycleLength: 6 });
  });

  it("is closed to visitors, parents and teachers", async () => {
    const call = (browser: Browser) =>
      browser.call(cycleLength.GET, "GET", "/api/settings/cycle-length");
    expect((await call(new Browser())).status).toBe(401);
    expect((await call((await signedIn("parent")).browser)).status).toBe(403);
    expect((await call((await signedIn("teacher")).browser)).status).toBe(403);
  });
});
