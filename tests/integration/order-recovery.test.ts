import { afterAll, beforeAll, beforeEach, describe, expect, it } from "@jest/globals";
import * as create from "@/app/api/payments/create/route";
import * as failedOrders from "@/app/api/payments/failed-orders/route";
import * as retry from "@/app/api/payments/orders/[id]/retry/route";
import * as verify from "@/app/api/payments/verify/[token]/route";
import type { FailedOrdersAnswer } from "@/lib/contracts/live-orders";
import { RECOVERY, STATUS, TX } from "@/lib/contracts/payments";
import { key, testDb } from "@/tests/support/school";
import { parseIsoDate } from "@/lib/school-calendar";
import { createdXml, paidXml, startFakeDpoProvider } from "@/tests/support/fake-dpo";
import {
  activeCycle,
  addMenuItem,
  addStudent,
  signedInSuperadmin,
  signedUpParent,
} from "@/tests/support/fixtures";
import { Browser } from "@/tests/support/http";
import {
  attemptRow,
  auditRows,
  familyOf,
  ordersOfAttempt,
  paymentAttempt,
  signedInUser,
} from "@/tests/support/live-orders-fixtures";

// Order Recovery (spec 001 §2, §3, §4, §7, §9): a paid cart whose day was taken meanwhile is listed
// with "Processing started"; the admin's retry creates its orders as DISCOUNT orders, once.
const fake = await startFakeDpoProvider();

let tokens = 0;
let cycleId: number;
let blockedCycleId: number;
let meal: { id: number; name: string };
let soup: { id: number; name: string };
let superadmin: Browser;

beforeAll(async () => {
  const db = await testDb();
  // An old cycle with a blocked day (week 2, Wednesday), for snapshots that name it.
  blockedCycleId = (
    await db.orderCycle.create({
      data: {
        startDate: parseIsoDate("2030-01-07")!,
        cycleLength: 4,
        blockedDays: [{ weekNumber: 2, dayOfWeek: 3 }],
      },
    })
  ).id;
  cycleId = (await activeCycle()).id;
  meal = await addMenuItem({
    name: "Nshima & Chicken",
    price: "45.50",
    categories: [],
    sideDishes: [],
  });
  soup = await addMenuItem({
    name: "Pumpkin Soup",
    price: "30.00",
    discountPrice: "20.00",
    categories: [],
    sideDishes: [],
  });
  superadmin = await signedInSuperadmin();
});
beforeEach(() => {
  fake.reset();
  fake.onCreateToken(() => createdXml(`RECOVERY-TOKEN-${++tokens}`));
});
afterAll(async () => fake.stop());

const listCall = (browser: Browser, query: Record<string, string> = {}) =>
  browser.call<FailedOrdersAnswer>(failedOrders.GET, "GET", "/api/payments/failed-orders", {
    query,
  });
const retryCall = (browser: Browser, id: number, body?: unknown) =>
  browser.call(retry.POST, "POST", `/api/payments/orders/${id}/retry`, {
    params: { id: String(id) },
    body,
  });

type Item = {
  menuItemId: number;
  studentId: number;
  weekNumber: number;
  dayOfWeek: number;
  category?: string | null;
  sideDish?: string | null;
  comments?: string | null;
};
const recoveryItem = (item: Item) => ({
  category: null,
  sideDish: null,
  comments: null,
  ...item,
  paymentStatus: "completed",
  paymentProcessor: "DISCOUNT",
  student: { name: "Someone", grade: "4" },
});

/** A paid attempt waiting in Order Recovery, its day taken by another live order (unless told). */
async function failedAttempt(
  options: { week?: number; day?: number; cycle?: number; taken?: boolean; tx?: string } = {},
) {
  const family = await familyOf("Chileshe");
  const week = options.week ?? 1;
  const day = options.day ?? 1;
  const attempt = await paymentAttempt({
    userId: family.id,
    lines: [
      {
        studentId: family.child.id,
        menuItemId: meal.id,
        cycleId: options.cycle ?? cycleId,
        weekNumber: week,
        dayOfWeek: day,
        originalPrice: "45.50",
        discountedPrice: "40.95",
        discountPercentage: 10,
      },
    ],
    status: STATUS.error,
    transactionStatus: options.tx ?? TX.verified,
    recoveryStatus: RECOVERY.started,
    errorDetails: "Paid, but a meal day was already ordered; orders need recovery",
  });
  let takenBy: number | null = null;
  if (options.taken) {
    const db = await testDb();
    takenBy = (
      await db.order.create({
        data: {
          userId: family.id,
          studentId: family.child.id,
          menuItemId: meal.id,
          cycleId: options.cycle ?? cycleId,
          weekNumber: week,
          dayOfWeek: day,
          originalPrice: "45.50",
          discountedPrice: "45.50",
        },
      })
    ).id;
  }
  const item = recoveryItem({
    menuItemId: meal.id,
    studentId: family.child.id,
    weekNumber: week,
    dayOfWeek: day,
  });
  return { family, attempt, item, takenBy };
}

describe("who may use Order Recovery", () => {
  type Who = "superadmin" | "with" | "live only" | "without" | "parent" | "signed out";
  const browsers: Record<Who, () => Promise<Browser>> = {
    superadmin: async () => superadmin,
    with: () => signedInUser("admin", ["order_recovery"]),
    "live only": () => signedInUser("admin", ["live_orders"]),
    without: () => signedInUser("admin", ["menu"]),
    parent: () => signedInUser("parent"),
    "signed out": async () => new Browser(),
  };
  it.each([
    ["superadmin", 200, 404],
    ["with", 200, 404],
    ["live only", 403, 403],
    ["without", 403, 403],
    ["parent", 403, 403],
    ["signed out", 401, 401],
  ] as [Who, number, number][])(
    "%s: list %i, retry with items %i",
    async (who, listed, retried) => {
      const browser = await browsers[who]();
      expect((await listCall(browser)).status).toBe(listed);
      const body = {
        cartItems: [recoveryItem({ menuItemId: 1, studentId: 1, weekNumber: 1, dayOfWeek: 1 })],
      };
      expect((await retryCall(browser, 999_999, body)).status).toBe(retried);
    },
  );

  it("keeps the retry without items for live_orders: order_recovery alone is refused", async () => {
    const browser = await signedInUser("admin", ["order_recovery"]);
    expect((await retryCall(browser, 999_999)).status).toBe(403);
  });
});

describe("a paid cart whose day was taken meanwhile", () => {
  it("is kept as Failed with 'Processing started', listed, then recovered by the admin", async () => {
    const parent = await signedUpParent();
    const child = await addStudent(parent.id, "Mwila", "4");
    const started = await parent.browser.call<{ TransToken: string }>(
      create.POST,
      "POST",
      "/api/payments/create",
      {
        body: {
          amount: "45.50",
          currency: "ZMW",
          cartItems: [{ menuItemId: meal.id, studentId: child.id, weekNumber: 2, dayOfWeek: 2 }],
        },
      },
    );
    expect(started.status).toBe(200);
    // The same day is ordered another way before the payment is verified.
    const db = await testDb();
    const other = await db.order.create({
      data: {
        userId: parent.id,
        studentId: child.id,
        menuItemId: meal.id,
        cycleId,
        weekNumber: 2,
        dayOfWeek: 2,
        originalPrice: "45.50",
        discountedPrice: "45.50",
      },
    });
    fake.onVerifyToken(() => paidXml("45.50", "ZMW"));
    const token = started.body.TransToken;
    await parent.browser.call(verify.POST, "POST", `/api/payments/verify/${token}`, {
      params: { token },
    });
    const attempt = await db.paymentAttempt.findUniqueOrThrow({
      where: { schoolId_transactionId: { schoolId: 1, transactionId: token } },
    });
    expect(attempt).toMatchObject({
      status: STATUS.error,
      transactionStatus: TX.verified,
      recoveryStatus: RECOVERY.started,
      fulfilledAt: null,
    });

    const listed = await listCall(superadmin, { status: RECOVERY.started });
    expect(listed.status).toBe(200);
    const row = listed.body.data.find((r) => r.id === attempt.id);
    expect(row).toEqual({
      id: attempt.id,
      orderDate: attempt.createdAt.toISOString(),
      student: { name: "Mwila", grade: "4", allergies: [], dietaryNotes: null },
      amount: "45.50",
      status: RECOVERY.started,
      error: "Paid, but a meal day was already ordered; orders need recovery",
      paymentRef: token,
      payment: { method: "CARD", operator: null, maskedNumber: null },
      cartItems: [
        {
          menuItemId: meal.id,
          menuItem: { name: "Nshima & Chicken" },
          studentId: child.id,
          student: { name: "Mwila", grade: "4", allergies: [], dietaryNotes: null },
          weekNumber: 2,
          dayOfWeek: 2,
          category: null,
          sideDish: null,
          comments: null,
          price: "45.50",
        },
      ],
    });

    // While the other order holds the day, the retry fails and says so.
    const body = {
      cartItems: row!.cartItems.map((i) => ({
        ...i,
        paymentStatus: "completed",
        paymentProcessor: "DISCOUNT",
      })),
    };
    const clash = await retryCall(superadmin, attempt.id, body);
    expect(clash.status).toBe(409);
    expect(clash.body).toMatchObject({
      message: RECOVERY.creationFailed,
      error: RECOVERY.creationFailed,
    });
    expect(await attemptRow(attempt.id)).toMatchObject({ recoveryStatus: RECOVERY.creationFailed });
    expect(await ordersOfAttempt(attempt.id)).toHaveLength(0);

    // Once the other order is cancelled, the retry creates the paid meal.
    await db.order.update({ where: key(other.id), data: { status: "cancelled" } });
    const recovered = await retryCall(superadmin, attempt.id, body);
    expect(recovered.status).toBe(200);
    expect(recovered.body).toMatchObject({ success: true, status: RECOVERY.done });
    const orders = await ordersOfAttempt(attempt.id);
    expect(orders).toHaveLength(1);
    expect(orders[0]).toMatchObject({
      studentId: child.id,
      weekNumber: 2,
      dayOfWeek: 2,
      paymentProcessor: "DISCOUNT",
      paymentStatus: "confirmed",
      status: "pending",
    });
    expect(orders[0]!.discountedPrice.toFixed(2)).toBe("45.50");
    const after = await attemptRow(attempt.id);
    expect(after).toMatchObject({
      recoveryStatus: RECOVERY.done,
      status: STATUS.done,
      isRecovered: true,
    });
    expect(after.fulfilledAt).not.toBeNull();
    expect((await auditRows(attempt.id)).map((r) => r.action)).toEqual([
      "payment.recover-refused",
      "payment.recover",
    ]);

    // A second retry is refused and makes nothing twice.
    const again = await retryCall(superadmin, attempt.id, body);
    expect(again.status).toBe(409);
    expect(await ordersOfAttempt(attempt.id)).toHaveLength(1);
    const completed = await listCall(superadmin, { status: RECOVERY.done });
    expect(completed.body.data.map((r) => r.id)).toContain(attempt.id);
  });
});

describe("POST /api/payments/orders/{id}/retry with cart items", () => {
  it("creates the orders once for parallel retries", async () => {
    const { attempt, item } = await failedAttempt({ week: 1, day: 3 });
    const answers = await Promise.all(
      Array.from({ length: 5 }, () => retryCall(superadmin, attempt.id, { cartItems: [item] })),
    );
    expect(answers.filter((a) => a.status === 200)).toHaveLength(1);
    for (const a of answers) expect([200, 409]).toContain(a.status);
    expect(await ordersOfAttempt(attempt.id)).toHaveLength(1);
    expect((await attemptRow(attempt.id)).recoveryStatus).toBe(RECOVERY.done);
  });

  it("prices a snapshot line from the snapshot, another meal from the menu with the cart's discount", async () => {
    const { family, attempt, item } = await failedAttempt({ week: 3, day: 1 });
    const extra = recoveryItem({
      menuItemId: soup.id,
      studentId: family.child.id,
      weekNumber: 3,
      dayOfWeek: 2,
      comments: "No onions",
    });
    const answer = await retryCall(superadmin, attempt.id, { cartItems: [item, extra] });
    expect(answer.status).toBe(200);
    const orders = await ordersOfAttempt(attempt.id);
    expect(
      orders.map((o) => [
        o.menuItemId,
        o.originalPrice.toFixed(2),
        o.discountedPrice.toFixed(2),
        o.comments,
      ]),
    ).toEqual([
      [meal.id, "45.50", "40.95", null],
      // 20.00 discount price, 10% off the cart's code: 18.00.
      [soup.id, "30.00", "18.00", "No onions"],
    ]);
  });

  it.each([
    ["money not verified", { tx: TX.initiated }, 409, RECOVERY.notVerified],
    ["a blocked day", { blocked: true, week: 2, day: 3 }, 422, RECOVERY.blockedDays],
  ])("refuses %s with the spec's status, recorded", async (_why, options, http, status) => {
    const { attempt, item } = await failedAttempt({
      ...options,
      cycle: "blocked" in options ? blockedCycleId : undefined,
    });
    const answer = await retryCall(superadmin, attempt.id, { cartItems: [item] });
    expect(answer.status).toBe(http);
    expect(answer.body).toMatchObject({ message: status, error: status });
    expect(await attemptRow(attempt.id)).toMatchObject({
      recoveryStatus: status,
      fulfilledAt: null,
    });
    expect(await ordersOfAttempt(attempt.id)).toHaveLength(0);
    // The refusal is listed under its status.
    const listed = await listCall(superadmin, { status });
    expect(listed.body.data.map((r) => r.id)).toContain(attempt.id);
  });

  it("refuses another family's or an archived child with 'Invalid student IDs provided'", async () => {
    const { family, attempt, item } = await failedAttempt({ week: 4, day: 4 });
    const stranger = await familyOf("Stranger");
    const foreign = await retryCall(superadmin, attempt.id, {
      cartItems: [item, { ...item, studentId: stranger.child.id }],
    });
    expect(foreign.status).toBe(422);
    expect(foreign.body).toMatchObject({ message: RECOVERY.invalidStudents });
    const db = await testDb();
    await db.student.update({ where: key(family.child.id), data: { archivedAt: new Date() } });
    const archived = await retryCall(superadmin, attempt.id, { cartItems: [item] });
    expect(archived.body).toMatchObject({ message: RECOVERY.invalidStudents });
    expect(await ordersOfAttempt(attempt.id)).toHaveLength(0);
    expect((await attemptRow(attempt.id)).recoveryStatus).toBe(RECOVERY.invalidStudents);
  });

  it.each([
    ["no items", { cartItems: [] }, "At least one item is required"],
    ["51 items", "many", "At most 50 items can be recovered at once"],
    ["another processor", { paymentProcessor: "DPO" }, "paymentProcessor must be DISCOUNT"],
    ["another payment status", { paymentStatus: "pending" }, "paymentStatus must be completed"],
    ["week 7", { weekNumber: 7 }, "Week must be between 1 and 6"],
    ["day 6", { dayOfWeek: 6 }, "Day must be between 1 (Monday) and 5 (Friday)"],
    ["not a list", { cartItems: "all" }, "cartItems must be a list of items"],
  ] as [string, Record<string, unknown> | "many", string][])(
    "answers 422 for %s and changes nothing",
    async (_why, change, message) => {
      const { attempt, item } = await failedAttempt({ week: 1, day: 5 });
      const body =
        change === "many"
          ? { cartItems: Array.from({ length: 51 }, () => item) }
          : "cartItems" in change
            ? change
            : { cartItems: [{ ...item, ...change }] };
      const answer = await retryCall(superadmin, attempt.id, body);
      expect(answer.status).toBe(422);
      expect(answer.body).toMatchObject({ message });
      expect(await attemptRow(attempt.id)).toMatchObject({ recoveryStatus: RECOVERY.started });
      expect(await auditRows(attempt.id)).toHaveLength(0);
    },
  );

  it("answers 404 for an unknown attempt", async () => {
    const { item } = await failedAttempt({ week: 1, day: 2 });
    expect((await retryCall(superadmin, 999_999, { cartItems: [item] })).status).toBe(404);
  });
});

describe("GET /api/payments/failed-orders", () => {
  it("lists only attempts that needed recovery, newest first, and refuses an unknown status", async () => {
    const first = await failedAttempt({ week: 2, day: 1 });
    const second = await failedAttempt({ week: 2, day: 2 });
    const untouched = await paymentAttempt({
      userId: first.family.id,
      lines: [],
      status: STATUS.failed,
    });
    const answer = await listCall(superadmin);
    const ids = answer.body.data.map((r) => r.id);
    expect(ids.indexOf(second.attempt.id)).toBeLessThan(ids.indexOf(first.attempt.id));
    expect(ids).not.toContain(untouched.id);
    const bad = await listCall(superadmin, { status: "Lost" });
    expect(bad.status).toBe(422);
    expect(bad.body).toMatchObject({ message: "Unknown recovery status" });
  });

  it("shows grade 'N/A' and the snapshot's name for a child no longer on file", async () => {
    const family = await familyOf();
    const db = await testDb();
    const attempt = await db.paymentAttempt.create({
      data: {
        userId: family.id,
        transactionRef: `GONE-${family.id}`,
        paymentAmount: "10.00",
        cartItems: {
          total: "10.00",
          lines: [
            {
              menuItemId: meal.id,
              studentId: 999_999,
              studentName: "Former pupil",
              weekNumber: 1,
              dayOfWeek: 1,
              originalPrice: "10.00",
              discountedPrice: "10.00",
            },
          ],
        },
        transactionStatus: TX.verified,
        status: STATUS.error,
        recoveryStatus: RECOVERY.started,
      },
    });
    const answer = await listCall(superadmin);
    const row = answer.body.data.find((r) => r.id === attempt.id);
    expect(row).toMatchObject({
      student: { name: "Former pupil", grade: "N/A" },
      paymentRef: `GONE-${family.id}`,
    });
  });
});
