import { beforeAll, describe, expect, it } from "@jest/globals";
import fc from "fast-check";
import * as cancel from "@/app/api/orders/[id]/cancel/route";
import * as orders from "@/app/api/orders/route";
import * as pending from "@/app/api/payments/pending/route";
import * as complete from "@/app/api/refunds/[orderId]/complete/route";
import * as refunds from "@/app/api/refunds/route";
import type { PendingPaymentsPageDto, RefundDto, RefundsPageDto } from "@/lib/contracts/orders";
import { signedNgwee } from "@/lib/credit/ledger";
import { testDb } from "@/tests/support/school";
import { toNgwee } from "@/lib/money";
import { closeDayCall, giveCredit, ledgerBalance } from "@/tests/support/credit-fixtures";
import { activeCycle, addMenuItem, addStudent, signedUpParent } from "@/tests/support/fixtures";
import type { Browser } from "@/tests/support/http";
import { setPaymentBypass, signedInAdmin } from "@/tests/support/money-admin-fixtures";

// Issue 44: account credit is spent first on every checkout path (bank transfer and mobile money
// by hand too), only the rest is asked for, and a cancelled meal gives its credit back at once.

let admin: Browser;
let meal50: { id: number };
let cycleId: number;

beforeAll(async () => {
  const cycle = await activeCycle({ cycleLength: 4 });
  cycleId = cycle.id;
  meal50 = await addMenuItem({ price: "50.00" });
  admin = await signedInAdmin(["pending_payments", "refunds"]);
  await setPaymentBypass(true);
});

type Day = { weekNumber: number; dayOfWeek: number };
const line = (studentId: number, day: Day, menuItemId = meal50.id) => ({
  menuItemId,
  studentId,
  ...day,
  category: "chicken",
  sideDish: "Rice",
});
const days = (n: number): Day[] =>
  Array.from({ length: n }, (_, i) => ({
    weekNumber: 2 + Math.floor(i / 5),
    dayOfWeek: 1 + (i % 5),
  }));

const placeAlternative = (browser: Browser, body: unknown) =>
  browser.call<{ orders: { id: number; paymentStatus: string }[] }>(
    orders.POST,
    "POST",
    "/api/orders?paymentMethod=alternative",
    { body },
  );
const cancelOrder = (browser: Browser, id: number) =>
  browser.call<{ status: string }>(cancel.POST, "POST", `/api/orders/${id}/cancel`, {
    params: { id: String(id) },
  });

async function family(credit: string) {
  const parent = await signedUpParent();
  const child = await addStudent(parent.id, "Chanda", "3");
  if (credit !== "0.00") await giveCredit(parent.id, credit);
  return { ...parent, child };
}

async function mailsTo(address: string) {
  const db = await testDb();
  return db.emailOutbox.findMany({ where: { to: address }, orderBy: { id: "asc" } });
}

async function pendingOf(username: string) {
  const page = await admin.call<PendingPaymentsPageDto>(
    pending.GET,
    "GET",
    "/api/payments/pending",
  );
  return page.body.data.find((g) => g.parentUsername === username);
}

describe("Pay by Mobile Money or Bank Transfer spends the credit first", () => {
  it("with K 80.00 credit and K 100.00 of meals asks K 20.00, and the credit is spent", async () => {
    const p = await family("80.00");
    const [d1, d2] = days(2);
    const answer = await placeAlternative(p.browser, [
      line(p.child.id, d1!),
      line(p.child.id, d2!),
    ]);
    expect(answer.status).toBe(200);
    expect(answer.body.orders.map((o) => o.paymentStatus)).toEqual(["confirmed", "pending"]);
    expect(await ledgerBalance(p.id)).toBe("0.00");

    const mail = (await mailsTo(p.email!)).find((m) =>
      m.subject.startsWith("Payment instructions"),
    );
    expect(mail?.subject).toMatch(/K\s?20\.00/);
    expect(mail?.text).toMatch(/Please pay K\s?20\.00/);
    expect(mail?.text).toMatch(/Amount to pay: K\s?20\.00/);
    expect(mail?.text).toMatch(/account credit: K\s?80\.00/);

    const group = await pendingOf(p.username);
    expect(group?.totalAmount).toBe("20.00");
    expect(group?.orders.map((o) => o.amountDue)).toEqual(["20.00"]);
  });

  it("places a cart the credit covers as paid, with the confirmation, not instructions", async () => {
    const p = await family("150.00");
    const [d1, d2] = days(2);
    const answer = await placeAlternative(p.browser, [
      line(p.child.id, d1!),
      line(p.child.id, d2!),
    ]);
    expect(answer.status).toBe(200);
    expect(answer.body.orders.map((o) => o.paymentStatus)).toEqual(["confirmed", "confirmed"]);
    expect(await ledgerBalance(p.id)).toBe("50.00");
    const subjects = (await mailsTo(p.email!)).map((m) => m.subject);
    expect(subjects.some((s) => s.startsWith("Order confirmation"))).toBe(true);
    expect(subjects.some((s) => s.startsWith("Payment instructions"))).toBe(false);
    expect(await pendingOf(p.username)).toBeUndefined();
  });

  it("keeps its invariant: credit spent + asked = total, balance ≥ 0, ledger = balance", async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.integer({ min: 0, max: 30000 }),
        fc.array(fc.constantFrom("12.35", "50.00", "7.05", "33.30"), {
          minLength: 1,
          maxLength: 4,
        }),
        async (creditNgwee, prices) => {
          const credit = (creditNgwee / 100).toFixed(2);
          const p = await family(credit);
          const items = [];
          let total = 0;
          for (const [n, day] of days(prices.length).entries()) {
            const item = await addMenuItem({ price: prices[n] });
            items.push(line(p.child.id, day, item.id));
            total += toNgwee(prices[n]!);
          }
          const answer = await placeAlternative(p.browser, items);
          expect(answer.status).toBe(200);
          const db = await testDb();
          const spentRows = await db.creditEntry.findMany({
            where: { userId: p.id, kind: "spent" },
          });
          const spent = spentRows.reduce((sum, e) => sum - signedNgwee(e.amount.toFixed(2)), 0);
          const asked = toNgwee((await pendingOf(p.username))?.totalAmount ?? "0.00");
          expect(spent + asked).toBe(total);
          expect(spent).toBe(Math.min(creditNgwee, total));
          const balance = toNgwee(await ledgerBalance(p.id));
          expect(balance).toBeGreaterThanOrEqual(0);
          expect(balance).toBe(creditNgwee - spent);
        },
      ),
      { numRuns: 12 },
    );
  });
});

describe("closing a day", () => {
  it("gives back the credit part of a meal whose transfer is still awaited", async () => {
    const p = await family("80.00");
    const [d1, d2] = [
      { weekNumber: 4, dayOfWeek: 1 },
      { weekNumber: 4, dayOfWeek: 2 },
    ];
    const placed = await placeAlternative(p.browser, [line(p.child.id, d1), line(p.child.id, d2)]);
    expect(placed.status).toBe(200);
    expect(await ledgerBalance(p.id)).toBe("0.00");
    const closer = await signedInAdmin(["cycles"]);
    const closed = await closeDayCall(closer, cycleId, { ...d2, reason: "Sports day" });
    expect(closed.status).toBe(200);
    // The K 30.00 of credit the second meal took comes back; its unpaid K 20.00 is not asked.
    expect(await ledgerBalance(p.id)).toBe("30.00");
    expect(await pendingOf(p.username)).toBeUndefined();
  });
});

describe("cancelling a meal paid from credit", () => {
  it("gives wholly-credit meals back at once (refunded to credit) and e-mails the parent", async () => {
    const p = await family("100.00");
    const [d1] = days(1);
    const placed = await p.browser.call<{ orders: { id: number }[] }>(
      orders.POST,
      "POST",
      "/api/orders",
      {
        body: [line(p.child.id, d1!)],
      },
    );
    expect(placed.status).toBe(200);
    expect(await ledgerBalance(p.id)).toBe("50.00");
    const id = placed.body.orders[0]!.id;
    const answer = await cancelOrder(p.browser, id);
    expect(answer.status).toBe(200);
    expect(answer.body.status).toBe("refunded");
    expect(await ledgerBalance(p.id)).toBe("100.00");
    const db = await testDb();
    expect(
      await db.orderRefund.findUnique({
        where: { schoolId_orderId: { schoolId: 1, orderId: id } },
      }),
    ).toMatchObject({
      method: "credit",
    });
    const mail = (await mailsTo(p.email!)).find((m) => m.subject === "Order cancelled");
    expect(mail?.text).toMatch(/K\s?50\.00 is back in your account credit/);
    // A second cancel changes nothing and gives nothing twice.
    expect((await cancelOrder(p.browser, id)).status).toBe(409);
    expect(await ledgerBalance(p.id)).toBe("100.00");
  });

  it("gives back the credit part of a bank-transfer meal; the unpaid rest is no longer asked", async () => {
    const p = await family("80.00");
    const [d1, d2] = days(2);
    const placed = await placeAlternative(p.browser, [
      line(p.child.id, d1!),
      line(p.child.id, d2!),
    ]);
    const partial = placed.body.orders[1]!.id;
    const answer = await cancelOrder(p.browser, partial);
    expect(answer.body.status).toBe("cancelled");
    expect(await ledgerBalance(p.id)).toBe("30.00");
    expect(await pendingOf(p.username)).toBeUndefined();
  });

  it("gives back a card payment's credit share at once; the office refunds the card part", async () => {
    const p = await family("0.00");
    const db = await testDb();
    const [d1, d2] = days(2);
    // A card cart of two K 50.00 meals with K 70.00 of credit held on its attempt (as fulfil leaves it).
    const snapshot = [d1!, d2!].map((day) => ({
      ...line(p.child.id, day),
      cycleId,
      discountedPrice: "50.00",
    }));
    const attempt = await db.paymentAttempt.create({
      data: {
        userId: p.id,
        transactionRef: `REF-${p.id}`,
        paymentAmount: "30.00",
        creditAmount: "70.00",
        cartItems: { lines: snapshot, total: "100.00" },
        transactionStatus: "verified",
        fulfilledAt: new Date(),
      },
    });
    await db.creditEntry.createMany({
      data: [
        { userId: p.id, amount: "70.00", kind: "adjustment", reason: "test credit" },
        { userId: p.id, amount: "-70.00", kind: "spent", paymentAttemptId: attempt.id },
      ],
    });
    const ids: number[] = [];
    for (const day of [d1!, d2!]) {
      const order = await db.order.create({
        data: {
          userId: p.id,
          studentId: p.child.id,
          menuItemId: meal50.id,
          cycleId,
          ...day,
          originalPrice: "50.00",
          discountedPrice: "50.00",
          paymentStatus: "confirmed",
          paymentProcessor: "DPO",
          paymentAttemptId: attempt.id,
        },
      });
      ids.push(order.id);
    }
    // The second meal took K 20.00 of the credit and K 30.00 by card.
    const answer = await cancelOrder(p.browser, ids[1]!);
    expect(answer.body.status).toBe("cancelled");
    expect(await ledgerBalance(p.id)).toBe("20.00");
    const list = await admin.call<RefundsPageDto>(refunds.GET, "GET", "/api/refunds");
    const row = list.body.data.find((r) => r.id === ids[1]);
    expect(row).toMatchObject({
      amount: "30.00",
      weekNumber: d2!.weekNumber,
      dayOfWeek: d2!.dayOfWeek,
    });
    expect(row?.mealDate).toMatch(/^\d{4}-\d{2}-\d{2}$/);

    const done = await admin.call<RefundDto>(
      complete.POST,
      "POST",
      `/api/refunds/${ids[1]}/complete`,
      {
        params: { orderId: String(ids[1]) },
        body: { method: "cash", reference: "R-1", note: null },
      },
    );
    expect(done.status).toBe(200);
    const mail = (await mailsTo(p.email!)).find((m) => m.subject.startsWith("Refund recorded"));
    expect(mail?.subject).toMatch(/K\s?30\.00/);
    expect(mail?.text).toContain("R-1");
  });

  it("keeps its invariant: each cancel gives back exactly the credit its meal took, once", async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.integer({ min: 0, max: 20000 }),
        fc.integer({ min: 1, max: 4 }),
        fc.array(fc.boolean(), { minLength: 4, maxLength: 4 }),
        async (creditNgwee, count, cancelled) => {
          const p = await family((creditNgwee / 100).toFixed(2));
          const placed = await placeAlternative(
            p.browser,
            days(count).map((day) => line(p.child.id, day)),
          );
          expect(placed.status).toBe(200);
          let back = 0;
          const db = await testDb();
          for (const [n, order] of placed.body.orders.entries()) {
            if (!cancelled[n]) continue;
            const took = await db.creditEntry.aggregate({
              where: { orderId: order.id, kind: "spent" },
              _sum: { amount: true },
            });
            back -= signedNgwee((took._sum.amount ?? 0).toFixed(2));
            expect((await cancelOrder(p.browser, order.id)).status).toBe(200);
            expect((await cancelOrder(p.browser, order.id)).status).toBe(409);
          }
          const spent = Math.min(creditNgwee, count * 5000);
          const balance = toNgwee(await ledgerBalance(p.id));
          expect(balance).toBeGreaterThanOrEqual(0);
          expect(balance).toBe(creditNgwee - spent + back);
        },
      ),
      { numRuns: 10 },
    );
  });
});
