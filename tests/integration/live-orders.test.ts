import { afterAll, beforeAll, beforeEach, describe, expect, it } from "@jest/globals";
import * as checkStatus from "@/app/api/payments/check-status/[transactionId]/route";
import * as liveOrders from "@/app/api/payments/live-orders/route";
import * as processOrder from "@/app/api/payments/orders/[id]/process/route";
import * as retry from "@/app/api/payments/orders/[id]/retry/route";
import * as attemptStatus from "@/app/api/payments/payment-attempts/[transactionId]/status/route";
import * as verify from "@/app/api/payments/verify/[token]/route";
import type { LiveOrdersPage } from "@/lib/contracts/live-orders";
import { STATUS, TX } from "@/lib/contracts/payments";
import { key, testDb } from "@/tests/support/school";
import { reconcileOpenPayments } from "@/lib/payments/reconcile";
import { paidXml, resultXml, startFakeDpoProvider } from "@/tests/support/fake-dpo";
import { activeCycle, addMenuItem, signedInSuperadmin } from "@/tests/support/fixtures";
import { Browser } from "@/tests/support/http";
import {
  attemptRow,
  auditRows,
  familyOf,
  ordersOfAttempt,
  paymentAttempt,
  signedInUser,
  type AttemptSpec,
} from "@/tests/support/live-orders-fixtures";

// Live Orders (spec 001 §2, §3, §4, §7, §8): the list with its filters and the actions by status,
// against a local fake DPO server. Set before anything reads the environment.
const fake = await startFakeDpoProvider();

let cycleId: number;
let meal: { id: number; name: string };
let stew: { id: number; name: string };
let superadmin: Browser;

beforeAll(async () => {
  cycleId = (await activeCycle()).id;
  meal = await addMenuItem({ name: "Chicken Rice Bowl", price: "45.50", categories: [] });
  stew = await addMenuItem({ name: "Beef Stew Plate", price: "30.00", categories: [] });
  superadmin = await signedInSuperadmin();
});
beforeEach(() => fake.reset());
afterAll(async () => fake.stop());

/** A family and one attempt of theirs for week/day (1,1) unless told. */
async function attemptOf(spec: Partial<AttemptSpec> = {}, days: [number, number][] = [[1, 1]]) {
  const family = await familyOf();
  const attempt = await paymentAttempt({
    userId: family.id,
    lines: days.map(([weekNumber, dayOfWeek]) => ({
      studentId: family.child.id,
      menuItemId: meal.id,
      cycleId,
      weekNumber,
      dayOfWeek,
    })),
    ...spec,
  });
  return { family, attempt };
}

const list = (browser: Browser, query: Record<string, string> = {}) =>
  browser.call<LiveOrdersPage>(liveOrders.GET, "GET", "/api/payments/live-orders", { query });
const retryCall = (browser: Browser, id: number) =>
  browser.call(retry.POST, "POST", `/api/payments/orders/${id}/retry`, {
    params: { id: String(id) },
  });
const processCall = (browser: Browser, id: number) =>
  browser.call(processOrder.POST, "POST", `/api/payments/orders/${id}/process`, {
    params: { id: String(id) },
  });
const checkCall = (browser: Browser, transactionId: string) =>
  browser.call(checkStatus.POST, "POST", `/api/payments/check-status/${transactionId}`, {
    params: { transactionId },
  });
const statusCall = (browser: Browser, key: string, status: unknown) =>
  browser.call(attemptStatus.PUT, "PUT", `/api/payments/payment-attempts/${key}/status`, {
    params: { transactionId: key },
    body: { status },
  });

describe("who may use Live Orders", () => {
  type Who = "superadmin" | "with" | "recovery only" | "without" | "parent" | "signed out";
  const browsers: Record<Who, () => Promise<Browser>> = {
    superadmin: async () => superadmin,
    with: () => signedInUser("admin", ["live_orders"]),
    "recovery only": () => signedInUser("admin", ["order_recovery"]),
    without: () => signedInUser("admin", ["menu"]),
    parent: () => signedInUser("parent"),
    "signed out": async () => new Browser(),
  };
  // Writes aim at a missing attempt: allowed callers get 404, the others never get that far.
  const calls = {
    "GET live-orders": (b: Browser) => list(b),
    "POST retry": (b: Browser) => retryCall(b, 999_999),
    "POST process": (b: Browser) => processCall(b, 999_999),
    "POST check-status": (b: Browser) => checkCall(b, "NO-SUCH-TOKEN"),
    "PUT status": (b: Browser) => statusCall(b, "NO-SUCH-TOKEN", STATUS.abandoned),
  };
  const allowed = { "GET live-orders": 200 } as Record<string, number>;
  it.each(
    (Object.keys(calls) as (keyof typeof calls)[]).flatMap((call) =>
      (
        [
          ["superadmin", allowed[call] ?? 404],
          ["with", allowed[call] ?? 404],
          ["recovery only", 403],
          ["without", 403],
          ["parent", 403],
          ["signed out", 401],
        ] as [Who, number][]
      ).map(([who, status]) => [call, who, status] as const),
    ),
  )("%s as %s → %i", async (call, who, status) => {
    const browser = await browsers[who]();
    expect((await calls[call](browser)).status).toBe(status);
  });
});

describe("GET /api/payments/live-orders", () => {
  it("answers the spec's fields with today's names, the paid and the original amount", async () => {
    const { family, attempt } = await attemptOf(
      { status: STATUS.initiated, transactionStatus: TX.initiated },
      [
        [2, 3],
        [2, 4],
      ],
    );
    const db = await testDb();
    await db.paymentAttempt.update({
      where: key(attempt.id),
      data: {
        paymentAmount: "80.00",
        cartItems: {
          total: "80.00",
          lines: [
            {
              menuItemId: meal.id,
              studentId: family.child.id,
              cycleId,
              weekNumber: 2,
              dayOfWeek: 3,
              category: "chicken",
              sideDish: "Rice",
              originalPrice: "45.50",
              discountedPrice: "40.00",
            },
            {
              menuItemId: stew.id,
              studentId: family.child.id,
              cycleId,
              weekNumber: 2,
              dayOfWeek: 4,
              originalPrice: "30.00",
              discountedPrice: "40.00",
            },
          ],
        },
      },
    });
    const answer = await list(superadmin, { parent: family.username });
    expect(answer.status).toBe(200);
    expect(answer.body.pagination).toEqual({
      totalOrders: 1,
      totalPages: 1,
      hasPreviousPage: false,
      hasNextPage: false,
    });
    expect(answer.body.availableStatuses).toContain(STATUS.initiated);
    expect(answer.body.data).toEqual([
      {
        id: attempt.id,
        createdAt: attempt.createdAt.toISOString(),
        username: family.username,
        transactionId: attempt.transactionId,
        transactionRef: attempt.transactionRef,
        status: STATUS.initiated,
        isRecovered: false,
        amount: "80.00",
        originalAmount: "75.50",
        payment: { method: "CARD", operator: null, maskedNumber: null },
        cartItems: [
          {
            menuItemId: meal.id,
            studentId: family.child.id,
            student: { name: family.child.name, grade: "4", allergies: [], dietaryNotes: null },
            menuItem: { name: "Chicken Rice Bowl" },
            weekNumber: 2,
            dayOfWeek: 3,
            category: "chicken",
            sideDish: "Rice",
            originalPrice: "45.50",
            discountedPrice: "40.00",
          },
          expect.objectContaining({ menuItem: { name: "Beef Stew Plate" }, dayOfWeek: 4 }),
        ],
      },
    ]);
  });

  it("pages 50 at a time, newest first", async () => {
    const family = await familyOf();
    const db = await testDb();
    const base = Date.UTC(2030, 0, 1);
    await db.paymentAttempt.createMany({
      data: Array.from({ length: 53 }, (_, i) => ({
        userId: family.id,
        transactionRef: `PAGING-${i}-${family.id}`,
        paymentAmount: "45.50",
        cartItems: { lines: [], total: "45.50" },
        transactionStatus: TX.failed,
        status: STATUS.failed,
        createdAt: new Date(base + i * 60_000),
      })),
    });
    const first = await list(superadmin, { parent: family.username });
    expect(first.body.data).toHaveLength(50);
    expect(first.body.pagination).toEqual({
      totalOrders: 53,
      totalPages: 2,
      hasPreviousPage: false,
      hasNextPage: true,
    });
    expect(first.body.data[0]!.transactionRef).toBe(`PAGING-52-${family.id}`);
    const second = await list(superadmin, { parent: family.username, page: "2" });
    expect(second.body.data.map((o) => o.transactionRef)).toEqual(
      [2, 1, 0].map((i) => `PAGING-${i}-${family.id}`),
    );
    expect(second.body.pagination).toMatchObject({ hasPreviousPage: true, hasNextPage: false });
  });

  it("filters in the database by every field of the filter row", async () => {
    const family = await familyOf("Zebediah");
    const lines = (week: number, day: number, menuItemId = meal.id) => ({
      studentId: family.child.id,
      menuItemId,
      cycleId,
      weekNumber: week,
      dayOfWeek: day,
    });
    const a = await paymentAttempt({
      userId: family.id,
      lines: [lines(3, 2)],
      status: STATUS.failed,
      createdAt: new Date("2030-03-04T22:30:00Z"), // 00:30 on 5 March in Lusaka (UTC+2)
    });
    const b = await paymentAttempt({
      userId: family.id,
      lines: [lines(4, 5, stew.id)],
      status: STATUS.done,
      transactionStatus: TX.verified,
      amount: "30.00",
      createdAt: new Date("2030-03-04T12:00:00Z"),
    });
    const c = await paymentAttempt({
      userId: family.id,
      lines: [lines(3, 5)],
      status: STATUS.failed,
      transactionId: null,
      createdAt: new Date("2030-03-01T08:00:00Z"),
    });
    const ids = async (query: Record<string, string>) =>
      (await list(superadmin, { parent: family.username, ...query })).body.data.map((o) => o.id);

    expect(await ids({})).toEqual([a.id, b.id, c.id]);
    expect(await ids({ status: STATUS.done })).toEqual([b.id]);
    expect(await ids({ parent: family.username.toUpperCase() })).toEqual([a.id, b.id, c.id]);
    expect(await ids({ student: "zebed" })).toEqual([a.id, b.id, c.id]);
    expect(await ids({ student: "nobody-like-this" })).toEqual([]);
    expect(await ids({ items: "beef stew" })).toEqual([b.id]);
    expect(await ids({ amount: "30" })).toEqual([b.id]);
    expect(await ids({ amount: "45.50" })).toEqual([a.id, c.id]);
    expect(await ids({ transactionId: a.transactionId!.slice(2).toLowerCase() })).toEqual([a.id]);
    expect(await ids({ transactionId: c.transactionRef })).toEqual([c.id]);
    expect(await ids({ week: "3" })).toEqual([a.id, c.id]);
    expect(await ids({ day: "5" })).toEqual([b.id, c.id]);
    expect(await ids({ week: "3", day: "5" })).toEqual([c.id]);
    expect(await ids({ time: "2030-03-05" })).toEqual([a.id]);
    expect(await ids({ time: "2030-03-04" })).toEqual([b.id]);
    // LIKE's wildcards are literal characters.
    expect(await ids({ student: "%" })).toEqual([]);
    expect(await ids({ items: "_" })).toEqual([]);
    // Empty filters and "all" mean no filter.
    expect(await ids({ status: "all", week: "", day: "" })).toEqual([a.id, b.id, c.id]);
  });

  it.each([
    [{ status: "Bogus" }, "Unknown payment status"],
    [{ week: "7" }, "Week must be between 1 and 6"],
    [{ day: "0" }, "Day must be between 1 (Monday) and 5 (Friday)"],
    [{ amount: "abc" }, "Amount must be a number with up to 2 decimal places"],
    [{ amount: "1.234" }, "Amount must be a number with up to 2 decimal places"],
    [{ time: "yesterday" }, "Time must be a date (YYYY-MM-DD)"],
    [{ time: "2030-02-30" }, "Time must be a date (YYYY-MM-DD)"],
    [{ page: "0" }, "Page must be a positive whole number"],
    [{ parent: "x".repeat(101) }, "Parent must be at most 100 characters"],
  ])("answers 422 for %j", async (query, message) => {
    const answer = await list(superadmin, query);
    expect(answer.status).toBe(422);
    expect(answer.body).toMatchObject({ message, error: message });
  });
});

describe("Check Payment and Verify (POST /api/payments/check-status)", () => {
  it("creates a paid Payment Initiated attempt's orders once, marked recovered, with an audit row", async () => {
    const { attempt } = await attemptOf({
      status: STATUS.initiated,
      transactionStatus: TX.initiated,
    });
    fake.onVerifyToken(() => paidXml("45.50", "ZMW"));
    const answers = await Promise.all(
      Array.from({ length: 5 }, () => checkCall(superadmin, attempt.transactionId!)),
    );
    for (const a of answers) expect([200, 409]).toContain(a.status);
    expect(answers.filter((a) => a.status === 200).length).toBeGreaterThanOrEqual(1);
    expect(answers.find((a) => a.status === 200)?.body).toMatchObject({
      success: true,
      status: "PAID",
    });
    const orders = await ordersOfAttempt(attempt.id);
    expect(orders).toHaveLength(1);
    expect(orders[0]).toMatchObject({ paymentStatus: "confirmed", paymentProcessor: "DPO" });
    expect(await attemptRow(attempt.id)).toMatchObject({
      status: STATUS.done,
      transactionStatus: TX.verified,
      isRecovered: true,
    });
    expect((await auditRows(attempt.id)).map((r) => r.action)).toEqual(["payment.check-status"]);
  });

  it("verifies a Processing Started attempt, and reports a decline without orders", async () => {
    const { attempt } = await attemptOf({
      status: STATUS.processing,
      transactionStatus: TX.initiated,
    });
    fake.onVerifyToken(() => resultXml("901", "Transaction Declined"));
    const answer = await checkCall(superadmin, attempt.transactionId!);
    expect(answer.body).toMatchObject({
      success: false,
      status: "FAILED",
      message: "Transaction Declined",
    });
    expect(await ordersOfAttempt(attempt.id)).toHaveLength(0);
    expect(await attemptRow(attempt.id)).toMatchObject({ status: STATUS.failed });
  });

  it.each([
    [STATUS.error, false, "Cannot check the payment of an order with status Failed"],
    [
      STATUS.done,
      false,
      "Cannot check the payment of an order with status Orders created successfully",
    ],
    [STATUS.initiated, true, "This order was recovered: no further action is possible"],
  ])(
    "refuses %s (recovered %s) with 409 and asks the provider nothing",
    async (status, isRecovered, message) => {
      const { attempt } = await attemptOf({ status, isRecovered, transactionStatus: TX.failed });
      const answer = await checkCall(superadmin, attempt.transactionId!);
      expect(answer.status).toBe(409);
      expect(answer.body).toMatchObject({ message });
      expect(fake.requestsNamed("verifyToken")).toHaveLength(0);
    },
  );
});

describe("Retry (POST /api/payments/orders/{id}/retry without a body)", () => {
  it("creates the orders of a paid attempt that has none, once, even for parallel retries", async () => {
    const { attempt } = await attemptOf({
      status: STATUS.error,
      transactionStatus: TX.verified,
      recoveryStatus: "Processing started",
    });
    const answers = await Promise.all(
      Array.from({ length: 5 }, () => retryCall(superadmin, attempt.id)),
    );
    for (const a of answers) expect([200, 409]).toContain(a.status);
    expect(answers.find((a) => a.status === 200)?.body).toEqual({
      success: true,
      status: STATUS.done,
      message: "Orders created successfully",
    });
    expect(await ordersOfAttempt(attempt.id)).toHaveLength(1);
    expect(await attemptRow(attempt.id)).toMatchObject({
      isRecovered: true,
      recoveryStatus: "Orders created successfully",
    });
    expect(fake.requestsNamed("verifyToken")).toHaveLength(0);
  });

  it("asks the provider again for an unverified attempt with a transaction id", async () => {
    const { attempt } = await attemptOf({ status: STATUS.error, transactionStatus: TX.failed });
    fake.onVerifyToken(() => paidXml("45.50", "ZMW"));
    const answer = await retryCall(superadmin, attempt.id);
    expect(answer.status).toBe(200);
    expect(answer.body).toMatchObject({ success: true, status: STATUS.done });
    expect(await ordersOfAttempt(attempt.id)).toHaveLength(1);
    expect(fake.requestsNamed("verifyToken")).toHaveLength(1);
  });

  it("answers success false with the provider's reason when still not paid", async () => {
    const { attempt } = await attemptOf({ status: STATUS.error, transactionStatus: TX.failed });
    fake.onVerifyToken(() => resultXml("904", "Transaction cancelled"));
    const answer = await retryCall(superadmin, attempt.id);
    expect(answer.body).toEqual({
      success: false,
      status: STATUS.abandoned,
      message: "Transaction cancelled",
    });
    expect(await ordersOfAttempt(attempt.id)).toHaveLength(0);
  });

  it.each([
    [
      { status: STATUS.error, transactionId: null },
      "This payment never reached the payment provider: there is nothing to retry",
    ],
    [
      { status: STATUS.initiated, transactionStatus: TX.initiated },
      "Cannot retry an order with status Payment Initiated",
    ],
    [
      { status: STATUS.error, isRecovered: true },
      "This order was recovered: no further action is possible",
    ],
  ])("refuses %j with 409 and changes nothing", async (spec, message) => {
    const { attempt } = await attemptOf(spec);
    const answer = await retryCall(superadmin, attempt.id);
    expect(answer.status).toBe(409);
    expect(answer.body).toMatchObject({ message });
    expect(await attemptRow(attempt.id)).toMatchObject({ status: attempt.status });
    expect(await ordersOfAttempt(attempt.id)).toHaveLength(0);
  });

  it("answers 404 for an id that is not a number", async () => {
    const answer = await superadmin.call(retry.POST, "POST", "/x", { params: { id: "abc" } });
    expect(answer.status).toBe(404);
  });
});

describe("Submit Order (POST /api/payments/orders/{id}/process)", () => {
  it("creates a verified payment's orders exactly once for parallel submits", async () => {
    const { attempt } = await attemptOf(
      { status: STATUS.verified, transactionStatus: TX.verified },
      [
        [3, 1],
        [3, 2],
      ],
    );
    const answers = await Promise.all(
      Array.from({ length: 5 }, () => processCall(superadmin, attempt.id)),
    );
    for (const a of answers) expect([200, 409]).toContain(a.status);
    expect(answers.find((a) => a.status === 200)?.body).toMatchObject({
      success: true,
      status: STATUS.done,
    });
    expect(await ordersOfAttempt(attempt.id)).toHaveLength(2);
    expect(await attemptRow(attempt.id)).toMatchObject({ isRecovered: true });
    expect((await auditRows(attempt.id)).map((r) => r.action)).toEqual(["payment.process"]);
  });

  it.each([
    [
      { status: STATUS.verified, transactionStatus: TX.initiated },
      "Cannot submit the order: the payment is not verified",
    ],
    [
      { status: STATUS.initiated, transactionStatus: TX.initiated },
      "Cannot submit an order with status Payment Initiated",
    ],
    [
      { status: STATUS.error, transactionStatus: TX.verified },
      "Cannot submit an order with status Failed",
    ],
  ])("refuses %j with 409", async (spec, message) => {
    const { attempt } = await attemptOf(spec);
    const answer = await processCall(superadmin, attempt.id);
    expect(answer.status).toBe(409);
    expect(answer.body).toMatchObject({ message });
    expect(await ordersOfAttempt(attempt.id)).toHaveLength(0);
  });
});

describe("Abandon (PUT /api/payments/payment-attempts/{transactionId}/status)", () => {
  it("abandons a Processing Started attempt after cancelling its token at the provider", async () => {
    const { attempt } = await attemptOf({
      status: STATUS.processing,
      transactionStatus: TX.initiated,
    });
    const answer = await statusCall(superadmin, attempt.transactionId!, STATUS.abandoned);
    expect(answer.status).toBe(200);
    expect(answer.body).toMatchObject({ success: true, status: STATUS.abandoned });
    expect(fake.requestsNamed("cancelToken").map((r) => r.fields.TransactionToken)).toEqual([
      attempt.transactionId,
    ]);
    expect(await attemptRow(attempt.id)).toMatchObject({
      status: STATUS.abandoned,
      transactionStatus: TX.cancelled,
    });
    expect((await auditRows(attempt.id)).map((r) => r.action)).toEqual(["payment.abandon"]);
  });

  it("leaves the attempt alone when the provider refuses to cancel (it may be paid)", async () => {
    const { attempt } = await attemptOf({
      status: STATUS.processing,
      transactionStatus: TX.initiated,
    });
    fake.onCancelToken(() => resultXml("999", "Transaction already paid"));
    const answer = await statusCall(superadmin, attempt.transactionId!, STATUS.abandoned);
    expect(answer.status).toBe(409);
    expect(String(answer.body.message)).toContain("Transaction already paid");
    expect(await attemptRow(attempt.id)).toMatchObject({ status: STATUS.processing });
  });

  it("completes a free attempt without a transaction id by creating its orders (by reference)", async () => {
    const family = await familyOf();
    const attempt = await paymentAttempt({
      userId: family.id,
      lines: [
        {
          studentId: family.child.id,
          menuItemId: meal.id,
          cycleId,
          weekNumber: 4,
          dayOfWeek: 1,
          discountedPrice: "0.00",
          discountPercentage: 100,
        },
      ],
      status: STATUS.processing,
      transactionStatus: TX.initiated,
      transactionId: null,
    });
    const answer = await statusCall(superadmin, attempt.transactionRef, STATUS.done);
    expect(answer.status).toBe(200);
    expect(answer.body).toMatchObject({ success: true, status: STATUS.done });
    const orders = await ordersOfAttempt(attempt.id);
    expect(orders).toHaveLength(1);
    expect(orders[0]).toMatchObject({ paymentProcessor: "DISCOUNT", paymentStatus: "confirmed" });
    expect(await attemptRow(attempt.id)).toMatchObject({ isRecovered: true });
    // Twice is refused, and makes nothing twice.
    const again = await statusCall(superadmin, attempt.transactionRef, STATUS.done);
    expect(again.status).toBe(409);
    expect(await ordersOfAttempt(attempt.id)).toHaveLength(1);
  });

  it.each([
    [
      "from Payment Initiated",
      { status: STATUS.initiated, transactionStatus: TX.initiated },
      STATUS.abandoned,
    ],
    [
      "once the money is verified",
      { status: STATUS.processing, transactionStatus: TX.verified },
      STATUS.abandoned,
    ],
    ["for a recovered attempt", { status: STATUS.processing, isRecovered: true }, STATUS.abandoned],
    [
      "to another status",
      { status: STATUS.processing, transactionStatus: TX.initiated },
      STATUS.verified,
    ],
    [
      "to done with something to pay",
      { status: STATUS.processing, transactionStatus: TX.initiated },
      STATUS.done,
    ],
  ])(
    "refuses %s with 409 'Cannot change payment status from X to Y'",
    async (_why, spec, target) => {
      const { attempt } = await attemptOf(spec);
      const answer = await statusCall(superadmin, attempt.transactionId!, target);
      expect(answer.status).toBe(409);
      expect(answer.body).toMatchObject({
        message: `Cannot change payment status from ${spec.status} to ${target}`,
      });
      expect(await attemptRow(attempt.id)).toMatchObject({ status: spec.status });
      expect(fake.requestsNamed("cancelToken")).toHaveLength(0);
    },
  );

  it("refuses a non-free attempt without a transaction id (the screen says contact support)", async () => {
    const { attempt } = await attemptOf({
      status: STATUS.processing,
      transactionStatus: TX.initiated,
      transactionId: null,
    });
    const answer = await statusCall(superadmin, attempt.transactionRef, STATUS.abandoned);
    expect(answer.status).toBe(409);
    expect(await ordersOfAttempt(attempt.id)).toHaveLength(0);
  });

  it("answers 422 for a status that is not one of the seven, 404 for an unknown payment", async () => {
    const { attempt } = await attemptOf({ status: STATUS.processing });
    expect((await statusCall(superadmin, attempt.transactionId!, "Paid")).status).toBe(422);
    expect((await statusCall(superadmin, attempt.transactionId!, 5)).status).toBe(422);
    expect((await statusCall(superadmin, "NOPE", STATUS.abandoned)).status).toBe(404);
    expect(await attemptRow(attempt.id)).toMatchObject({ status: STATUS.processing });
  });
});

describe("isRecovered", () => {
  it("stays false for the parent's own return page and is true for the sweep", async () => {
    const own = await attemptOf({ status: STATUS.initiated, transactionStatus: TX.initiated });
    const parentBrowser = await signedInUser("parent");
    // The parent's verify runs as the attempt's owner: reassign the attempt to that account.
    const db = await testDb();
    const parent = parentBrowser;
    await db.student.update({ where: key(own.family.child.id), data: { parentId: parent.id } });
    await db.paymentAttempt.update({ where: key(own.attempt.id), data: { userId: parent.id } });
    fake.onVerifyToken(() => paidXml("45.50", "ZMW"));
    const token = own.attempt.transactionId!;
    const answer = await parentBrowser.call(verify.POST, "POST", `/api/payments/verify/${token}`, {
      params: { token },
    });
    expect(answer.body).toMatchObject({ success: true });
    expect(await attemptRow(own.attempt.id)).toMatchObject({
      status: STATUS.done,
      isRecovered: false,
    });

    const swept = await attemptOf({ status: STATUS.initiated, transactionStatus: TX.initiated }, [
      [1, 2],
    ]);
    await db.$executeRaw`UPDATE "PaymentAttempt" SET "updatedAt" = now() - interval '10 minutes' WHERE "schoolId" = 1 AND "id" = ${swept.attempt.id}`;
    await reconcileOpenPayments();
    expect(await attemptRow(swept.attempt.id)).toMatchObject({
      status: STATUS.done,
      isRecovered: true,
    });
    expect(await auditRows(swept.attempt.id)).toHaveLength(0);
  });

  it("shows in the list, and a recovered attempt offers no action", async () => {
    const { family, attempt } = await attemptOf({
      status: STATUS.done,
      transactionStatus: TX.verified,
      isRecovered: true,
    });
    const answer = await list(superadmin, { parent: family.username });
    expect(answer.body.data[0]).toMatchObject({ id: attempt.id, isRecovered: true });
    expect((await retryCall(superadmin, attempt.id)).status).toBe(409);
  });
});
