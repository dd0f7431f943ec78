import { afterAll, beforeAll, beforeEach, describe, expect, it } from "@jest/globals";
import * as create from "@/app/api/payments/create/route";
import { cycleDayDate, parseIsoDate, toIsoDate } from "@/lib/school-calendar";
import { createdXml, paidXml, startFakeDpoProvider } from "@/tests/support/fake-dpo";
import { ledgerBalance, placeOrders } from "@/tests/support/credit-fixtures";
import {
  activeCycle,
  addMenuItem,
  addStudent,
  giveDiscountCode,
  signedUpParent,
} from "@/tests/support/fixtures";
import { ordersOf, parentWithChild, verifyCall } from "@/tests/support/payment-fixtures";
import { testDb } from "@/tests/support/school";

// Issue 47: daily caps and card payments. A cart whose capped day is already sold out is refused
// before the provider is asked for anything; a paid cart whose day sold out between the payment's
// start and its verification is never refused (the parent has paid): the line is credited to the
// account, the parent e-mailed, the rest booked.

const fake = await startFakeDpoProvider();
let tokens = 0;
let startDate: string;

beforeAll(async () => {
  startDate = toIsoDate((await activeCycle()).startDate);
});
beforeEach(() => {
  fake.reset();
  fake.onCreateToken(() => createdXml(`CAP-TOKEN-${++tokens}`));
});
afterAll(async () => fake.stop());

type Started = { TransToken: string; message?: string; soldOut?: unknown[] };

const startPayment = (
  p: Awaited<ReturnType<typeof parentWithChild>>,
  lines: { menuItemId: number; weekNumber: number; dayOfWeek: number }[],
  amount: string,
) =>
  p.browser.call<Started>(create.POST, "POST", "/api/payments/create", {
    body: {
      amount,
      currency: "ZMW",
      cartItems: lines.map((l) => ({ ...l, studentId: p.child.id })),
    },
  });

async function takenOn(menuItemId: number, weekNumber: number, dayOfWeek: number) {
  const db = await testDb();
  const day = parseIsoDate(cycleDayDate(startDate, weekNumber, dayOfWeek))!;
  return (await db.itemDayStock.findFirst({ where: { menuItemId, day } }))?.taken ?? 0;
}

/** Someone else's free order takes the day's last portion. */
async function takeLastPortion(menuItemId: number, weekNumber: number, dayOfWeek: number) {
  const other = await signedUpParent();
  await giveDiscountCode(other.id, 100);
  const child = await addStudent(other.id, "Mwila", "4");
  const placed = await placeOrders(other.browser, [
    { menuItemId, studentId: child.id, weekNumber, dayOfWeek },
  ]);
  expect(placed.status).toBe(200);
}

describe("card payments of capped items", () => {
  it("refuses a cart with a sold-out day before asking the provider", async () => {
    const wrap = await addMenuItem({ dailyCap: 1, price: "45.50", categories: [], sideDishes: [] });
    await takeLastPortion(wrap.id, 3, 2);
    const p = await parentWithChild();
    const answer = await startPayment(
      p,
      [{ menuItemId: wrap.id, weekNumber: 3, dayOfWeek: 2 }],
      "45.50",
    );
    expect(answer.status).toBe(409);
    expect(answer.body.message).toMatch(new RegExp(`^${wrap.name} is sold out on `));
    expect(fake.requestsNamed("createToken")).toHaveLength(0);
  });

  it("credits a paid line whose day sold out before the payment came back, and books the rest", async () => {
    const wrap = await addMenuItem({ dailyCap: 1, price: "45.50", categories: [], sideDishes: [] });
    const p = await parentWithChild();
    const started = await startPayment(
      p,
      [
        { menuItemId: wrap.id, weekNumber: 3, dayOfWeek: 3 },
        { menuItemId: wrap.id, weekNumber: 3, dayOfWeek: 4 },
      ],
      "91.00",
    );
    expect(started.status).toBe(200);
    await takeLastPortion(wrap.id, 3, 3);

    fake.onVerifyToken(() => paidXml("91.00", "ZMW"));
    const verified = await verifyCall(p, started.body.TransToken);
    expect(verified.status).toBe(200);
    const orders = await ordersOf(p.id);
    expect(orders.map((o) => [o.weekNumber, o.dayOfWeek])).toEqual([[3, 4]]);
    expect(await takenOn(wrap.id, 3, 3)).toBe(1);
    expect(await takenOn(wrap.id, 3, 4)).toBe(1);
    expect(await ledgerBalance(p.id)).toBe("45.50");
    const db = await testDb();
    const entry = await db.creditEntry.findFirstOrThrow({ where: { userId: p.id } });
    expect(entry.reason).toMatch(/^Sold out: /);
    const mail = await db.emailOutbox.findFirst({
      where: { to: p.email!, subject: "Sold out: 1 meal not booked" },
    });
    expect(mail?.text).toContain(`${wrap.name} is sold out on `);
    expect(mail?.text).toMatch(/K\s45\.50 is in your account credit/);
    // A replay books nothing more and credits nothing more.
    await verifyCall(p, started.body.TransToken);
    expect(await ordersOf(p.id)).toHaveLength(1);
    expect(await ledgerBalance(p.id)).toBe("45.50");
  });
});
