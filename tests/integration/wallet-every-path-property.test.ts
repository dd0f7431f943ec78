import { beforeAll, describe, expect, it } from "@jest/globals";
import fc from "fast-check";
import * as cancel from "@/app/api/orders/[id]/cancel/route";
import * as orders from "@/app/api/orders/route";
import { signedNgwee } from "@/lib/credit/ledger";
import { fromNgwee, toNgwee } from "@/lib/money";
import { cashierOnly, counterItem, sell, topUp, voidCall } from "@/tests/support/counter-fixtures";
import { activeCycle, addMenuItem, addStudent, signedUpParent } from "@/tests/support/fixtures";
import type { Browser } from "@/tests/support/http";
import { setPaymentBypass, signedInAdmin } from "@/tests/support/money-admin-fixtures";
import { testDb } from "@/tests/support/school";
import { declineCall, payCall, withdrawCall } from "@/tests/support/withdrawal-fixtures";

// Issue 47's wallet over every path that moves its money at once, through the real handlers:
// top-ups, counter sales and their voids, withdrawals requested, paid out and declined, meals paid
// from the wallet and cancelled. After every step the ledger's sum is the balance the answers
// imply and never below zero; at the end every ngwee that came in is somewhere, each counted from
// its own table: in the wallet, in a counter sale that stands, in a live meal, paid out, or held
// for a payout.

const MEAL = 30_00;
const SCHOOL_LIMIT = 50_00;
const LINE = { category: "chicken", sideDish: "Rice" };

let cashier: Browser;
let office: Browser;
let meal: { id: number };
let snacks: { id: number; price: number }[];

beforeAll(async () => {
  await activeCycle({ cycleLength: 4 });
  meal = await addMenuItem({ price: fromNgwee(MEAL) });
  cashier = (await cashierOnly()).browser;
  office = await signedInAdmin(["refunds"]);
  await setPaymentBypass(true);
  snacks = [];
  for (const price of ["4.50", "9.00"]) {
    const item = await counterItem({ price });
    snacks.push({ id: item.id, price: toNgwee(price) });
  }
});

const step = fc.oneof(
  fc.record({ kind: fc.constant("topup" as const), ngwee: fc.integer({ min: 1, max: 60_00 }) }),
  fc.record({
    kind: fc.constant("sale" as const),
    item: fc.integer({ min: 0, max: 1 }),
    quantity: fc.integer({ min: 1, max: 3 }),
  }),
  fc.record({ kind: fc.constant("void" as const), pick: fc.nat() }),
  fc.record({ kind: fc.constant("withdraw" as const), ngwee: fc.integer({ min: 1, max: 50_00 }) }),
  fc.record({ kind: fc.constant("decide" as const), pick: fc.nat(), pay: fc.boolean() }),
  fc.record({ kind: fc.constant("meal" as const) }),
  fc.record({ kind: fc.constant("cancel" as const), pick: fc.nat() }),
);

const ngweeOf = (value: { toFixed(n: number): string }) => signedNgwee(value.toFixed(2));

async function ledgerOf(userId: number): Promise<number> {
  const db = await testDb();
  const entries = await db.creditEntry.findMany({ where: { userId }, select: { amount: true } });
  return entries.reduce((sum, entry) => sum + ngweeOf(entry.amount), 0);
}

describe("the wallet over every path at once", () => {
  it("keeps the ledger equal to the balance, never below zero, and loses no ngwee", async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(step, { minLength: 1, maxLength: 14 }), async (steps) => {
        const parent = await signedUpParent();
        const f = { ...parent, child: await addStudent(parent.id, "Chipo Banda", "4") };
        let balance = 0;
        let toppedUp = 0;
        let spentToday = 0;
        let nextDay = 0;
        const sales: { id: number; total: number; voided: boolean }[] = [];
        const requests: { id: number; pending: boolean }[] = [];
        const meals: { id: number; credit: number; live: boolean }[] = [];
        for (const s of steps) {
          if (s.kind === "topup") {
            await topUp(f.id, fromNgwee(s.ngwee));
            balance += s.ngwee;
            toppedUp += s.ngwee;
          } else if (s.kind === "sale") {
            const item = snacks[s.item]!;
            const total = item.price * s.quantity;
            const answer = await sell(cashier, {
              studentId: f.child.id,
              items: [{ menuItemId: item.id, quantity: s.quantity }],
            });
            const expected = spentToday + total > SCHOOL_LIMIT ? 403 : balance < total ? 402 : 201;
            expect([s, answer.status]).toEqual([s, expected]);
            if (answer.status === 201) {
              balance -= total;
              spentToday += total;
              sales.push({ id: answer.body.saleId, total, voided: false });
            }
          } else if (s.kind === "void") {
            const standing = sales.filter((sale) => !sale.voided);
            const sale = standing[s.pick % Math.max(1, standing.length)];
            if (!sale) continue;
            expect((await voidCall(cashier, sale.id)).status).toBe(200);
            sale.voided = true;
            balance += sale.total;
            spentToday -= sale.total;
          } else if (s.kind === "withdraw") {
            const answer = await withdrawCall(f.browser, {
              amount: fromNgwee(s.ngwee),
              mobileNumber: "0977123456",
            });
            expect([s, answer.status]).toEqual([s, s.ngwee <= balance ? 201 : 409]);
            if (answer.status === 201) {
              balance -= s.ngwee;
              requests.push({ id: answer.body.withdrawal.id, pending: true });
            }
          } else if (s.kind === "decide") {
            const pending = requests.filter((r) => r.pending);
            const request = pending[s.pick % Math.max(1, pending.length)];
            if (!request) continue;
            const answer = s.pay
              ? await payCall(office, request.id, { method: "MTN MoMo", reference: "R1" })
              : await declineCall(office, request.id, { reason: "Not this time" });
            expect(answer.status).toBe(200);
            request.pending = false;
            if (!s.pay) balance += toNgwee(answer.body.amount);
          } else if (s.kind === "meal") {
            // A meal for the next free day, paid from the wallet first, the rest by transfer.
            const day = { weekNumber: 2 + Math.floor(nextDay / 5), dayOfWeek: 1 + (nextDay % 5) };
            nextDay += 1;
            const answer = await f.browser.call<{ orders: { id: number }[] }>(
              orders.POST,
              "POST",
              "/api/orders?paymentMethod=alternative",
              { body: [{ menuItemId: meal.id, studentId: f.child.id, ...day, ...LINE }] },
            );
            expect(answer.status).toBe(200);
            const credit = Math.min(balance, MEAL);
            balance -= credit;
            meals.push({ id: answer.body.orders[0]!.id, credit, live: true });
          } else {
            const live = meals.filter((m) => m.live);
            const chosen = live[s.pick % Math.max(1, live.length)];
            if (!chosen) continue;
            const answer = await f.browser.call(
              cancel.POST,
              "POST",
              `/api/orders/${chosen.id}/cancel`,
              {
                params: { id: String(chosen.id) },
              },
            );
            expect(answer.status).toBe(200);
            chosen.live = false;
            balance += chosen.credit;
          }
          const ledger = await ledgerOf(f.id);
          expect([s, ledger]).toEqual([s, balance]);
          expect(ledger).toBeGreaterThanOrEqual(0);
        }

        // Every ngwee that came in, each place counted from its own table.
        const db = await testDb();
        const standingSales = await db.counterSale.findMany({
          where: { userId: f.id, voidedAt: null },
          select: { total: true },
        });
        const payouts = await db.withdrawal.findMany({
          where: { userId: f.id, status: { in: ["paid", "pending"] } },
          select: { amount: true },
        });
        const liveMeals = await db.order.findMany({
          where: { userId: f.id, status: { in: ["pending", "completed"] } },
          select: { creditEntries: { where: { kind: "spent" }, select: { amount: true } } },
        });
        const inSales = standingSales.reduce((sum, sale) => sum + ngweeOf(sale.total), 0);
        const outOrHeld = payouts.reduce((sum, request) => sum + ngweeOf(request.amount), 0);
        const inMeals = -liveMeals
          .flatMap((order) => order.creditEntries)
          .reduce((sum, entry) => sum + ngweeOf(entry.amount), 0);
        expect(await ledgerOf(f.id)).toBe(balance);
        expect(balance + inSales + outOrHeld + inMeals).toBe(toppedUp);
      }),
      { numRuns: 12 },
    );
  }, 600_000);
});
