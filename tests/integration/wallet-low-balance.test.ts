import { afterAll, beforeAll, beforeEach, describe, expect, it } from "@jest/globals";
import * as create from "@/app/api/payments/create/route";
import * as wallet from "@/app/api/account/wallet/route";
import type { WalletDto } from "@/lib/contracts/wallet";
import { formatNgwee } from "@/lib/money";
import { AMOUNT_FORMAT } from "@/lib/validations/wallet";
import { testDb } from "@/tests/support/school";
import { giveCredit, ledgerBalance, placeOrders } from "@/tests/support/credit-fixtures";
import { createdXml, startFakeDpoProvider } from "@/tests/support/fake-dpo";
import { activeCycle, addMenuItem } from "@/tests/support/fixtures";
import type { Browser } from "@/tests/support/http";
import { parentWithChild, type PayingParent } from "@/tests/support/payment-fixtures";

// The wallet's low-balance message (issue 47): the parent sets a threshold (PUT /api/account/wallet);
// a spend that leaves the balance below it e-mails them once, and no more that school day, whether
// the credit paid a whole order or part of a card payment.
const fake = await startFakeDpoProvider();

let meal: { id: number };
let tokens = 0;

beforeAll(async () => {
  await activeCycle();
  meal = await addMenuItem({ price: "45.50", categories: [], sideDishes: [] });
});
beforeEach(() => {
  fake.reset();
  fake.onCreateToken(() => createdXml(`LTOKEN-${++tokens}`));
});
afterAll(async () => fake.stop());

const setThreshold = (browser: Browser, lowBalanceThreshold: unknown) =>
  browser.call<WalletDto & { message?: string }>(wallet.PUT, "PUT", "/api/account/wallet", {
    body: { lowBalanceThreshold },
  });

const order = (p: PayingParent, weekNumber: number, dayOfWeek: number) =>
  placeOrders(p.browser, [{ menuItemId: meal.id, studentId: p.child.id, weekNumber, dayOfWeek }]);

async function lowBalanceMail(userId: number) {
  const db = await testDb();
  const mail = await db.emailOutbox.findMany({
    where: { userId, subject: { startsWith: "Your canteen wallet is low" } },
    orderBy: { id: "asc" },
  });
  return mail.map((m) => m.subject);
}

describe("PUT /api/account/wallet", () => {
  it("saves, reads back and turns off the threshold; a bad amount changes nothing", async () => {
    const p = await parentWithChild();
    expect(
      (await p.browser.call<WalletDto>(wallet.GET, "GET", "/api/account/wallet")).body,
    ).toEqual({ lowBalanceThreshold: null, counterReceipts: false });
    expect((await setThreshold(p.browser, "50")).body).toEqual({
      lowBalanceThreshold: "50.00",
      counterReceipts: false,
    });
    for (const bad of ["-5", "lots", "0", 12.345]) {
      const answer = await setThreshold(p.browser, bad);
      expect([bad, answer.status, answer.body.message]).toEqual([bad, 422, AMOUNT_FORMAT]);
    }
    expect(
      (await p.browser.call<WalletDto>(wallet.GET, "GET", "/api/account/wallet")).body,
    ).toEqual({ lowBalanceThreshold: "50.00", counterReceipts: false });
    expect((await setThreshold(p.browser, null)).body).toEqual({
      lowBalanceThreshold: null,
      counterReceipts: false,
    });
  });
});

describe("the low-balance message", () => {
  it("goes once a day when a checkout by credit leaves the wallet below the threshold", async () => {
    const p = await parentWithChild();
    await giveCredit(p.id, "200.00");
    await setThreshold(p.browser, "100");
    // 200 − 45.50 = 154.50: still above.
    expect((await order(p, 3, 1)).status).toBe(200);
    expect(await lowBalanceMail(p.id)).toEqual([]);
    // 154.50 − 45.50 = 109.00, then 63.50: below, told once.
    expect((await order(p, 3, 2)).status).toBe(200);
    expect((await order(p, 3, 3)).status).toBe(200);
    expect((await order(p, 3, 4)).status).toBe(200);
    expect(await ledgerBalance(p.id)).toBe("18.00");
    expect(await lowBalanceMail(p.id)).toEqual([
      `Your canteen wallet is low: ${formatNgwee(63_50)}`,
    ]);
    // A new threshold may warn again the same day.
    await setThreshold(p.browser, "20");
    await giveCredit(p.id, "45.50");
    expect((await order(p, 3, 5)).status).toBe(200);
    expect(await lowBalanceMail(p.id)).toHaveLength(2);
  });

  it("goes when a card payment holds the credit, and never without a threshold", async () => {
    const cardPayment = (p: PayingParent, dayOfWeek: number) =>
      p.browser.call(create.POST, "POST", "/api/payments/create", {
        body: {
          amount: "15.50",
          currency: "ZMW",
          cartItems: [{ menuItemId: meal.id, studentId: p.child.id, weekNumber: 4, dayOfWeek }],
        },
      });
    const told = await parentWithChild();
    const silent = await parentWithChild();
    await setThreshold(told.browser, "10");
    for (const p of [told, silent]) {
      await giveCredit(p.id, "30.00");
      // 45.50 − 30.00 of credit held on the payment = 15.50 to pay by card; the wallet is empty.
      expect((await cardPayment(p, 2)).status).toBe(200);
      expect(await ledgerBalance(p.id)).toBe("0.00");
    }
    expect(await lowBalanceMail(told.id)).toEqual([
      `Your canteen wallet is low: ${formatNgwee(0)}`,
    ]);
    expect(await lowBalanceMail(silent.id)).toEqual([]);
  });
});
