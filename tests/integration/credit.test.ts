import { beforeAll, describe, expect, it } from "@jest/globals";
import * as complete from "@/app/api/refunds/[orderId]/complete/route";
import * as refunds from "@/app/api/refunds/route";
import * as revenue from "@/app/api/revenue/stats/route";
import type { RefundDto, RefundsPageDto } from "@/lib/contracts/orders";
import type { RevenueStatsDto } from "@/lib/contracts/revenue";
import { CREDIT_BELOW_ZERO } from "@/lib/credit/account-credit";
import { observeQueries } from "@/lib/db";
import { key, testDb } from "@/tests/support/school";
import { REFUND_METHOD_MESSAGE, REFUND_REFERENCE_MESSAGE } from "@/lib/validations/refunds";
import {
  adjustCredit,
  closeDayCall,
  creditOf,
  giveCredit,
  ledgerBalance,
  myCredit,
  myOrders,
  orderOn,
  placeOrders,
} from "@/tests/support/credit-fixtures";
import {
  activeCycle,
  addMenuItem,
  addStudent,
  signedIn,
  signedInSuperadmin,
  signedUpParent,
} from "@/tests/support/fixtures";
import { Browser } from "@/tests/support/http";
import { callers, signedInAdmin } from "@/tests/support/money-admin-fixtures";

// Account credit (issue 17) and recorded refunds (issue 25 part 3): GET /api/account/credit, a
// cart paid by credit on POST /api/orders, the admins' adjustments, "Refund to credit" and the
// refund record, and Revenue Stats' credit figures.

let meal: { id: number; name: string };
let admin: Browser;
let week = 0;
let cycleId: number;

beforeAll(async () => {
  cycleId = (await activeCycle({ cycleLength: 4 })).id;
  meal = await addMenuItem({ price: "45.50", categories: [], sideDishes: [] });
  admin = await signedInSuperadmin();
});

async function parentWithChild() {
  const parent = await signedUpParent();
  const child = await addStudent(parent.id, "Natasha", "4");
  return { ...parent, child };
}
type Parent = Awaited<ReturnType<typeof parentWithChild>>;

const lines = (p: Parent, days: [number, number][]) =>
  days.map(([weekNumber, dayOfWeek]) => ({
    menuItemId: meal.id,
    studentId: p.child.id,
    weekNumber,
    dayOfWeek,
  }));

const completeRefund = (browser: Browser, orderId: number, body?: unknown) =>
  browser.call<RefundDto>(complete.POST, "POST", `/api/refunds/${orderId}/complete`, {
    params: { orderId: String(orderId) },
    ...(body === undefined ? {} : { body }),
  });

/**
 * A paid order the parent paid by card and then cancelled: waiting in Refund Management. (One paid
 * by credit gives its credit back at once when cancelled, issue 44: tests/integration/credit-first.)
 */
async function cancelledCardOrder(p: Parent) {
  const day = { weekNumber: 1, dayOfWeek: (week++ % 5) + 1 };
  const order = await orderOn(cycleId, meal.id, { userId: p.id, studentId: p.child.id }, day, {
    status: "cancelled",
    processor: "DPO",
  });
  return order.id;
}

describe("GET /api/account/credit", () => {
  it("answers the caller's balance and movements, newest first", async () => {
    const p = await parentWithChild();
    expect((await myCredit(p.browser)).body).toEqual({
      balance: "0.00",
      held: "0.00",
      entries: [],
    });
    await adjustCredit(admin, p.id, { amount: "50.00", reason: "Goodwill" });
    await adjustCredit(admin, p.id, { amount: "-10.25", reason: "Typo" });
    const answer = await myCredit(p.browser);
    expect(answer.status).toBe(200);
    expect(answer.body.balance).toBe("39.75");
    expect(answer.body.entries.map((e) => [e.amount, e.kind, e.description])).toEqual([
      ["-10.25", "adjustment", "Adjustment by the school: Typo"],
      ["50.00", "adjustment", "Adjustment by the school: Goodwill"],
    ]);
  });

  it("is for parents and teachers only", async () => {
    expect((await myCredit(new Browser())).status).toBe(401);
    expect((await myCredit(admin)).status).toBe(403);
    const teacher = await signedIn("teacher");
    expect((await myCredit(teacher.browser)).status).toBe(200);
  });
});

describe("POST /api/orders paid by credit", () => {
  it("places a cart the credit covers (processor CREDIT) and spends it in the same transaction", async () => {
    const p = await parentWithChild();
    await giveCredit(p.id, "100.00");
    const answer = await placeOrders(
      p.browser,
      lines(p, [
        [2, 1],
        [2, 2],
      ]),
    );
    expect(answer.status).toBe(200);
    expect(answer.body.orders).toHaveLength(2);
    expect(answer.body.orders[0]).toMatchObject({
      status: "pending",
      paymentStatus: "confirmed",
    });
    const db = await testDb();
    const rows = await db.order.findMany({ where: { userId: p.id } });
    expect(rows.map((o) => o.paymentProcessor)).toEqual(["CREDIT", "CREDIT"]);
    expect(await ledgerBalance(p.id)).toBe("9.00");
    const spent = await db.creditEntry.findMany({ where: { userId: p.id, kind: "spent" } });
    expect(spent.map((e) => [e.amount.toFixed(2), e.orderId]).sort()).toEqual(
      rows.map((o) => ["-45.50", o.id]).sort(),
    );
  });

  it("reads the credit with the cart and writes a cart of any length in the same statements", async () => {
    // Issue 20: session; the versions (one query); then in the transaction the children, code,
    // live orders and credit of the cart read with the account's lock and the cycle's closed days
    // (one statement, decision 0114), the balance under the lock, the orders, their credit
    // movements and the e-mail: one statement each (issue 46: each is answered by the school's
    // shard on Citus; decision 0100: no read-back). The same for four days as for one. (Was 8,
    // and 10 before decision 0100.)
    const counts: number[] = [];
    for (const days of [1, 1, 4]) {
      const p = await parentWithChild();
      await giveCredit(p.id, "500.00");
      const statements: string[] = [];
      const stop = observeQueries((sql) => statements.push(sql));
      const answer = await placeOrders(
        p.browser,
        lines(
          p,
          Array.from({ length: days }, (_, i): [number, number] => [4, 1 + i]),
        ),
      );
      stop();
      expect(answer.status).toBe(200);
      counts.push(
        // Transaction control (BEGIN, COMMIT, the driver's implicit COMMIT) is not counted.
        statements.filter((sql) => !/^(-- Implicit ")?(BEGIN|COMMIT|ROLLBACK)\b/i.test(sql.trim()))
          .length,
      );
      const db = await testDb();
      expect(await db.creditEntry.count({ where: { userId: p.id, kind: "spent" } })).toBe(days);
    }
    expect(counts.slice(1)).toEqual([7, 7]);
  });

  it("without credit answers 402 exactly as before", async () => {
    const p = await parentWithChild();
    const answer = await placeOrders(p.browser, lines(p, [[2, 3]]));
    expect(answer.status).toBe(402);
    expect(answer.body).toEqual({
      message: "Payment required",
      error: "Payment required",
      total: "45.50",
    });
  });

  it("with too little credit answers 402 with what is left to pay, and spends nothing", async () => {
    const p = await parentWithChild();
    await giveCredit(p.id, "20.00");
    const answer = await placeOrders(p.browser, lines(p, [[2, 4]]));
    expect(answer.status).toBe(402);
    expect(answer.body).toMatchObject({ total: "45.50", credit: "20.00", amountDue: "25.50" });
    expect(await ledgerBalance(p.id)).toBe("20.00");
    expect(await (await testDb()).order.count({ where: { userId: p.id } })).toBe(0);
  });

  it("spends nothing when a day of the cart is taken meanwhile (409)", async () => {
    const p = await parentWithChild();
    await giveCredit(p.id, "91.00");
    expect((await placeOrders(p.browser, lines(p, [[3, 1]]))).status).toBe(200);
    const again = await placeOrders(p.browser, lines(p, [[3, 1]]));
    expect(again.status).toBe(409);
    expect(await ledgerBalance(p.id)).toBe("45.50");
  });
});

describe("POST /api/parents/{id}/credit", () => {
  it("adds and removes credit with a reason, audited, never below zero", async () => {
    const p = await parentWithChild();
    const added = await adjustCredit(admin, p.id, { amount: "30", reason: "Lost lunch" });
    expect(added.status).toBe(200);
    expect(added.body.balance).toBe("30.00");
    const tooMuch = await adjustCredit(admin, p.id, { amount: "-30.01", reason: "Oops" });
    expect(tooMuch.status).toBe(409);
    expect(tooMuch.body).toMatchObject({ message: CREDIT_BELOW_ZERO, balance: "30.00" });
    expect(await ledgerBalance(p.id)).toBe("30.00");
    const removed = await adjustCredit(admin, p.id, { amount: -12.5, reason: "Paid in cash" });
    expect(removed.body.balance).toBe("17.50");
    expect((await creditOf(admin, p.id)).body).toEqual(removed.body);
    const db = await testDb();
    const audits = await db.auditLog.findMany({
      where: { action: "credit.adjust", entityId: String(p.id) },
      orderBy: { id: "asc" },
    });
    expect(audits.map((a) => a.details)).toMatchObject([
      { amount: "30.00", reason: "Lost lunch", after: { balance: "30.00" } },
      { amount: "-12.50", reason: "Paid in cash", before: { balance: "30.00" } },
    ]);
  });

  it.each([
    [{ amount: "0", reason: "x" }],
    [{ amount: "1.234", reason: "x" }],
    [{ amount: "abc", reason: "x" }],
    [{ amount: "10" }],
    [{ amount: "10", reason: "   " }],
  ])("refuses %j with 422 and changes nothing", async (body) => {
    const p = await parentWithChild();
    const answer = await adjustCredit(admin, p.id, body);
    expect(answer.status).toBe(422);
    expect(await ledgerBalance(p.id)).toBe("0.00");
  });

  it("answers 404 for an admin's or an unknown account", async () => {
    const other = await signedIn("admin", ["menu"]);
    expect((await adjustCredit(admin, other.id, { amount: "5", reason: "x" })).status).toBe(404);
    expect((await adjustCredit(admin, 999_999, { amount: "5", reason: "x" })).status).toBe(404);
  });

  it.each(callers("parents_students"))("answers %s", async (_who, browserFor, expected) => {
    const p = await parentWithChild();
    const answer = await adjustCredit(await browserFor(), p.id, { amount: "5", reason: "x" });
    expect(answer.status).toBe(expected === "allowed" ? 200 : expected);
    expect(await ledgerBalance(p.id)).toBe(expected === "allowed" ? "5.00" : "0.00");
  });
});

describe("POST /api/refunds/{orderId}/complete with a method", () => {
  it("credits the paid amount with { method: credit }", async () => {
    const p = await parentWithChild();
    const id = await cancelledCardOrder(p);
    expect(await ledgerBalance(p.id)).toBe("0.00");
    const refunds = await signedInAdmin(["refunds"]);
    const answer = await completeRefund(refunds, id, { method: "credit" });
    expect(answer.status).toBe(200);
    expect(answer.body).toMatchObject({
      status: "refunded",
      refund: { method: "credit", reference: null, note: null, adminName: expect.any(String) },
    });
    expect(await ledgerBalance(p.id)).toBe("45.50");
    expect((await myCredit(p.browser)).body.entries[0]).toMatchObject({
      amount: "45.50",
      kind: "refund",
      description: "Refund of a cancelled order",
    });
    // Once: a second click is refused and credits nothing more.
    expect((await completeRefund(refunds, id, { method: "credit" })).status).toBe(409);
    expect(await ledgerBalance(p.id)).toBe("45.50");
  });

  it("records how the money went back, shown in the refund list and the parent's Order History", async () => {
    const p = await parentWithChild();
    const id = await cancelledCardOrder(p);
    const refunder = await signedInAdmin(["refunds"]);
    const answer = await completeRefund(refunder, id, {
      method: "mobile_money",
      reference: "MP240101.1234.A56789",
      note: "Sent to 0977 123 456",
    });
    expect(answer.status).toBe(200);
    const db = await testDb();
    const record = await db.orderRefund.findUniqueOrThrow({
      where: { schoolId_orderId: { schoolId: 1, orderId: id } },
    });
    expect(record).toMatchObject({
      method: "mobile_money",
      reference: "MP240101.1234.A56789",
      note: "Sent to 0977 123 456",
    });
    const audit = await db.auditLog.findFirst({
      where: { action: "refund.complete", entityId: String(id) },
    });
    expect(audit?.details).toMatchObject({
      method: "mobile_money",
      reference: "MP240101.1234.A56789",
    });
    const list = await refunder.call<RefundsPageDto>(refunds.GET, "GET", "/api/refunds");
    expect(list.body.data.find((r) => r.id === id)?.refund).toEqual({
      method: "mobile_money",
      reference: "MP240101.1234.A56789",
      note: "Sent to 0977 123 456",
      adminName: expect.stringMatching(/^Admin /),
      refundedAt: record.createdAt.toISOString(),
    });
    const history = await myOrders(p.browser);
    expect(history.body.find((o) => o.id === id)?.refund).toEqual({
      method: "mobile_money",
      reference: "MP240101.1234.A56789",
      refundedAt: record.createdAt.toISOString(),
    });
    expect(await ledgerBalance(p.id)).toBe("0.00");
  });

  it.each([
    [{ method: "cheque" }, REFUND_METHOD_MESSAGE],
    [{ method: "cash", reference: "R".repeat(101) }, REFUND_REFERENCE_MESSAGE],
  ])("refuses %j with 422 and changes nothing", async (body, message) => {
    const p = await parentWithChild();
    const id = await cancelledCardOrder(p);
    const answer = await completeRefund(admin, id, body);
    expect(answer.status).toBe(422);
    expect(answer.body).toMatchObject({ message });
    const db = await testDb();
    expect((await db.order.findUniqueOrThrow({ where: key(id) })).status).toBe("cancelled");
    expect(await db.orderRefund.count({ where: { orderId: id } })).toBe(0);
  });

  it("without a body marks the order refunded as before, with no record", async () => {
    const p = await parentWithChild();
    const id = await cancelledCardOrder(p);
    const answer = await completeRefund(admin, id);
    expect(answer.status).toBe(200);
    expect(answer.body).toMatchObject({ status: "refunded", refund: null });
    expect(await ledgerBalance(p.id)).toBe("0.00");
  });
});

describe("Revenue Stats' credit", () => {
  it("shows credit issued for the cycle and outstanding now", async () => {
    const local = await activeCycle({ startDate: "2040-03-05" });
    const p = await parentWithChild();
    const db = await testDb();
    await db.order.create({
      data: {
        userId: p.id,
        studentId: p.child.id,
        menuItemId: meal.id,
        cycleId: local.id,
        weekNumber: 1,
        dayOfWeek: 5,
        originalPrice: "45.50",
        discountedPrice: "45.50",
        paymentStatus: "confirmed",
        paymentProcessor: "DPO",
      },
    });
    const before = await admin.call<RevenueStatsDto>(revenue.GET, "GET", "/api/revenue/stats", {});
    const closed = await closeDayCall(admin, local.id, {
      weekNumber: 1,
      dayOfWeek: 5,
      reason: "Holiday",
    });
    expect(closed.status).toBe(200);
    const stats = await admin.call<RevenueStatsDto>(revenue.GET, "GET", "/api/revenue/stats", {
      query: { cycleId: String(local.id) },
    });
    expect(stats.body.credit).toEqual({
      issued: "45.50",
      outstanding: (Number(before.body.credit.outstanding) + 45.5).toFixed(2),
    });
    // The closed day's order is not revenue: money that went back as credit is counted once,
    // when the credit pays for a meal.
    expect(stats.body.netRevenue).toBe("0.00");
    expect(stats.body.cancelledOrders).toEqual({ count: 1, amount: "45.50" });
    await activeCycle({ cycleLength: 4, startDate: undefined });
  });
});
