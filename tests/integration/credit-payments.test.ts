import { afterAll, beforeAll, beforeEach, describe, expect, it } from "@jest/globals";
import * as create from "@/app/api/payments/create/route";
import * as attemptStatus from "@/app/api/payments/payment-attempts/[transactionId]/status/route";
import * as mobileSettings from "@/app/api/settings/mobile-money/route";
import { STATUS } from "@/lib/contracts/payments";
import { testDb } from "@/tests/support/school";
import { AMOUNT_MISMATCH, CREDIT_COVERS } from "@/lib/payments/payable-cart";
import { reconcileOpenPayments } from "@/lib/payments/reconcile";
import { closeDayCall, giveCredit, ledgerBalance, myCredit } from "@/tests/support/credit-fixtures";
import {
  createdXml,
  paidXml,
  pushSentXml,
  resultXml,
  startFakeDpoProvider,
} from "@/tests/support/fake-dpo";
import { activeCycle, addMenuItem, signedInSuperadmin } from "@/tests/support/fixtures";
import type { Browser } from "@/tests/support/http";
import {
  ordersOf,
  parentWithChild,
  verifyCall,
  type PayingParent,
} from "@/tests/support/payment-fixtures";

// Checkout spends credit first (issue 17): POST /api/payments/create by card or mobile money asks
// for total − credit, holds the credit on the attempt, spends it when the payment is fulfilled and
// gives it back when the payment fails or is abandoned (the sweep included); a payment for a day
// closed meanwhile is credited, not booked. Against the local fake DPO.
const fake = await startFakeDpoProvider();

let tokens = 0;
let cycle: { id: number };
let meal: { id: number };
let admin: Browser;
let slot = 0;

beforeAll(async () => {
  cycle = await activeCycle({ cycleLength: 4 });
  meal = await addMenuItem({ price: "45.50", categories: [], sideDishes: [] });
  admin = await signedInSuperadmin();
  const on = await admin.call(mobileSettings.POST, "POST", "/api/settings/mobile-money", {
    body: { enabled: true, operators: { airtel: true, mtn: true } },
  });
  expect(on.status).toBe(200);
});
beforeEach(() => {
  fake.reset();
  fake.onCreateToken(() => createdXml(`CTOKEN-${++tokens}`));
});
afterAll(async () => fake.stop());

/** A fresh day of the cycle for each cart, so carts never collide. */
function nextDay(): [number, number] {
  const n = slot++;
  return [(Math.floor(n / 5) % 4) + 1, (n % 5) + 1];
}

function pay(p: PayingParent, days: [number, number][], amount: string, extra = {}) {
  return p.browser.call<{
    TransToken: string;
    amount?: string;
    message?: string;
    expected?: string;
  }>(create.POST, "POST", "/api/payments/create", {
    body: {
      amount,
      currency: "ZMW",
      cartItems: days.map(([weekNumber, dayOfWeek]) => ({
        menuItemId: meal.id,
        studentId: p.child.id,
        weekNumber,
        dayOfWeek,
      })),
      ...extra,
    },
  });
}

const attemptOf = async (token: string) =>
  (await testDb()).paymentAttempt.findUniqueOrThrow({
    where: { schoolId_transactionId: { schoolId: 1, transactionId: token } },
  });
const releasedCount = async (userId: number) =>
  (await testDb()).creditEntry.count({ where: { userId, kind: "released" } });

async function startWithCredit(credit = "20.00") {
  const p = await parentWithChild();
  await giveCredit(p.id, credit);
  const day = nextDay();
  const started = await pay(p, [day], "25.50");
  expect(started.status).toBe(200);
  return { p, day, token: started.body.TransToken };
}

describe("POST /api/payments/create with credit", () => {
  it("asks the provider for total − credit and holds the credit on the attempt", async () => {
    const { p, token } = await startWithCredit();
    expect(fake.requestsNamed("createToken")[0]?.fields).toMatchObject({ PaymentAmount: "25.50" });
    const attempt = await attemptOf(token);
    expect(attempt.paymentAmount.toFixed(2)).toBe("25.50");
    expect(attempt.creditAmount.toFixed(2)).toBe("20.00");
    expect(await ledgerBalance(p.id)).toBe("0.00");
    expect((await myCredit(p.browser)).body).toMatchObject({ balance: "0.00", held: "20.00" });
  });

  it("refuses the whole total when credit covers part (422 with what to pay), holding nothing", async () => {
    const p = await parentWithChild();
    await giveCredit(p.id, "20.00");
    const answer = await pay(p, [nextDay()], "45.50");
    expect(answer.status).toBe(422);
    expect(answer.body).toMatchObject({ message: AMOUNT_MISMATCH, expected: "25.50" });
    expect(fake.requestsNamed("createToken")).toHaveLength(0);
    expect(await ledgerBalance(p.id)).toBe("20.00");
  });

  it("sends a cart the credit covers to POST /api/orders (422)", async () => {
    const p = await parentWithChild();
    await giveCredit(p.id, "50.00");
    const answer = await pay(p, [nextDay()], "0.00");
    expect(answer.status).toBe(422);
    expect(answer.body).toMatchObject({ message: CREDIT_COVERS });
  });

  it("spends the held credit when the payment is fulfilled: the meal at its full price", async () => {
    const { p, token } = await startWithCredit();
    fake.onVerifyToken(() => paidXml("25.50", "ZMW"));
    expect((await verifyCall(p, token)).body).toMatchObject({ success: true });
    const orders = await ordersOf(p.id);
    expect(orders).toHaveLength(1);
    expect(orders[0]).toMatchObject({ paymentProcessor: "DPO", paymentStatus: "confirmed" });
    expect(orders[0]!.discountedPrice.toFixed(2)).toBe("45.50");
    expect(await ledgerBalance(p.id)).toBe("0.00");
    expect(await releasedCount(p.id)).toBe(0);
  });

  it("gives the credit back once when the payment is declined", async () => {
    const { p, token } = await startWithCredit();
    fake.onVerifyToken(() => resultXml("901", "Transaction Declined"));
    await verifyCall(p, token);
    await verifyCall(p, token);
    expect((await attemptOf(token)).transactionStatus).toBe("failed");
    expect(await ledgerBalance(p.id)).toBe("20.00");
    expect(await releasedCount(p.id)).toBe(1);
    expect(await ordersOf(p.id)).toHaveLength(0);
  });

  it("gives the credit back when the sweep finds the payment abandoned", async () => {
    const { p, token } = await startWithCredit();
    const db = await testDb();
    await db.$executeRaw`UPDATE "PaymentAttempt" SET "updatedAt" = now() - interval '10 minutes' WHERE "schoolId" = 1 AND "transactionId" = ${token}`;
    fake.onVerifyToken(() => resultXml("904", "Transaction cancelled"));
    await reconcileOpenPayments();
    expect((await attemptOf(token)).transactionStatus).toBe("cancelled");
    expect(await ledgerBalance(p.id)).toBe("20.00");
  });

  it("gives the credit back when an admin abandons the payment in Live Orders", async () => {
    const { p, token } = await startWithCredit();
    const db = await testDb();
    await db.paymentAttempt.update({
      where: { schoolId_transactionId: { schoolId: 1, transactionId: token } },
      data: { status: STATUS.processing },
    });
    const answer = await admin.call(
      attemptStatus.PUT,
      "PUT",
      `/api/payments/payment-attempts/${token}/status`,
      { params: { transactionId: token }, body: { status: STATUS.abandoned } },
    );
    expect(answer.status).toBe(200);
    expect(await ledgerBalance(p.id)).toBe("20.00");
    expect(await releasedCount(p.id)).toBe(1);
  });

  it("gives the credit back when a new cart replaces the open one", async () => {
    const { p } = await startWithCredit();
    fake.onVerifyToken(() => resultXml("900", "Transaction not paid yet"));
    // The replaced attempt's credit comes back before the new cart holds it again.
    const second = await pay(p, [nextDay()], "25.50");
    expect(second.status).toBe(200);
    expect(await releasedCount(p.id)).toBe(1);
    expect(fake.requestsNamed("cancelToken")).toHaveLength(1);
    expect((await attemptOf(second.body.TransToken)).creditAmount.toFixed(2)).toBe("20.00");
    expect(await ledgerBalance(p.id)).toBe("0.00");
  });

  it("holds the credit for a mobile-money payment and asks the phone for the rest", async () => {
    const p = await parentWithChild();
    await giveCredit(p.id, "20.00");
    fake.onChargeTokenMobile(() => pushSentXml());
    const answer = await pay(p, [nextDay()], "25.50", {
      paymentMethod: "MOBILE",
      mobileNumber: "0977 123 456",
    });
    expect(answer.status).toBe(200);
    expect(fake.requestsNamed("createToken")[0]?.fields).toMatchObject({ PaymentAmount: "25.50" });
    expect((await attemptOf(answer.body.TransToken)).creditAmount.toFixed(2)).toBe("20.00");
    expect(await ledgerBalance(p.id)).toBe("0.00");
  });

  it("credits, not books, a payment fulfilled after its day was closed", async () => {
    const { p, day, token } = await startWithCredit();
    const closed = await closeDayCall(admin, cycle.id, {
      weekNumber: day[0],
      dayOfWeek: day[1],
      reason: "Public holiday",
    });
    expect(closed.body).toEqual({ cancelledCount: 0, creditedTotal: "0.00" });
    fake.onVerifyToken(() => paidXml("25.50", "ZMW"));
    await verifyCall(p, token);
    expect(await ordersOf(p.id)).toHaveLength(0);
    // The held 20.00 was spent on the payment; the whole meal (45.50) comes back as credit.
    expect(await ledgerBalance(p.id)).toBe("45.50");
    const closure = await (
      await testDb()
    ).creditEntry.findFirst({
      where: { userId: p.id, kind: "closure" },
    });
    expect(closure?.amount.toFixed(2)).toBe("45.50");
  });
});
