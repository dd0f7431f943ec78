import { afterAll, beforeAll, beforeEach, describe, expect, it } from "@jest/globals";
import * as create from "@/app/api/payments/create/route";
import * as update from "@/app/api/payments/payment-attempts/update/route";
import * as retry from "@/app/api/payments/orders/[id]/retry/route";
import * as verifyPending from "@/app/api/payments/verify/route";
import { RECOVERY, STATUS, TX } from "@/lib/contracts/payments";
import { defaultSchool, key, testDb } from "@/tests/support/school";
import { ORDERS_NO_LONGER_LIVE } from "@/lib/orders/pending-payments";
import { fulfil, PAID_AFTER_CLOSE_DETAILS } from "@/lib/payments/fulfil";
import { reconcileOpenPayments } from "@/lib/payments/reconcile";
import { giveCredit, ledgerBalance } from "@/tests/support/credit-fixtures";
import { createdXml, paidXml, resultXml, startFakeDpoProvider } from "@/tests/support/fake-dpo";
import { activeCycle, addMenuItem } from "@/tests/support/fixtures";
import type { Browser } from "@/tests/support/http";
import {
  directOrder,
  directParent,
  orderGround,
  signedInAdmin,
  type Ground,
} from "@/tests/support/money-admin-fixtures";
import {
  ordersOf,
  parentWithChild,
  verifyCall,
  type PayingParent,
} from "@/tests/support/payment-fixtures";

// Issue 43, "Also": a closed payment never becomes orders, and a payment is never verified for an
// order that is no longer live. fulfil() made the orders of any attempt not yet fulfilled, so a
// card payment cancelled with its held credit given back, then reported paid by the provider,
// became orders that spent that credit a second time; PUT /api/payments/verify confirmed the
// payment of a cancelled or refunded order. Against the local fake DPO.
const fake = await startFakeDpoProvider();

let tokens = 0;
let meal: { id: number };
let slot = 0;
beforeAll(async () => {
  await activeCycle({ cycleLength: 4 });
  meal = await addMenuItem({ price: "45.50", categories: [], sideDishes: [] });
});
beforeEach(() => {
  fake.reset();
  fake.onCreateToken(() => createdXml(`CLOSED-${++tokens}`));
});
afterAll(async () => fake.stop());

/** A card payment of one meal (45.50) of which `credit` is paid from the account's credit. */
async function cardPaymentWithCredit(credit: string) {
  const p = await parentWithChild();
  await giveCredit(p.id, credit);
  const n = slot++;
  const started = await p.browser.call<{ TransToken: string }>(
    create.POST,
    "POST",
    "/api/payments/create",
    {
      body: {
        amount: (45.5 - Number(credit)).toFixed(2),
        currency: "ZMW",
        cartItems: [
          {
            menuItemId: meal.id,
            studentId: p.child.id,
            weekNumber: (Math.floor(n / 5) % 4) + 1,
            dayOfWeek: (n % 5) + 1,
          },
        ],
      },
    },
  );
  expect(started.status).toBe(200);
  return { p, token: started.body.TransToken };
}

/** The parent's Back on the provider's page: the token is cancelled and the credit given back. */
async function cancelByParent(p: PayingParent, token: string) {
  const answer = await p.browser.call(
    update.POST,
    "POST",
    "/api/payments/payment-attempts/update",
    {
      body: { transactionId: token, transactionStatus: "cancelled" },
    },
  );
  expect(answer.body).toMatchObject({ TransactionStatus: "cancelled" });
}

const attemptOf = async (token: string) =>
  (await testDb()).paymentAttempt.findUniqueOrThrow({
    where: { schoolId_transactionId: { schoolId: 1, transactionId: token } },
  });

describe("fulfil() of a closed payment", () => {
  it("makes no orders for a cancelled payment whose credit was given back, and lists it for recovery", async () => {
    const { p, token } = await cardPaymentWithCredit("20.00");
    expect(await ledgerBalance(p.id)).toBe("0.00");
    await cancelByParent(p, token);
    expect(await attemptOf(token)).toMatchObject({ transactionStatus: TX.cancelled });
    expect(await ledgerBalance(p.id)).toBe("20.00");

    // The provider reports it paid after all (the cancel raced a payment).
    fake.onVerifyToken(() => paidXml("25.50", "ZMW"));
    const verified = await verifyCall(p, token);
    expect(verified.status).toBe(200);
    expect(verified.body).toMatchObject({ success: false, TransactionStatus: "paid-unfulfilled" });
    // Before the fix: one order, and the 20.00 both given back and spent on it.
    expect(await ordersOf(p.id)).toHaveLength(0);
    expect(await ledgerBalance(p.id)).toBe("20.00");
    expect(await attemptOf(token)).toMatchObject({
      transactionStatus: TX.verified,
      status: STATUS.error,
      errorDetails: PAID_AFTER_CLOSE_DETAILS,
      recoveryStatus: RECOVERY.started,
      fulfilledAt: null,
    });

    // Asked again, by the parent, the sweep or an admin's Retry: still no orders.
    expect((await verifyCall(p, token)).body).toMatchObject({ success: false });
    const admin = await signedInAdmin(["live_orders"]);
    const { id } = await attemptOf(token);
    const retried = await admin.call(retry.POST, "POST", `/api/payments/orders/${id}/retry`, {
      params: { id: String(id) },
      body: {},
    });
    expect(retried.body).toMatchObject({ success: false });
    expect(await ordersOf(p.id)).toHaveLength(0);
    expect(await ledgerBalance(p.id)).toBe("20.00");
  });

  it("makes no orders for a payment that failed (declined) and is then reported paid", async () => {
    const { p, token } = await cardPaymentWithCredit("10.00");
    fake.onVerifyToken(() => resultXml("901", "Transaction Declined"), { once: true });
    expect((await verifyCall(p, token)).body).toMatchObject({ TransactionStatus: "failed" });
    expect(await ledgerBalance(p.id)).toBe("10.00");

    fake.onVerifyToken(() => paidXml("35.50", "ZMW"));
    expect((await verifyCall(p, token)).body).toMatchObject({ success: false });
    expect(await ordersOf(p.id)).toHaveLength(0);
    expect(await ledgerBalance(p.id)).toBe("10.00");
  });

  it("makes no orders for an attempt seen failed before its released entry is (a waiting claim)", async () => {
    const { p, token } = await cardPaymentWithCredit("10.00");
    // What a claim that waited on the closing's row lock sees again: the attempt's own columns
    // (failed, credit held), not the released entry its subquery read before the wait.
    const db = await testDb();
    await db.paymentAttempt.update({
      where: { schoolId_transactionId: { schoolId: 1, transactionId: token } },
      data: { transactionStatus: TX.failed },
    });
    const { id } = await attemptOf(token);
    await fulfil(await defaultSchool(), id);
    // Before the fix: the order was made, spending credit the closing gives back.
    expect(await ordersOf(p.id)).toHaveLength(0);
    expect(await attemptOf(token)).toMatchObject({ fulfilledAt: null });
  });

  it("still makes the orders of an open payment once, the credit spent once", async () => {
    const { p, token } = await cardPaymentWithCredit("20.00");
    fake.onVerifyToken(() => paidXml("25.50", "ZMW"));
    const db = await testDb();
    await db.$executeRaw`UPDATE "PaymentAttempt" SET "updatedAt" = now() - interval '10 minutes' WHERE "schoolId" = 1 AND "transactionId" = ${token}`;
    await Promise.all([verifyCall(p, token), reconcileOpenPayments(), verifyCall(p, token)]);
    expect(await ordersOf(p.id)).toHaveLength(1);
    expect(await ledgerBalance(p.id)).toBe("0.00");
    expect(await attemptOf(token)).toMatchObject({ status: STATUS.done });
  });
});

describe("PUT /api/payments/verify of an order no longer live", () => {
  let ground: Ground;
  let admin: Browser;
  beforeAll(async () => {
    ground = await orderGround();
    admin = await signedInAdmin(["pending_payments"]);
  });
  const verifyIds = (orderIds: number[]) =>
    admin.call<{ updated?: number; message?: string; orderIds?: number[] }>(
      verifyPending.PUT,
      "PUT",
      "/api/payments/verify",
      { body: { orderIds } },
    );
  const paymentStatusOf = async (id: number) =>
    (await (await testDb()).order.findUniqueOrThrow({ where: key(id) })).paymentStatus;

  it.each(["cancelled", "refunded"] as const)(
    "refuses a %s order (409) and changes nothing of the selection",
    async (status) => {
      const parent = await directParent();
      const gone = await directOrder(ground, parent, { status });
      const live = await directOrder(ground, parent);
      const answer = await verifyIds([live.id, gone.id]);
      expect(answer.status).toBe(409);
      expect(answer.body).toMatchObject({
        message: ORDERS_NO_LONGER_LIVE,
        error: ORDERS_NO_LONGER_LIVE,
        orderIds: [gone.id],
      });
      expect(await paymentStatusOf(gone.id)).toBe("pending");
      expect(await paymentStatusOf(live.id)).toBe("pending");

      expect((await verifyIds([live.id])).body).toEqual({ updated: 1 });
      expect(await paymentStatusOf(live.id)).toBe("confirmed");
    },
  );
});
