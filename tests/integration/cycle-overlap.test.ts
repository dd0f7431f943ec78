import { describe, expect, it } from "@jest/globals";
import * as cycle from "@/app/api/order-cycles/[id]/route";
import * as overlap from "@/app/api/order-cycles/overlap/route";
import * as cycles from "@/app/api/order-cycles/route";
import type { OrderCycleDto } from "@/lib/contracts";
import type { CycleOverlapCheck } from "@/lib/contracts/cycles";
import { key, testDb } from "@/tests/support/school";
import { signedIn, uniqueName } from "@/tests/support/fixtures";
import { Browser } from "@/tests/support/http";

// Issue 25 §4: no new cycle may hide paid orders. A cycle whose dates overlap a cycle that still
// holds live (pending or completed) orders on a day from today on is refused with 409, saying how
// many live orders on which dates; GET /api/order-cycles/overlap answers the same for the wizard.

const cyclesAdmin = async () => (await signedIn("admin", ["cycles"])).browser;

type Refusal = { message: string; error: string; overlaps: CycleOverlapCheck["overlaps"] };

const create = (browser: Browser, body: unknown) =>
  browser.call<OrderCycleDto & Refusal>(cycles.POST, "POST", "/api/order-cycles", { body });
const deactivate = (browser: Browser, id: number, query: Record<string, string> = {}) =>
  browser.call(cycle.DELETE, "DELETE", `/api/order-cycles/${id}`, {
    params: { id: String(id) },
    query,
  });
const check = (browser: Browser, query: Record<string, string>) =>
  browser.call<CycleOverlapCheck>(overlap.GET, "GET", "/api/order-cycles/overlap", { query });

/** One order of a new child in `cycleId`, written directly. */
async function order(
  cycleId: number,
  weekNumber: number,
  dayOfWeek: number,
  status: "pending" | "completed" | "cancelled" | "refunded",
) {
  const db = await testDb();
  const name = uniqueName("overlap.");
  const parent = await db.user.create({
    data: { username: name, usernameKey: name, passwordHash: "x", name },
  });
  const student = await db.student.create({
    data: { name: `Child ${name}`, grade: "3", parentId: parent.id },
  });
  const item = await db.menuItem.create({ data: { name: `Meal ${name}`, price: "40.00" } });
  return db.order.create({
    data: {
      userId: parent.id,
      studentId: student.id,
      menuItemId: item.id,
      cycleId,
      weekNumber,
      dayOfWeek,
      originalPrice: "40.00",
      discountedPrice: "40.00",
      status,
      paymentStatus: status === "completed" ? "confirmed" : "pending",
    },
    select: { id: true },
  });
}

async function snapshot() {
  const db = await testDb();
  return {
    cycles: await db.orderCycle.findMany({
      select: { id: true, isActive: true },
      orderBy: { id: "asc" },
    }),
    audit: await db.auditLog.count({ where: { entity: "OrderCycle" } }),
  };
}

const createdOn = (instant: string) =>
  new Intl.DateTimeFormat("en-GB", {
    timeZone: "Africa/Lusaka",
    weekday: "short",
    day: "numeric",
    month: "short",
    year: "numeric",
  })
    .format(new Date(instant))
    .replace(",", "");

describe("POST /api/order-cycles over dates another cycle still holds live orders on", () => {
  it("is refused with 409 naming the live orders and their dates, and changes nothing", async () => {
    const admin = await cyclesAdmin();
    const first = await create(admin, { startDate: "2040-01-02", cycleLength: 4, blockedDays: [] });
    expect(first.status).toBe(200);
    const firstId = first.body.id;
    await order(firstId, 1, 5, "completed"); // Fri 6 Jan
    await order(firstId, 2, 1, "completed"); // Mon 9 Jan
    await order(firstId, 2, 1, "pending"); // Mon 9 Jan, a second child
    await order(firstId, 3, 2, "cancelled"); // frees its day
    await order(firstId, 4, 3, "refunded"); // likewise
    // The admin deactivates the cycle to re-create it with a holiday blocked (the case),
    // confirming past the count of meals still to serve (decision 0071).
    expect((await deactivate(admin, firstId)).status).toBe(409);
    expect((await deactivate(admin, firstId, { force: "true" })).status).toBe(200);
    const before = await snapshot();

    const again = await create(admin, {
      startDate: "2040-01-02",
      cycleLength: 4,
      blockedDays: [{ weekNumber: 1, dayOfWeek: 3 }],
    });
    expect(again.status).toBe(409);
    const message =
      "This cycle's dates overlap orders already placed: the cycle of Mon 2 Jan 2040 to " +
      `Fri 27 Jan 2040 (created ${createdOn(first.body.createdAt)}) still holds 3 live orders on ` +
      "Fri 6 Jan 2040, Mon 9 Jan 2040. A new cycle would hide them from the kitchen and the " +
      'parents. Reactivate that cycle (Order Cycle History), or keep it and use "Close a day" ' +
      "to close a single day.";
    expect(again.body).toEqual({
      message,
      error: message,
      overlaps: [
        {
          cycleId: firstId,
          startDate: "2040-01-02",
          endDate: "2040-01-27",
          createdAt: first.body.createdAt,
          isActive: false,
          liveOrders: 3,
          days: [
            { date: "2040-01-06", liveOrders: 1 },
            { date: "2040-01-09", liveOrders: 2 },
          ],
        },
      ],
    });
    expect(await snapshot()).toEqual(before);

    // The wizard's check answers the same before its last step, and changes nothing either.
    const asked = await check(admin, { startDate: "2040-01-02", cycleLength: "4" });
    expect(asked.status).toBe(200);
    expect(asked.body).toEqual({ message, overlaps: again.body.overlaps });
    expect(await snapshot()).toEqual(before);

    // A cycle that reaches only the overlapping Monday still counts those two orders.
    const later = await create(admin, {
      startDate: "2040-01-09",
      cycleLength: 6,
      blockedDays: [],
    });
    expect(later.status).toBe(409);
    expect(later.body.message).toContain("still holds 2 live orders on Mon 9 Jan 2040.");

    // Over the weeks that hold only cancelled and refunded orders, the cycle is created as today.
    const free = await create(admin, { startDate: "2040-01-16", cycleLength: 4, blockedDays: [] });
    expect(free.status).toBe(200);
    expect(free.body.isActive).toBe(true);
  });

  it("refuses while the overlapping cycle is the active one, which stays active", async () => {
    const admin = await cyclesAdmin();
    const active = await create(admin, {
      startDate: "2041-03-04",
      cycleLength: 4,
      blockedDays: [],
    });
    await order(active.body.id, 4, 5, "pending");
    const replacing = await create(admin, {
      startDate: "2041-03-25",
      cycleLength: 4,
      blockedDays: [],
    });
    expect(replacing.status).toBe(409);
    expect(replacing.body.message).toContain("still holds 1 live order on Fri 29 Mar 2041.");
    expect(replacing.body.overlaps).toMatchObject([{ cycleId: active.body.id, isActive: true }]);
    const db = await testDb();
    const stillActive = await db.orderCycle.findUnique({ where: key(active.body.id) });
    expect(stillActive?.isActive).toBe(true);
  });

  it("lets a cycle over days already past through: a served order hides nothing", async () => {
    const admin = await cyclesAdmin();
    const past = await create(admin, { startDate: "2020-01-06", cycleLength: 4, blockedDays: [] });
    await order(past.body.id, 1, 1, "completed");
    // Nothing left to serve: deactivated without a question.
    expect((await deactivate(admin, past.body.id)).status).toBe(200);
    const same = await create(admin, { startDate: "2020-01-06", cycleLength: 4, blockedDays: [] });
    expect(same.status).toBe(200);
    expect((await check(admin, { startDate: "2020-01-06", cycleLength: "4" })).body).toEqual({
      overlaps: [],
      message: null,
    });
  });
});

describe("GET /api/order-cycles/overlap", () => {
  it("answers no overlap for free dates", async () => {
    const admin = await cyclesAdmin();
    const answer = await check(admin, { startDate: "2045-01-02", cycleLength: "6" });
    expect(answer.status).toBe(200);
    expect(answer.body).toEqual({ overlaps: [], message: null });
  });

  it.each([
    [{ startDate: "2045-01-03", cycleLength: "4" }, "Cycle must start on a Monday"],
    [{ startDate: "2045-01-02", cycleLength: "5" }, "Cycle length must be 4 or 6 weeks"],
    [{ cycleLength: "4" }, "Missing required information"],
  ])("refuses %j with 422", async (query, message) => {
    const answer = await check(await cyclesAdmin(), query);
    expect(answer.status).toBe(422);
    expect(answer.body).toMatchObject({ message });
  });

  it("is for admins with the cycles feature", async () => {
    const query = { startDate: "2045-01-02", cycleLength: "4" };
    expect((await check(new Browser(), query)).status).toBe(401);
    expect((await check((await signedIn("parent")).browser, query)).status).toBe(403);
    const kitchen = (await signedIn("admin", ["kitchen", "history"])).browser;
    expect((await check(kitchen, query)).status).toBe(403);
  });
});
