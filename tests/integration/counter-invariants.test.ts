import { beforeAll, describe, expect, it } from "@jest/globals";
import fc from "fast-check";
import { toNgwee } from "@/lib/money";
import { schoolToday } from "@/lib/school-calendar";
import {
  balanceNgwee,
  cashierOnly,
  counterItem,
  family,
  sell,
  setCounter,
  topUp,
  voidCall,
} from "@/tests/support/counter-fixtures";
import { addStudent } from "@/tests/support/fixtures";
import type { Browser } from "@/tests/support/http";
import { testDb } from "@/tests/support/school";

// The counter's money invariants (issue 47) over random sequences of top-ups, sales and voids,
// through the real handlers: the ledger's sum is the balance every answer implies, no balance is
// ever below zero, no child's day of sales that stand is over their limit, and every sale answered
// 201 is charged exactly once (a void exactly once back).

let cashier: Browser;
let items: { id: number; price: number }[];

beforeAll(async () => {
  cashier = (await cashierOnly()).browser;
  items = [];
  for (const price of ["2.50", "7.00", "12.00"]) {
    const item = await counterItem({ price });
    items.push({ id: item.id, price: toNgwee(price) });
  }
});

const step = fc.oneof(
  fc.record({ kind: fc.constant("topup" as const), ngwee: fc.integer({ min: 1, max: 40_00 }) }),
  fc.record({
    kind: fc.constant("sale" as const),
    child: fc.integer({ min: 0, max: 1 }),
    item: fc.integer({ min: 0, max: 2 }),
    quantity: fc.integer({ min: 1, max: 3 }),
  }),
  fc.record({ kind: fc.constant("void" as const), pick: fc.nat() }),
);

describe("counter sales, top-ups and voids", () => {
  it("keep the ledger equal to the balance, never below zero, no child over the limit", async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(step, { minLength: 1, maxLength: 12 }), async (steps) => {
        const f = await family();
        const second = await addStudent(f.id, "Second Child", "5");
        const children = [f.child.id, second.id];
        // One child with the parent's own limit, the other with the school's K50.
        await setCounter(f.browser, f.child.id, { dailyLimit: "20", blocked: false });
        const limits = [20_00, 50_00];
        let balance = 0;
        const spent = [0, 0];
        const sales: { id: number; child: number; total: number; voided: boolean }[] = [];
        for (const s of steps) {
          if (s.kind === "topup") {
            await topUp(f.id, (s.ngwee / 100).toFixed(2));
            balance += s.ngwee;
          } else if (s.kind === "sale") {
            const item = items[s.item]!;
            const total = item.price * s.quantity;
            const answer = await sell(cashier, {
              studentId: children[s.child],
              items: [{ menuItemId: item.id, quantity: s.quantity }],
            });
            const overLimit = spent[s.child]! + total > limits[s.child]!;
            const short = total > balance;
            expect(answer.status).toBe(overLimit ? 403 : short ? 402 : 201);
            if (overLimit || short) continue;
            balance -= total;
            spent[s.child]! += total;
            sales.push({ id: answer.body.saleId, child: s.child, total, voided: false });
            const left = Math.min(balance, limits[s.child]! - spent[s.child]!);
            expect(answer.body.available).toBe((left / 100).toFixed(2));
          } else if (sales.length > 0) {
            const sale = sales[s.pick % sales.length]!;
            const answer = await voidCall(cashier, sale.id);
            expect(answer.status).toBe(sale.voided ? 409 : 200);
            if (!sale.voided) {
              sale.voided = true;
              balance += sale.total;
              spent[sale.child]! -= sale.total;
            }
          }
          expect(await balanceNgwee(f.id)).toBe(balance);
          expect(balance).toBeGreaterThanOrEqual(0);
        }
        const db = await testDb();
        const today = new Date(`${schoolToday("Africa/Lusaka")}T00:00:00Z`);
        for (const [n, studentId] of children.entries()) {
          const standing = await db.counterSale.aggregate({
            where: { studentId, day: today, voidedAt: null },
            _sum: { total: true },
          });
          const total = toNgwee(standing._sum.total?.toFixed(2) ?? "0.00");
          expect(total).toBe(spent[n]);
          expect(total).toBeLessThanOrEqual(limits[n]!);
        }
      }),
      { numRuns: 12 },
    );
  });
});
