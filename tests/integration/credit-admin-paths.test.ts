import { beforeAll, describe, expect, it } from "@jest/globals";
import * as deleteRoute from "@/app/api/account/delete/route";
import * as cancel from "@/app/api/orders/[id]/cancel/route";
import * as orders from "@/app/api/orders/route";
import * as orderStatus from "@/app/api/orders/status/route";
import * as complete from "@/app/api/refunds/[orderId]/complete/route";
import * as refunds from "@/app/api/refunds/route";
import type { RefundsPageDto } from "@/lib/contracts/orders";
import { key, testDb } from "@/tests/support/school";
import { STATUS_CREDIT_RETURNED_CONFLICT } from "@/lib/orders/admin-orders";
import { giveCredit, ledgerBalance } from "@/tests/support/credit-fixtures";
import { activeCycle, addMenuItem, addStudent, signedUpParent } from "@/tests/support/fixtures";
import type { Browser } from "@/tests/support/http";
import { setPaymentBypass, signedInAdmin } from "@/tests/support/money-admin-fixtures";

// Review of issues 43/44 (decision 0069): the credit an order took comes back on every path that
// cancels it (an admin's in Cycle History too), once, and never twice; a meal whose credit came
// back is not restored; the refunded amount is what the office paid out; a K 0 line of a transfer
// cart is confirmed; deleting an account erases its Contact Us copies written before mail named
// its account.

let admin: Browser;
let meal50: { id: number };
let meal0: { id: number };
let cycleId: number;

beforeAll(async () => {
  const cycle = await activeCycle({ cycleLength: 4 });
  cycleId = cycle.id;
  meal50 = await addMenuItem({ price: "50.00" });
  meal0 = await addMenuItem({ price: "0.00" });
  admin = await signedInAdmin(["history", "refunds"]);
  await setPaymentBypass(true);
});

type Day = { weekNumber: number; dayOfWeek: number };
let next = 0;
/** A fresh meal day for each call, so the families' orders never meet. */
const day = (): Day => ({
  weekNumber: 1 + (Math.floor(next / 5) % 4),
  dayOfWeek: 1 + (next++ % 5),
});
const line = (studentId: number, d: Day, menuItemId = meal50.id) => ({
  menuItemId,
  studentId,
  ...d,
  category: "chicken",
  sideDish: "Rice",
});

const placeAlternative = (browser: Browser, body: unknown) =>
  browser.call<{ orders: { id: number; paymentStatus: string; paymentProcessor?: string }[] }>(
    orders.POST,
    "POST",
    "/api/orders?paymentMethod=alternative",
    { body },
  );
const cancelOrder = (browser: Browser, id: number) =>
  browser.call<{ status: string }>(cancel.POST, "POST", `/api/orders/${id}/cancel`, {
    params: { id: String(id) },
  });
const setStatus = (orderIds: number[], status: string) =>
  admin.call<{ updated?: number; message?: string }>(
    orderStatus.POST,
    "POST",
    "/api/orders/status",
    { body: { orderIds, status } },
  );
const statusOf = async (id: number) =>
  (await (await testDb()).order.findUniqueOrThrow({ where: key(id) })).status;

async function family(credit: string) {
  const parent = await signedUpParent();
  const child = await addStudent(parent.id, "Chanda", "3");
  if (credit !== "0.00") await giveCredit(parent.id, credit);
  return { ...parent, child };
}

/** Two K 50.00 meals by transfer with K 80.00 of credit: the first paid by it, the second K 30.00. */
async function transferWithCredit() {
  const p = await family("80.00");
  const placed = await placeAlternative(p.browser, [
    line(p.child.id, day()),
    line(p.child.id, day()),
  ]);
  expect(placed.status).toBe(200);
  expect(await ledgerBalance(p.id)).toBe("0.00");
  const [whole, partial] = placed.body.orders.map((order) => order.id);
  return { p, whole: whole!, partial: partial! };
}

describe("an admin's cancel (Cycle History)", () => {
  it("gives back the credit part of each meal at once, in the same change", async () => {
    const { p, whole, partial } = await transferWithCredit();
    const answer = await setStatus([partial], "cancelled");
    expect(answer).toMatchObject({ status: 200, body: { updated: 1 } });
    // Before the fix: the K 30.00 the awaited transfer meal took from credit was lost.
    expect(await ledgerBalance(p.id)).toBe("30.00");
    expect(await statusOf(partial)).toBe("cancelled");

    // A meal paid wholly from credit is refunded, to credit, as the orderer's cancel does.
    expect((await setStatus([whole], "cancelled")).status).toBe(200);
    expect(await ledgerBalance(p.id)).toBe("80.00");
    expect(await statusOf(whole)).toBe("refunded");
    const db = await testDb();
    expect(
      await db.orderRefund.findUnique({
        where: { schoolId_orderId: { schoolId: 1, orderId: whole } },
      }),
    ).toMatchObject({
      method: "credit",
      adminId: null,
    });
    // Once: cancelling again changes nothing and gives nothing twice.
    expect((await setStatus([partial, whole], "cancelled")).body).toMatchObject({ updated: 0 });
    expect(await ledgerBalance(p.id)).toBe("80.00");
  });
});

describe("restoring a cancelled meal", () => {
  it("refuses (409, nothing changes) a meal whose credit already came back", async () => {
    const { p, partial } = await transferWithCredit();
    const plain = await family("0.00");
    const free = await placeAlternative(plain.browser, [line(plain.child.id, day())]);
    const other = free.body.orders[0]!.id;
    expect((await cancelOrder(plain.browser, other)).status).toBe(200);

    expect((await cancelOrder(p.browser, partial)).status).toBe(200);
    expect(await ledgerBalance(p.id)).toBe("30.00");
    // Before the fix: restored, the meal kept the K 30.00 it had given back.
    const answer = await setStatus([partial, other], "pending");
    expect(answer).toMatchObject({
      status: 409,
      body: { message: STATUS_CREDIT_RETURNED_CONFLICT },
    });
    expect(await statusOf(partial)).toBe("cancelled");
    expect(await statusOf(other)).toBe("cancelled");
    expect(await ledgerBalance(p.id)).toBe("30.00");

    // A cancelled meal that gave nothing back is restored as before.
    expect(await setStatus([other], "pending")).toMatchObject({
      status: 200,
      body: { updated: 1 },
    });
  });
});

/** A card attempt of two K 50.00 meals, K 70.00 of credit held on it, and its confirmed orders. */
async function cardCart(options: { released: boolean }) {
  const p = await family("0.00");
  const db = await testDb();
  const days = [day(), day()];
  const snapshot = days.map((d) => ({
    ...line(p.child.id, d),
    cycleId,
    discountedPrice: "50.00",
  }));
  const attempt = await db.paymentAttempt.create({
    data: {
      userId: p.id,
      transactionRef: `REF-ADMIN-${p.id}`,
      paymentAmount: "30.00",
      creditAmount: "70.00",
      cartItems: { lines: snapshot, total: "100.00" },
      transactionStatus: "verified",
      fulfilledAt: new Date(),
      isRecovered: options.released,
    },
  });
  await db.creditEntry.createMany({
    data: [
      { userId: p.id, amount: "70.00", kind: "adjustment", reason: "test credit" },
      { userId: p.id, amount: "-70.00", kind: "spent", paymentAttemptId: attempt.id },
      // Closed (cancelled, then paid after all): the hold came back before the office recovered it.
      ...(options.released
        ? [
            {
              userId: p.id,
              amount: "70.00",
              kind: "released" as const,
              paymentAttemptId: attempt.id,
            },
          ]
        : []),
    ],
  });
  const ids: number[] = [];
  for (const d of days) {
    const order = await db.order.create({
      data: {
        userId: p.id,
        studentId: p.child.id,
        menuItemId: meal50.id,
        cycleId,
        ...d,
        originalPrice: "50.00",
        discountedPrice: "50.00",
        paymentStatus: "confirmed",
        paymentProcessor: "DPO",
        paymentAttemptId: attempt.id,
      },
    });
    ids.push(order.id);
  }
  return { p, ids };
}

describe("the credit part of a card payment", () => {
  it("is nothing once the attempt's hold was released: a cancel gives nothing twice", async () => {
    const { p, ids } = await cardCart({ released: true });
    expect(await ledgerBalance(p.id)).toBe("70.00");
    expect((await cancelOrder(p.browser, ids[1]!)).body.status).toBe("cancelled");
    // Before the fix: PaymentAttempt.creditAmount counted, and K 20.00 came back a second time.
    expect(await ledgerBalance(p.id)).toBe("70.00");
    const list = await admin.call<RefundsPageDto>(refunds.GET, "GET", "/api/refunds");
    expect(list.body.data.find((r) => r.id === ids[1])).toMatchObject({ amount: "50.00" });
  });

  it("shows a refunded meal at what the office paid out, not its full price", async () => {
    const { p, ids } = await cardCart({ released: false });
    expect((await cancelOrder(p.browser, ids[1]!)).body.status).toBe("cancelled");
    expect(await ledgerBalance(p.id)).toBe("20.00");
    const done = await admin.call(complete.POST, "POST", `/api/refunds/${ids[1]}/complete`, {
      params: { orderId: String(ids[1]) },
      body: { method: "cash", reference: "R-2", note: null },
    });
    expect(done.status).toBe(200);
    const list = await admin.call<RefundsPageDto>(refunds.GET, "GET", "/api/refunds");
    // Before the fix: "50.00", though K 20.00 came back as credit and K 30.00 was paid out.
    expect(list.body.data.find((r) => r.id === ids[1])).toMatchObject({
      status: "refunded",
      amount: "30.00",
    });
  });
});

describe("a bank-transfer cart with a K 0 line", () => {
  it("confirms the free line at once; only the priced one awaits the transfer", async () => {
    const p = await family("0.00");
    const placed = await placeAlternative(p.browser, [
      line(p.child.id, day(), meal0.id),
      line(p.child.id, day()),
    ]);
    expect(placed.status).toBe(200);
    const db = await testDb();
    const rows = await db.order.findMany({
      where: { id: { in: placed.body.orders.map((order) => order.id) } },
      orderBy: { id: "asc" },
      select: { discountedPrice: true, paymentStatus: true, paymentProcessor: true },
    });
    // Before the fix: the K 0 meal was pending (UNPAID in the kitchen).
    expect(
      rows.map((row) => [row.discountedPrice.toFixed(2), row.paymentStatus, row.paymentProcessor]),
    ).toEqual([
      ["0.00", "confirmed", "DISCOUNT"],
      ["50.00", "pending", "BYPASS"],
    ]);
  });
});

describe("deleting an account", () => {
  it("erases a Contact Us copy written before messages named their account", async () => {
    const p = await signedUpParent();
    const db = await testDb();
    const legacy = await db.emailOutbox.create({
      data: {
        userId: null,
        to: `support.${p.id}@school.example`,
        subject: `Portal message from ${p.username}`,
        text: `From ${p.username}: please call me`,
        status: "sent",
      },
    });
    const answer = await p.browser.call(deleteRoute.POST, "POST", "/api/account/delete", {
      body: { password: "parent-pass" },
    });
    expect(answer.status).toBe(200);
    // Before the fix: the row, with no account and another address, was left as it was.
    expect(await db.emailOutbox.findUniqueOrThrow({ where: key(legacy.id) })).toMatchObject({
      to: "[erased]",
      subject: "Portal message from Deleted account",
      text: "[erased: kept no longer than needed]",
    });
  });
});
