import { beforeAll, describe, expect, it } from "@jest/globals";
import * as wallet from "@/app/api/account/wallet/route";
import type { WalletDto } from "@/lib/contracts/wallet";
import { cashierOnly, counterItem, sell, topUp } from "@/tests/support/counter-fixtures";
import { addStudent, signedUpParent } from "@/tests/support/fixtures";
import type { Browser } from "@/tests/support/http";
import { testDb } from "@/tests/support/school";

// Issue 47: a parent "can be told of each" counter purchase. Switched on in the wallet's settings
// (PUT /api/account/wallet `counterReceipts`), each sale e-mails the parent what the child bought,
// the total and the wallet after it, in the sale's own transaction; switched off, nothing is sent.

let cashier: Browser;
let juice: { id: number; name: string };

beforeAll(async () => {
  cashier = (await cashierOnly()).browser;
  juice = await counterItem({ name: "Mango Juice", price: "6.50" });
});

const save = (browser: Browser, body: unknown) =>
  browser.call<WalletDto & { message?: string }>(wallet.PUT, "PUT", "/api/account/wallet", {
    body,
  });

async function receipts(userId: number) {
  const db = await testDb();
  const mail = await db.emailOutbox.findMany({
    where: { userId, subject: { contains: "at the counter" } },
    orderBy: { id: "asc" },
  });
  return mail.map((m) => ({ subject: m.subject, text: m.text }));
}

describe("counter purchase e-mails", () => {
  it("are sent for each sale once asked for, and stop when switched off", async () => {
    const parent = await signedUpParent();
    const child = await addStudent(parent.id, "Mapalo Tembo", "5");
    await topUp(parent.id, "40.00");
    const buy = (quantity: number) =>
      sell(cashier, { studentId: child.id, items: [{ menuItemId: juice.id, quantity }] });

    // Off until asked: a sale sends nothing.
    expect((await buy(1)).status).toBe(201);
    expect(await receipts(parent.id)).toEqual([]);

    const on = await save(parent.browser, { lowBalanceThreshold: null, counterReceipts: true });
    expect(on.body).toEqual({ lowBalanceThreshold: null, counterReceipts: true });
    expect(
      (await parent.browser.call<WalletDto>(wallet.GET, "GET", "/api/account/wallet")).body,
    ).toEqual({ lowBalanceThreshold: null, counterReceipts: true });
    // A threshold saved without the field keeps the choice.
    expect((await save(parent.browser, { lowBalanceThreshold: "5" })).body.counterReceipts).toBe(
      true,
    );

    expect((await buy(2)).status).toBe(201);
    const [mail, ...more] = await receipts(parent.id);
    expect(more).toEqual([]);
    expect(mail?.subject).toMatch(/^Mapalo Tembo bought K\s?13\.00 at the counter$/);
    expect(mail?.text).toContain("2 × Mango Juice: K");
    // 40.00 − 6.50 − 13.00
    expect(mail?.text).toMatch(/Your wallet now has K\s?20\.50\./);

    await save(parent.browser, { lowBalanceThreshold: null, counterReceipts: false });
    expect((await buy(1)).status).toBe(201);
    expect(await receipts(parent.id)).toHaveLength(1);
  });

  it("refuses a choice that is not true or false, and changes nothing", async () => {
    const parent = await signedUpParent();
    const answer = await save(parent.browser, {
      lowBalanceThreshold: null,
      counterReceipts: "yes",
    });
    expect(answer.status).toBe(422);
    expect(
      (await parent.browser.call<WalletDto>(wallet.GET, "GET", "/api/account/wallet")).body,
    ).toEqual({ lowBalanceThreshold: null, counterReceipts: false });
  });
});
