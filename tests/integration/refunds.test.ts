import { beforeAll, beforeEach, describe, expect, it } from "@jest/globals";
import * as cancel from "@/app/api/orders/[id]/cancel/route";
import * as orders from "@/app/api/orders/route";
import * as verify from "@/app/api/payments/verify/route";
import * as complete from "@/app/api/refunds/[orderId]/complete/route";
import * as refunds from "@/app/api/refunds/route";
import type { RefundDto, RefundsPageDto } from "@/lib/contracts/orders";
import { key, testDb } from "@/tests/support/school";
import { activeCycle, addMenuItem, addStudent, signedUpParent } from "@/tests/support/fixtures";
import type { Browser } from "@/tests/support/http";
import {
  callers,
  directOrder,
  directParent,
  orderGround,
  setPaymentBypass,
  signedInAdmin,
  type Ground,
} from "@/tests/support/money-admin-fixtures";

const listRefunds = (browser: Browser, page?: string) =>
  browser.call<RefundsPageDto>(refunds.GET, "GET", "/api/refunds", {
    query: page === undefined ? {} : { page },
  });
const completeRefund = (browser: Browser, orderId: number | string) =>
  browser.call<RefundDto>(complete.POST, "POST", `/api/refunds/${orderId}/complete`, {
    params: { orderId: String(orderId) },
  });

async function statusOf(id: number) {
  const db = await testDb();
  return (await db.order.findUnique({ where: key(id), select: { status: true } }))?.status;
}

let ground: Ground;
let admin: Browser;

beforeAll(async () => {
  ground = await orderGround();
  admin = await signedInAdmin(["refunds"]);
});

beforeEach(async () => {
  const db = await testDb();
  await db.order.deleteMany();
});

const paidCancelled = async (
  parent: Awaited<ReturnType<typeof directParent>>,
  extra: Parameters<typeof directOrder>[2] = {},
) => directOrder(ground, parent, { status: "cancelled", paymentStatus: "confirmed", ...extra });

describe("GET /api/refunds", () => {
  it.each(callers("refunds"))("answers %s", async (_who, browserFor, expected) => {
    const answer = await listRefunds(await browserFor());
    expect(answer.status).toBe(expected === "allowed" ? 200 : expected);
  });

  it("lists paid orders that were cancelled or refunded, newest first", async () => {
    const parent = await directParent();
    const t = (minute: number) => new Date(Date.UTC(2030, 0, 7, 9, minute));
    const older = await paidCancelled(parent, { orderDate: t(1), price: "36.50" });
    const refunded = await directOrder(ground, parent, {
      orderDate: t(2),
      status: "refunded",
      paymentStatus: "confirmed",
    });
    const newer = await paidCancelled(parent, { orderDate: t(3), price: "12.05" });
    // Not refundable: live, never paid, or free.
    await directOrder(ground, parent, { status: "pending", paymentStatus: "confirmed" });
    await directOrder(ground, parent, { status: "completed", paymentStatus: "confirmed" });
    await directOrder(ground, parent, { status: "cancelled", paymentStatus: "pending" });
    await paidCancelled(parent, { price: "0.00" });

    const answer = await listRefunds(admin);
    expect(answer.status).toBe(200);
    expect(answer.body.data.map((r) => r.id)).toEqual([newer.id, refunded.id, older.id]);
    expect(answer.body.data[0]).toEqual({
      id: newer.id,
      orderDate: t(3).toISOString(),
      student: { name: parent.child.name, grade: "4", allergies: [], dietaryNotes: null },
      menuItem: { name: ground.item.name },
      weekNumber: expect.any(Number),
      dayOfWeek: expect.any(Number),
      mealDate: expect.stringMatching(/^\d{4}-\d{2}-\d{2}$/),
      amount: "12.05",
      status: "cancelled",
      // Issue 49: not paid by card through DPO, so nothing to refund to a card.
      card: null,
      refund: null,
    });
    expect(answer.body.data[1]).toMatchObject({ status: "refunded" });
    expect(answer.body.metadata).toEqual({
      total: 3,
      page: 1,
      pageSize: 20,
      totalPages: 1,
      hasNextPage: false,
      hasPreviousPage: false,
    });
  });

  it("pages 20 at a time", async () => {
    const parent = await directParent();
    for (let i = 0; i < 23; i++) {
      await paidCancelled(parent, { orderDate: new Date(Date.UTC(2030, 0, 1, 0, i)) });
    }
    const first = await listRefunds(admin);
    expect(first.body.data).toHaveLength(20);
    expect(first.body.metadata).toMatchObject({ total: 23, totalPages: 2, hasNextPage: true });
    const second = await listRefunds(admin, "2");
    expect(second.body.data).toHaveLength(3);
    expect(second.body.metadata).toMatchObject({ hasNextPage: false, hasPreviousPage: true });
    const ids = [...first.body.data, ...second.body.data].map((r) => r.id);
    expect(new Set(ids).size).toBe(23);
  });

  it.each(["0", "x", "-3"])("refuses page=%s with 422", async (page) => {
    const answer = await listRefunds(admin, page);
    expect(answer.status).toBe(422);
    expect(answer.body).toMatchObject({ message: "Page must be a positive whole number" });
  });
});

describe("POST /api/refunds/{orderId}/complete", () => {
  it.each(callers("refunds"))("answers %s", async (_who, browserFor, expected) => {
    const order = await paidCancelled(await directParent());
    const answer = await completeRefund(await browserFor(), order.id);
    expect(answer.status).toBe(expected === "allowed" ? 200 : expected);
    expect(await statusOf(order.id)).toBe(expected === "allowed" ? "refunded" : "cancelled");
  });

  it("marks a cancelled order refunded, answers the row and records the change", async () => {
    const parent = await directParent();
    const order = await paidCancelled(parent, { price: "36.50" });
    const answer = await completeRefund(admin, order.id);
    expect(answer.status).toBe(200);
    expect(answer.body).toMatchObject({ id: order.id, status: "refunded", amount: "36.50" });
    expect(await statusOf(order.id)).toBe("refunded");
    const db = await testDb();
    const audit = await db.auditLog.findFirst({
      where: { action: "refund.complete", entityId: String(order.id) },
    });
    expect(audit).toMatchObject({ entity: "Order" });
    expect(audit?.details).toMatchObject({
      before: { status: "cancelled" },
      after: { status: "refunded" },
    });
  });

  it.each(["pending", "completed", "refunded"] as const)(
    "refuses a %s order with 409 and leaves it alone",
    async (status) => {
      const order = await directOrder(ground, await directParent(), {
        status,
        paymentStatus: "confirmed",
      });
      const db = await testDb();
      const audits = await db.auditLog.count({ where: { action: "refund.complete" } });
      const answer = await completeRefund(admin, order.id);
      expect(answer.status).toBe(409);
      expect(answer.body).toMatchObject({ message: "Only cancelled orders can be refunded" });
      expect(await statusOf(order.id)).toBe(status);
      expect(await db.auditLog.count({ where: { action: "refund.complete" } })).toBe(audits);
    },
  );

  it("refuses a cancelled order that was never paid", async () => {
    const order = await directOrder(ground, await directParent(), { status: "cancelled" });
    const answer = await completeRefund(admin, order.id);
    expect(answer.status).toBe(409);
    expect(answer.body).toMatchObject({ message: "Only paid orders can be refunded" });
    expect(await statusOf(order.id)).toBe("cancelled");
  });

  it("refuses a cancelled order that was free (nothing was paid), as the list leaves it out", async () => {
    const order = await paidCancelled(await directParent(), { price: "0.00" });
    const answer = await completeRefund(admin, order.id);
    expect(answer.status).toBe(409);
    expect(answer.body).toMatchObject({ message: "Only paid orders can be refunded" });
    expect(await statusOf(order.id)).toBe("cancelled");
  });

  it("refunds only once when two admins click at the same time", async () => {
    const order = await paidCancelled(await directParent());
    const other = await signedInAdmin(["refunds"]);
    const answers = await Promise.all([
      completeRefund(admin, order.id),
      completeRefund(other, order.id),
    ]);
    expect(answers.map((a) => a.status).sort()).toEqual([200, 409]);
    const db = await testDb();
    expect(
      await db.auditLog.count({ where: { action: "refund.complete", entityId: String(order.id) } }),
    ).toBe(1);
  });

  it.each(["999999", "abc", "0", "-1", "99999999999"])("answers 404 for order %s", async (id) => {
    const answer = await completeRefund(admin, id);
    expect(answer.status).toBe(404);
    expect(answer.body).toMatchObject({ message: "Order not found" });
  });
});

describe("a parent's cancellation, then the admin's refund", () => {
  it("goes from a bypass order, verified, cancelled by the parent, to refunded", async () => {
    await activeCycle();
    const meal = await addMenuItem({ price: "30.00" });
    await setPaymentBypass(true);
    const parent = await signedUpParent();
    const child = await addStudent(parent.id, "Mutale", "1");
    const placed = await parent.browser.call<{ orders: { id: number }[] }>(
      orders.POST,
      "POST",
      "/api/orders?paymentMethod=alternative",
      {
        body: [
          {
            menuItemId: meal.id,
            studentId: child.id,
            weekNumber: 2,
            dayOfWeek: 1,
            category: "chicken",
            sideDish: "Rice",
          },
        ],
      },
    );
    expect(placed.status).toBe(200);
    const orderId = placed.body.orders[0]!.id;

    // Not paid yet: nothing to refund.
    expect((await listRefunds(admin)).body.data).toEqual([]);
    const payments = await signedInAdmin(["pending_payments"]);
    const verified = await payments.call(verify.PUT, "PUT", "/api/payments/verify", {
      body: { orderIds: [orderId] },
    });
    expect(verified.body).toEqual({ updated: 1 });

    const cancelled = await parent.browser.call(cancel.POST, "POST", "/api/orders/x/cancel", {
      params: { id: String(orderId) },
    });
    expect(cancelled.status).toBe(200);

    const listed = await listRefunds(admin);
    expect(listed.body.data).toEqual([
      expect.objectContaining({ id: orderId, status: "cancelled", amount: "30.00" }),
    ]);
    expect((await completeRefund(admin, orderId)).status).toBe(200);
    expect((await listRefunds(admin)).body.data).toEqual([
      expect.objectContaining({ id: orderId, status: "refunded" }),
    ]);
    const twice = await completeRefund(admin, orderId);
    expect(twice.status).toBe(409);
  });
});
