import { afterAll, beforeAll, beforeEach, describe, expect, it } from "@jest/globals";
import fc from "fast-check";
import * as topUp from "@/app/api/account/top-up/route";
import * as mobileSettings from "@/app/api/settings/mobile-money/route";
import * as walletSettings from "@/app/api/settings/wallet/route";
import type { CreatePaymentAnswer } from "@/lib/contracts/payments";
import { MOBILE_MONEY_OFF, type MobilePaymentAnswer } from "@/lib/contracts/mobile-money";
import type { WalletSettingsDto } from "@/lib/contracts/wallet";
import { formatNgwee, toNgwee } from "@/lib/money";
import { reconcileOpenPayments } from "@/lib/payments/reconcile";
import { AMOUNT_FORMAT, TOP_UP_LIMITS_ORDER } from "@/lib/validations/wallet";
import { testDb } from "@/tests/support/school";
import { ledgerBalance, myCredit, placeOrders } from "@/tests/support/credit-fixtures";
import { createdXml, paidXml, resultXml, startFakeDpoProvider } from "@/tests/support/fake-dpo";
import { activeCycle, addMenuItem, signedInSuperadmin } from "@/tests/support/fixtures";
import type { Browser } from "@/tests/support/http";
import { parentWithChild, verifyCall, type PayingParent } from "@/tests/support/payment-fixtures";

// The family wallet's top-up (issue 47) against a local fake DPO that speaks the XML protocol:
// POST /api/account/top-up answers like a payment's creation, and the return page's verify, the
// sweep and any number of them at once credit a paid top-up exactly once, for exactly what was
// paid. Amounts outside the school's limits change nothing.
const fake = await startFakeDpoProvider();

let tokens = 0;
let admin: Browser;

beforeAll(async () => {
  admin = await signedInSuperadmin();
  const enabled = await admin.call(mobileSettings.POST, "POST", "/api/settings/mobile-money", {
    body: { enabled: true, operators: { airtel: true, mtn: true } },
  });
  expect(enabled.status).toBe(200);
});
beforeEach(() => {
  fake.reset();
  fake.onCreateToken(() => createdXml(`WTOKEN-${++tokens}`));
});
afterAll(async () => fake.stop());

const topUpCall = (p: { browser: Browser }, body: Record<string, unknown>) =>
  p.browser.call<CreatePaymentAnswer & MobilePaymentAnswer & { message?: string }>(
    topUp.POST,
    "POST",
    "/api/account/top-up",
    { body: { redirectURL: "https://evil.example/x", backURL: "https://evil.example/y", ...body } },
  );

async function entriesOf(userId: number) {
  const db = await testDb();
  return db.creditEntry.findMany({ where: { userId }, orderBy: { id: "asc" } });
}

async function attemptsOf(userId: number) {
  const db = await testDb();
  return db.paymentAttempt.findMany({ where: { userId }, orderBy: { id: "asc" } });
}

describe("POST /api/account/top-up by card", () => {
  it("asks DPO for exactly the amount, no fee, with our own return addresses", async () => {
    const p = await parentWithChild();
    const answer = await topUpCall(p, { amount: "200", paymentMethod: "CC" });
    expect(answer.status).toBe(200);
    expect(answer.body).toMatchObject({
      Result: "000",
      TransToken: expect.stringMatching(/^WTOKEN-/),
      paymentUrl: `https://pay.example.test/payv2.php?ID=${answer.body.TransToken}`,
      amount: "200.00",
    });
    const [request] = fake.requestsNamed("createToken");
    expect(request?.fields).toMatchObject({
      PaymentAmount: "200.00",
      PaymentCurrency: "ZMW",
      RedirectURL: "http://localhost:3000/payment/success",
      BackURL: "http://localhost:3000/payment/cancel",
      ServiceDescription: "School canteen wallet top-up",
    });
    // Nothing is credited before DPO says it was paid.
    expect(await entriesOf(p.id)).toEqual([]);
  });

  it("credits a paid top-up once, however many verifications run at once", async () => {
    const p = await parentWithChild();
    const started = await topUpCall(p, { amount: "150.50", paymentMethod: "cc" });
    expect(started.status).toBe(200);
    fake.onVerifyToken(() => paidXml("150.50", "ZMW"));
    const answers = await Promise.all(
      Array.from({ length: 5 }, () => verifyCall(p, started.body.TransToken)),
    );
    for (const answer of answers) {
      expect(answer.status).toBe(200);
      expect(answer.body).toMatchObject({
        success: true,
        topUp: { reference: started.body.companyRef, amount: "150.50", balance: "150.50" },
      });
      expect(answer.body.receipt).toBeUndefined();
    }
    await reconcileOpenPayments({ olderThanSeconds: 0 });
    const entries = await entriesOf(p.id);
    expect(entries.map((e) => [e.kind, e.amount.toFixed(2), e.reason])).toEqual([
      ["topup", "150.50", "card"],
    ]);
    const credit = await myCredit(p.browser);
    expect(credit.body.balance).toBe("150.50");
    expect(credit.body.entries[0]?.description).toBe("Top-up: card");
    const db = await testDb();
    const mail = await db.emailOutbox.findMany({
      where: { userId: p.id, subject: { startsWith: "Top-up" } },
    });
    expect(mail.map((m) => m.subject)).toEqual([`Top-up received: ${formatNgwee(150_50)}`]);
  });

  it("credits nothing when DPO declines, or says a different amount was paid", async () => {
    const declined = await parentWithChild();
    const first = await topUpCall(declined, { amount: "100", paymentMethod: "CC" });
    fake.onVerifyToken(() => resultXml("901", "Declined"), { once: true });
    expect((await verifyCall(declined, first.body.TransToken)).body.success).toBe(false);

    const short = await parentWithChild();
    const second = await topUpCall(short, { amount: "100", paymentMethod: "CC" });
    fake.onVerifyToken(() => paidXml("10.00", "ZMW"), { once: true });
    expect((await verifyCall(short, second.body.TransToken)).body.success).toBe(false);

    expect(await entriesOf(declined.id)).toEqual([]);
    expect(await entriesOf(short.id)).toEqual([]);
  });

  it("is credited by the sweep when the parent never came back", async () => {
    const p = await parentWithChild();
    const started = await topUpCall(p, { amount: "75", paymentMethod: "CC" });
    fake.onVerifyToken((token) =>
      token === started.body.TransToken ? paidXml("75.00", "ZMW") : resultXml("900", "Not paid"),
    );
    await Promise.all([
      reconcileOpenPayments({ olderThanSeconds: 0 }),
      reconcileOpenPayments({ olderThanSeconds: 0 }),
    ]);
    expect((await entriesOf(p.id)).map((e) => [e.kind, e.amount.toFixed(2)])).toEqual([
      ["topup", "75.00"],
    ]);
  });

  it("pays the next order from the wallet", async () => {
    await activeCycle();
    const meal = await addMenuItem({ price: "45.50", categories: [], sideDishes: [] });
    const p = await parentWithChild();
    const started = await topUpCall(p, { amount: "50", paymentMethod: "CC" });
    fake.onVerifyToken(() => paidXml("50.00", "ZMW"));
    await verifyCall(p, started.body.TransToken);
    const placed = await placeOrders(p.browser, [
      { menuItemId: meal.id, studentId: p.child.id, weekNumber: 2, dayOfWeek: 2 },
    ]);
    expect(placed.status).toBe(200);
    expect(await ledgerBalance(p.id)).toBe("4.50");
  });
});

describe("POST /api/account/top-up by mobile money", () => {
  it("pushes the amount to the phone and credits it with the operator and masked number", async () => {
    const p = await parentWithChild();
    const started = await topUpCall(p, {
      amount: "120",
      paymentMethod: "MOBILE",
      mobileNumber: "0971234567",
    });
    expect(started.status).toBe(200);
    expect(started.body).toMatchObject({ Result: "000", TransToken: expect.any(String) });
    const [push] = fake.requestsNamed("ChargeTokenMobile");
    expect(push?.fields).toMatchObject({ PhoneNumber: "260971234567" });
    fake.onVerifyToken(() => paidXml("120.00", "ZMW"));
    expect((await verifyCall(p, started.body.TransToken)).body.topUp?.balance).toBe("120.00");
    expect((await entriesOf(p.id)).map((e) => e.reason)).toEqual(["Airtel Money 097****567"]);
  });

  it("is refused while the school's mobile money is off", async () => {
    const p = await parentWithChild();
    await admin.call(mobileSettings.POST, "POST", "/api/settings/mobile-money", {
      body: { enabled: false, operators: { airtel: false, mtn: false } },
    });
    try {
      const answer = await topUpCall(p, {
        amount: "120",
        paymentMethod: "MOBILE",
        mobileNumber: "0961234567",
      });
      expect([answer.status, answer.body.message]).toEqual([409, MOBILE_MONEY_OFF]);
      expect(await attemptsOf(p.id)).toEqual([]);
    } finally {
      await admin.call(mobileSettings.POST, "POST", "/api/settings/mobile-money", {
        body: { enabled: true, operators: { airtel: true, mtn: true } },
      });
    }
  });
});

describe("the school's top-up limits", () => {
  it("refuses an amount outside K20 to K2,000 by default, or unreadable, and changes nothing", async () => {
    const p = await parentWithChild();
    const limits = `A top-up must be between ${formatNgwee(20_00)} and ${formatNgwee(2_000_00)}.`;
    for (const [amount, message] of [
      ["19.99", limits],
      ["2000.01", limits],
      ["0", AMOUNT_FORMAT],
      ["-50", AMOUNT_FORMAT],
      ["12.345", AMOUNT_FORMAT],
      ["lots", AMOUNT_FORMAT],
    ] as const) {
      const answer = await topUpCall(p, { amount, paymentMethod: "CC" });
      expect([amount, answer.status, answer.body.message]).toEqual([amount, 422, message]);
    }
    const method = await topUpCall(p, { amount: "50", paymentMethod: "BITCOIN" });
    expect(method.status).toBe(422);
    expect(await attemptsOf(p.id)).toEqual([]);
    expect(fake.requestsNamed("createToken")).toEqual([]);
  });

  it("applies the limits the office saves, which only the office may change", async () => {
    const p = await parentWithChild();
    const refused = await p.browser.call(walletSettings.POST, "POST", "/api/settings/wallet", {
      body: { minTopUp: "1", maxTopUp: "10" },
    });
    expect(refused.status).toBe(403);
    const wrongWay = await admin.call(walletSettings.POST, "POST", "/api/settings/wallet", {
      body: { minTopUp: "500", maxTopUp: "50" },
    });
    expect([wrongWay.status, wrongWay.body.message]).toEqual([422, TOP_UP_LIMITS_ORDER]);
    try {
      const saved = await admin.call(walletSettings.POST, "POST", "/api/settings/wallet", {
        body: { minTopUp: "50", maxTopUp: "500" },
      });
      expect(saved.body).toEqual({ minTopUp: "50.00", maxTopUp: "500.00" });
      const read = await p.browser.call<WalletSettingsDto>(
        walletSettings.GET,
        "GET",
        "/api/settings/wallet",
      );
      expect(read.body).toEqual({ minTopUp: "50.00", maxTopUp: "500.00" });
      expect((await topUpCall(p, { amount: "40", paymentMethod: "CC" })).status).toBe(422);
      expect((await topUpCall(p, { amount: "500", paymentMethod: "CC" })).status).toBe(200);
    } finally {
      await admin.call(walletSettings.POST, "POST", "/api/settings/wallet", {
        body: { minTopUp: "20", maxTopUp: "2000" },
      });
    }
  });
});

describe("the wallet's invariant", () => {
  type Step = { amount: number; outcome: "paid" | "declined" | "pending"; by: "return" | "sweep" };

  it("credits every paid top-up exactly once, and only those, whatever the order of events", async () => {
    const step = fc.record({
      amount: fc.integer({ min: 2_000, max: 200_000 }),
      outcome: fc.constantFrom("paid", "declined", "pending"),
      by: fc.constantFrom("return", "sweep"),
    });
    await fc.assert(
      fc.asyncProperty(fc.array(step, { minLength: 1, maxLength: 4 }), async (steps: Step[]) => {
        const p: PayingParent = await parentWithChild();
        let expected = 0;
        for (const { amount, outcome, by } of steps) {
          const kwacha = (amount / 100).toFixed(2);
          const started = await topUpCall(p, { amount: kwacha, paymentMethod: "CC" });
          expect(started.status).toBe(200);
          fake.onVerifyToken(() =>
            outcome === "paid"
              ? paidXml(kwacha, "ZMW")
              : outcome === "declined"
                ? resultXml("901", "Declined")
                : resultXml("900", "Not paid yet"),
          );
          if (by === "return") await verifyCall(p, started.body.TransToken);
          else await reconcileOpenPayments({ olderThanSeconds: 0 });
          // A second look (the other path) never credits it again.
          await verifyCall(p, started.body.TransToken);
          if (outcome === "paid") expected += amount;
          if (outcome === "pending") {
            // Left open: the next top-up settles (cancels) it first.
            fake.onCancelToken(() => resultXml("000", "Transaction cancelled"));
          }
        }
        const entries = await entriesOf(p.id);
        const sum = entries.reduce((total, e) => total + toNgwee(e.amount.toFixed(2)), 0);
        expect(entries.every((e) => e.kind === "topup")).toBe(true);
        expect(sum).toBe(expected);
        expect(await ledgerBalance(p.id)).toBe((expected / 100).toFixed(2));
        const paidAttempts = (await attemptsOf(p.id)).filter((a) => a.fulfilledAt !== null);
        expect(entries.map((e) => e.paymentAttemptId).sort()).toEqual(
          paidAttempts.map((a) => a.id).sort(),
        );
      }),
      { numRuns: 12 },
    );
  });
});
