import { afterAll, beforeAll, beforeEach, describe, expect, it } from "@jest/globals";
import * as ordersRoute from "@/app/api/orders/route";
import * as create from "@/app/api/payments/create/route";
import * as failedOrders from "@/app/api/payments/failed-orders/route";
import * as liveOrders from "@/app/api/payments/live-orders/route";
import * as update from "@/app/api/payments/payment-attempts/update/route";
import * as mobileSettings from "@/app/api/settings/mobile-money/route";
import type { OrderDto } from "@/lib/contracts";
import type { FailedOrdersAnswer, LiveOrdersPage } from "@/lib/contracts/live-orders";
import { testDb } from "@/tests/support/school";
import { MOBILE_MONEY_OFF, operatorOff } from "@/lib/contracts/mobile-money";
import { PUSH_UNKNOWN } from "@/lib/payments/create-mobile-payment";
import { NUMBER_INVALID, NUMBER_ZAMTEL, operatorMismatch } from "@/lib/validations/mobile-number";
import { PREVIOUS_PAID } from "@/lib/payments/open-attempt";
import { reconcileOpenPayments } from "@/lib/payments/reconcile";
import {
  createdXml,
  mobileXml,
  paidXml,
  pushSentXml,
  resultXml,
  startFakeDpoProvider,
} from "@/tests/support/fake-dpo";
import { activeCycle, addMenuItem, signedInSuperadmin } from "@/tests/support/fixtures";
import {
  ordersOf,
  parentWithChild,
  verifyCall,
  type PayingParent,
} from "@/tests/support/payment-fixtures";
import type { Browser } from "@/tests/support/http";

// Mobile money (issue 16) against a local fake DPO that speaks the XML protocol, ChargeTokenMobile's
// Code/Explanation answer included: every answer of POST /api/payments/create with paymentMethod
// MOBILE, and the card's guarantees (verification on the server, orders once, the sweep, one open
// transaction per parent across card and mobile).
const fake = await startFakeDpoProvider();
process.env.DPO_MNO_MTN = "MTNZM-TEST";

let tokens = 0;
let meal: { id: number };
let pricey: { id: number };
let cheap: { id: number };
let admin: Browser;

async function setMobileMoney(enabled: boolean, airtel = true, mtn = true) {
  const answer = await admin.call(mobileSettings.POST, "POST", "/api/settings/mobile-money", {
    body: { enabled, operators: { airtel, mtn } },
  });
  expect(answer.status).toBe(200);
}

beforeAll(async () => {
  await activeCycle();
  meal = await addMenuItem({ price: "45.50", categories: [], sideDishes: [] });
  pricey = await addMenuItem({ price: "2600.00", categories: [], sideDishes: [] });
  cheap = await addMenuItem({ price: "0.50", categories: [], sideDishes: [] });
  admin = await signedInSuperadmin();
  await setMobileMoney(true);
});
beforeEach(() => {
  fake.reset();
  fake.onCreateToken(() => createdXml(`MTOKEN-${++tokens}`));
});
afterAll(async () => fake.stop());

type Parent = PayingParent;

type Answer = {
  TransToken: string;
  Result: string;
  companyRef: string;
  instructions: string;
  message?: string;
  pushStatus?: string;
  Code?: string;
  paymentUrl?: string;
};

function pay(
  p: Parent,
  days: [number, number][],
  extra: Record<string, unknown> = {},
  item = meal,
  price = "45.50",
) {
  const total = (days.length * Number(price)).toFixed(2);
  return p.browser.call<Answer>(create.POST, "POST", "/api/payments/create", {
    body: {
      amount: total,
      currency: "ZMW",
      paymentMethod: "MOBILE",
      mobileNumber: "0977 123 456",
      cartItems: days.map(([weekNumber, dayOfWeek]) => ({
        menuItemId: item.id,
        studentId: p.child.id,
        weekNumber,
        dayOfWeek,
      })),
      ...extra,
    },
  });
}

const attemptOf = async (token: string) =>
  (await testDb()).paymentAttempt.findUnique({
    where: { schoolId_transactionId: { schoolId: 1, transactionId: token } },
  });
const attemptsOf = async (userId: number) =>
  (await testDb()).paymentAttempt.findMany({ where: { userId }, orderBy: { id: "asc" } });

describe("POST /api/payments/create with paymentMethod MOBILE", () => {
  it("creates the token for the server's total, pushes to the phone and answers as the issue says", async () => {
    const p = await parentWithChild();
    const answer = await pay(p, [
      [1, 1],
      [1, 2],
    ]);
    expect(answer.status).toBe(200);
    expect(answer.body).toEqual({
      TransToken: expect.stringMatching(/^MTOKEN-/),
      Result: "000",
      companyRef: expect.stringMatching(/^CANTEEN-/),
      instructions: "Please approve the payment on your phone by entering your PIN.",
    });
    expect(fake.requests.map((r) => r.name)).toEqual(["createToken", "ChargeTokenMobile"]);
    expect(fake.requestsNamed("createToken")[0]?.fields).toMatchObject({
      PaymentAmount: "91.00",
      PaymentCurrency: "ZMW",
      CompanyRef: answer.body.companyRef,
    });
    expect(fake.requestsNamed("ChargeTokenMobile")[0]?.fields).toEqual({
      CompanyToken: "COMPANY-TOKEN",
      Request: "ChargeTokenMobile",
      TransactionToken: answer.body.TransToken,
      PhoneNumber: "260977123456",
      MNO: "AirtelZM",
      MNOcountry: "zambia",
    });
    expect(await attemptOf(answer.body.TransToken)).toMatchObject({
      transactionStatus: "initiated",
      status: "Payment Initiated",
      paymentMethod: "MOBILE",
      mobileOperator: "airtel",
      mobileNumber: "097****456",
    });
  });

  it("reads +260 and 260 forms, takes MNO names from the configuration, and accepts the chosen operator", async () => {
    const p = await parentWithChild();
    const answer = await pay(p, [[1, 3]], {
      mobileNumber: "+260 96 712 3456",
      mobileOperator: "mtn",
    });
    expect(answer.status).toBe(200);
    expect(fake.requestsNamed("ChargeTokenMobile")[0]?.fields).toMatchObject({
      PhoneNumber: "260967123456",
      MNO: "MTNZM-TEST",
    });
    expect((await attemptOf(answer.body.TransToken))?.mobileNumber).toBe("096****456");
  });

  it.each([
    ["0977 12 34", null, NUMBER_INVALID],
    ["0211 123 456", null, NUMBER_INVALID],
    ["0955 123 456", null, NUMBER_ZAMTEL],
    ["0967 123 456", "airtel", operatorMismatch("airtel", "mtn")],
    ["", null, "Please enter the mobile money number that will pay."],
  ])("answers %j (%s) with 422 and sends nothing to DPO", async (mobileNumber, chosen, message) => {
    const p = await parentWithChild();
    const answer = await pay(p, [[1, 4]], { mobileNumber, mobileOperator: chosen });
    expect(answer.status).toBe(422);
    expect(answer.body.message).toBe(message);
    expect(fake.requests).toHaveLength(0);
    expect(await attemptsOf(p.id)).toHaveLength(0);
  });

  it("refuses an unknown operator name before anything else", async () => {
    const p = await parentWithChild();
    const answer = await pay(p, [[1, 4]], { mobileOperator: "zamtel" });
    expect(answer.status).toBe(422);
    expect(fake.requests).toHaveLength(0);
  });

  it("checks the operator's limits first: 422 naming the limit, nothing sent", async () => {
    const p = await parentWithChild();
    const days: [number, number][] = [
      [2, 1],
      [2, 2],
      [2, 3],
      [2, 4],
    ];
    // K10,400: over Airtel's K10,000, within MTN's K20,000.
    const airtel = await pay(p, days, {}, pricey, "2600.00");
    expect(airtel.status).toBe(422);
    expect(airtel.body.message).toMatch(/^Airtel Money takes payments of K.1\.00 to K.10,000\.00/);
    expect(airtel.body.message).toMatch(/above the limit of K.10,000\.00/);
    expect(fake.requests).toHaveLength(0);
    const mtn = await pay(p, days, { mobileNumber: "0767123456" }, pricey, "2600.00");
    expect(mtn.status).toBe(200);

    const q = await parentWithChild();
    const below = await pay(q, [[2, 1]], {}, cheap, "0.50");
    expect(below.status).toBe(422);
    expect(below.body.message).toMatch(/below the minimum of K.1\.00/);
  });

  it("is refused while the setting is off, or for an operator that is off", async () => {
    const p = await parentWithChild();
    await setMobileMoney(false);
    try {
      const off = await pay(p, [[1, 5]]);
      expect(off.status).toBe(409);
      expect(off.body.message).toBe(MOBILE_MONEY_OFF);
      await setMobileMoney(true, false, true);
      const airtelOff = await pay(p, [[1, 5]]);
      expect(airtelOff.status).toBe(422);
      expect(airtelOff.body.message).toBe(operatorOff("Airtel Money"));
      expect(fake.requests).toHaveLength(0);
    } finally {
      await setMobileMoney(true);
    }
  });
});

describe("a push that is not sent", () => {
  it("shows DPO's explanation when refused, keeps the attempt open, and pushes again on the same token after a correction", async () => {
    const p = await parentWithChild();
    fake.onChargeTokenMobile(() => mobileXml("999", "Invalid MSISDN"), { once: true });
    const refused = await pay(p, [[3, 1]]);
    expect(refused.status).toBe(502);
    expect(refused.body).toMatchObject({
      message: "Invalid MSISDN",
      pushStatus: "refused",
      Code: "999",
      TransToken: expect.stringMatching(/^MTOKEN-/),
    });
    const token = refused.body.TransToken;
    expect(await attemptOf(token)).toMatchObject({
      transactionStatus: "initiated",
      errorDetails: "Push to 097****456 refused: 999: Invalid MSISDN",
    });

    const corrected = await pay(p, [[3, 1]], { mobileNumber: "0777 654 321" });
    expect(corrected.status).toBe(200);
    expect(corrected.body.TransToken).toBe(token);
    expect(fake.requestsNamed("createToken")).toHaveLength(1);
    // Asked about first (a paid token is never pushed again), then pushed to the new number.
    expect(fake.requests.map((r) => r.name)).toEqual([
      "createToken",
      "ChargeTokenMobile",
      "verifyToken",
      "ChargeTokenMobile",
    ]);
    expect(fake.requestsNamed("ChargeTokenMobile")[1]?.fields).toMatchObject({
      TransactionToken: token,
      PhoneNumber: "260777654321",
    });
    expect((await attemptOf(token))?.mobileNumber).toBe("077****321");
    expect(await ordersOf(p.id)).toHaveLength(0);
  });

  it.each([
    ["unreachable", () => ({ close: true }) as const],
    ["an HTTP error", () => ({ status: 503, body: "down" })],
    ["garbage", () => "<<<not xml"],
    ["a document without a code", () => "<API3G><Explanation>?</Explanation></API3G>"],
  ])("leaves the attempt open when DPO is %s", async (_, reply) => {
    const p = await parentWithChild();
    fake.onChargeTokenMobile(reply, { once: true });
    const answer = await pay(p, [[3, 2]]);
    expect(answer.status).toBe(502);
    expect(answer.body).toMatchObject({ message: PUSH_UNKNOWN, pushStatus: "unknown" });
    expect(await attemptOf(answer.body.TransToken)).toMatchObject({
      transactionStatus: "initiated",
    });
    // Nothing is paid until verifyToken says so; the parent may still approve a push that arrived.
    fake.onVerifyToken(() => paidXml("45.50", "ZMW"));
    expect((await verifyCall(p, answer.body.TransToken)).body.success).toBe(true);
    expect(await ordersOf(p.id)).toHaveLength(1);
  });

  it("fails the attempt and pushes nothing when the token cannot be created", async () => {
    const p = await parentWithChild();
    fake.onCreateToken(() => ({ close: true }), { once: true });
    const answer = await pay(p, [[3, 3]]);
    expect(answer.status).toBe(502);
    expect(answer.body.message).toBe("Payment initialization failed");
    expect(fake.requestsNamed("ChargeTokenMobile")).toHaveLength(0);
    expect((await attemptsOf(p.id))[0]).toMatchObject({ transactionStatus: "failed" });
  });
});

describe("verification of a push", () => {
  it("stays pending through several 900s, then makes the orders once on approval", async () => {
    const p = await parentWithChild();
    const started = await pay(p, [
      [4, 1],
      [4, 2],
    ]);
    const token = started.body.TransToken;
    for (let i = 0; i < 3; i++) {
      fake.onVerifyToken(() => resultXml("900", "Transaction not paid yet"), { once: true });
      const pending = await verifyCall(p, token);
      expect(pending.body).toMatchObject({ success: false, TransactionStatus: "pending" });
    }
    expect(await ordersOf(p.id)).toHaveLength(0);
    fake.onVerifyToken(() => paidXml("91.00", "ZMW"));
    const answers = await Promise.all(Array.from({ length: 5 }, () => verifyCall(p, token)));
    expect(answers.every((a) => a.body.success)).toBe(true);
    expect((await verifyCall(p, token)).body.success).toBe(true);
    const orders = await ordersOf(p.id);
    expect(orders).toHaveLength(2);
    expect(orders.every((o) => o.paymentStatus === "confirmed")).toBe(true);
    expect(await attemptOf(token)).toMatchObject({
      transactionStatus: "verified",
      status: "Orders created successfully",
    });
  });

  it("creates nothing when DPO reports another amount or currency", async () => {
    const p = await parentWithChild();
    const started = await pay(p, [[4, 3]]);
    fake.onVerifyToken(() => paidXml("4.55", "ZMW"), { once: true });
    const answer = await verifyCall(p, started.body.TransToken);
    expect(answer.body.success).toBe(false);
    expect(await ordersOf(p.id)).toHaveLength(0);
    expect(await attemptOf(started.body.TransToken)).toMatchObject({ transactionStatus: "failed" });
  });

  it("reports a decline with its reason and frees the slot for a new push", async () => {
    const p = await parentWithChild();
    const started = await pay(p, [[4, 4]]);
    fake.onVerifyToken(() => resultXml("901", "Declined by the subscriber"), { once: true });
    const declined = await verifyCall(p, started.body.TransToken);
    expect(declined.body).toMatchObject({
      success: false,
      TransactionStatus: "failed",
      Result: "901",
      message: "Declined by the subscriber",
    });
    const again = await pay(p, [[4, 4]]);
    expect(again.status).toBe(200);
    expect(again.body.TransToken).not.toBe(started.body.TransToken);
  });

  it("is finished by the sweep after the waiting screen gave up: orders and e-mail once", async () => {
    const p = await parentWithChild();
    const started = await pay(p, [[4, 5]]);
    const db = await testDb();
    await db.$executeRaw`UPDATE "PaymentAttempt" SET "updatedAt" = now() - interval '10 minutes' WHERE "schoolId" = 1 AND "transactionId" = ${started.body.TransToken}`;
    fake.onVerifyToken((token) =>
      token === started.body.TransToken ? paidXml("45.50", "ZMW") : resultXml("900", "Not paid"),
    );
    await Promise.all([reconcileOpenPayments(), reconcileOpenPayments()]);
    const orders = await ordersOf(p.id);
    expect(orders).toHaveLength(1);
    expect((await attemptOf(started.body.TransToken))?.isRecovered).toBe(true);
    const mail = await db.emailOutbox.count({
      where: { to: p.email!, subject: { startsWith: "Order confirmation" } },
    });
    expect(mail).toBe(1);
  });
});

describe("one open transaction per parent across card and mobile", () => {
  const cardPay = (p: Parent, days: [number, number][]) =>
    pay(p, days, { paymentMethod: "CARD", mobileNumber: undefined });

  it("cancels an open push when the parent pays the same cart by card, and the reverse", async () => {
    const p = await parentWithChild();
    const mobile = await pay(p, [[1, 1]]);
    const card = await cardPay(p, [[1, 1]]);
    expect(card.status).toBe(200);
    expect(card.body.paymentUrl).toContain("payv2.php?ID=");
    expect(card.body.TransToken).not.toBe(mobile.body.TransToken);
    expect(fake.requestsNamed("cancelToken").map((r) => r.fields.TransactionToken)).toEqual([
      mobile.body.TransToken,
    ]);
    expect(await attemptOf(mobile.body.TransToken)).toMatchObject({
      transactionStatus: "cancelled",
    });

    const back = await pay(p, [[1, 1]]);
    expect(back.status).toBe(200);
    expect(fake.requestsNamed("cancelToken").map((r) => r.fields.TransactionToken)).toEqual([
      mobile.body.TransToken,
      card.body.TransToken,
    ]);
    const open = (await attemptsOf(p.id)).filter((a) => a.transactionStatus === "initiated");
    expect(open).toHaveLength(1);
    expect(open[0]).toMatchObject({ paymentMethod: "MOBILE", transactionId: back.body.TransToken });
  });

  it("refuses a new push when the open one was paid meanwhile, and makes its orders", async () => {
    const p = await parentWithChild();
    const first = await pay(p, [[1, 2]]);
    fake.onVerifyToken(() => paidXml("45.50", "ZMW"));
    const again = await pay(p, [[1, 2]]);
    expect(again.status).toBe(409);
    expect(again.body.message).toBe(PREVIOUS_PAID);
    expect(fake.requestsNamed("ChargeTokenMobile")).toHaveLength(1);
    expect(await ordersOf(p.id)).toHaveLength(1);
    expect((await attemptOf(first.body.TransToken))?.transactionStatus).toBe("verified");
  });

  it("keeps one open attempt when two pushes start at once", async () => {
    const p = await parentWithChild();
    const answers = await Promise.all([pay(p, [[1, 3]]), pay(p, [[1, 3]])]);
    expect(answers.some((a) => a.status === 200)).toBe(true);
    expect(answers.every((a) => a.status === 200 || a.status === 409)).toBe(true);
    const open = (await attemptsOf(p.id)).filter((a) => a.transactionStatus === "initiated");
    expect(open).toHaveLength(1);
    expect(fake.requestsNamed("createToken")).toHaveLength(1);
  });
});

describe("Cancel on the waiting screen", () => {
  const cancel = (p: Parent, token: string) =>
    p.browser.call<{ TransactionStatus: string; success: boolean; message: string }>(
      update.POST,
      "POST",
      "/api/payments/payment-attempts/update",
      { body: { transactionId: token, transactionStatus: "cancelled" } },
    );

  it("cancels the token at DPO first, then verifies", async () => {
    const p = await parentWithChild();
    const started = await pay(p, [[2, 5]]);
    fake.reset();
    fake.onVerifyToken(() => resultXml("904", "Transaction cancelled"));
    const answer = await cancel(p, started.body.TransToken);
    expect(answer.body).toMatchObject({ TransactionStatus: "cancelled", success: false });
    expect(fake.requests.map((r) => r.name)).toEqual(["cancelToken", "verifyToken"]);
    expect(await attemptOf(started.body.TransToken)).toMatchObject({
      transactionStatus: "cancelled",
      status: "Payment Abandoned",
    });
  });

  it("makes the orders when the phone approved just before the cancel", async () => {
    const p = await parentWithChild();
    const started = await pay(p, [[3, 5]]);
    fake.onCancelToken(() => resultXml("999", "Transaction cannot be cancelled: paid"));
    fake.onVerifyToken(() => paidXml("45.50", "ZMW"));
    const answer = await cancel(p, started.body.TransToken);
    expect(answer.body).toMatchObject({ success: true, TransactionStatus: "verified" });
    expect(await ordersOf(p.id)).toHaveLength(1);
  });
});

describe("what Live Orders, Order Recovery and Order History show", () => {
  it("names the method and the masked number of a mobile payment, and Card for a card", async () => {
    const p = await parentWithChild();
    const mobile = await pay(p, [[2, 1]], { mobileNumber: "+260967123456" });
    fake.onVerifyToken(() => paidXml("45.50", "ZMW"));
    expect((await verifyCall(p, mobile.body.TransToken)).body.success).toBe(true);
    const card = await pay(p, [[2, 2]], { paymentMethod: "CARD", mobileNumber: undefined });
    expect((await verifyCall(p, card.body.TransToken)).body.success).toBe(true);

    const history = await p.browser.call<OrderDto[]>(ordersRoute.GET, "GET", "/api/orders");
    expect(history.body.map((o) => [o.dayOfWeek, o.payment])).toEqual([
      [2, { method: "CARD", operator: null, maskedNumber: null }],
      [1, { method: "MOBILE", operator: "mtn", maskedNumber: "096****456" }],
    ]);

    const live = await admin.call<LiveOrdersPage>(
      liveOrders.GET,
      "GET",
      "/api/payments/live-orders",
      {
        query: { parent: p.username },
      },
    );
    expect(live.body.data.map((row) => row.payment)).toEqual([
      { method: "CARD", operator: null, maskedNumber: null },
      { method: "MOBILE", operator: "mtn", maskedNumber: "096****456" },
    ]);
  });

  it("lists a paid push whose day was taken meanwhile in Order Recovery with its number", async () => {
    const p = await parentWithChild();
    const started = await pay(p, [[3, 4]], { mobileNumber: "0777 000 111" });
    // The same day ordered for free meanwhile (another tab, a 100% code, an admin).
    const db = await testDb();
    const cycle = await db.orderCycle.findFirstOrThrow({ where: { isActive: true } });
    await db.order.create({
      data: {
        userId: p.id,
        studentId: p.child.id,
        menuItemId: meal.id,
        cycleId: cycle.id,
        weekNumber: 3,
        dayOfWeek: 4,
        originalPrice: "45.50",
        discountedPrice: "0",
      },
    });
    fake.onVerifyToken(() => paidXml("45.50", "ZMW"));
    expect((await verifyCall(p, started.body.TransToken)).body.TransactionStatus).toBe(
      "paid-unfulfilled",
    );
    const failed = await admin.call<FailedOrdersAnswer>(
      failedOrders.GET,
      "GET",
      "/api/payments/failed-orders",
    );
    const row = failed.body.data.find((f) => f.paymentRef === started.body.TransToken);
    expect(row?.payment).toEqual({
      method: "MOBILE",
      operator: "airtel",
      maskedNumber: "077****111",
    });
  });
});

describe("the fake's default push", () => {
  it("is DPO's 130 New invoice", () => {
    expect(pushSentXml()).toContain("<Code>130</Code><Explanation>New invoice</Explanation>");
  });
});
