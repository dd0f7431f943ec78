import { afterAll, beforeAll, describe, expect, it } from "@jest/globals";
import fc from "fast-check";
import { DEFAULT_SCHOOL_ID } from "@/lib/contracts/schools";
import { appendMovement, balanceOf, signedNgwee } from "@/lib/credit/ledger";
import { fromNgwee, toNgwee } from "@/lib/money";
import {
  byHandCall,
  cancelledOrderOn,
  cardRefundCall,
  leavingCall,
  paidPayment,
  retryCall,
  topUpFrom,
  walletOf,
} from "@/tests/support/card-refund-fixtures";
import {
  refundedXml,
  refundRefusedXml,
  startFakeDpoProvider,
  type FakeReply,
} from "@/tests/support/fake-dpo";
import type { Browser } from "@/tests/support/http";
import {
  directParent,
  orderGround,
  signedInAdmin,
  type Ground,
} from "@/tests/support/money-admin-fixtures";
import { testDb } from "@/tests/support/school";

// The invariant of card refunds (issue 49, decision 0115), over random sequences of order
// refunds (some for more than was paid), retries, spends, a family leaving and refunds paid by
// hand instead, each DPO call answered at random with a refund, a refusal or a dropped connection:
// per card payment, what is refunded or pending never exceeds what was paid; each refund gets
// DPO's 000 at most once and is refunded exactly when it got one; an order's money goes back one
// way only; every ngwee a leaving took out of the wallet is on its way to a card, back on one, or
// paid by the office, once; the wallet's balance is its ledger's sum and never below zero.
const fake = await startFakeDpoProvider();

type Dpo = "ok" | "refuse" | "drop";
const dpo = fc.constantFrom<Dpo>("ok", "refuse", "drop");
type Step =
  | { kind: "order"; pick: number; percent: number; dpo: Dpo }
  | { kind: "retry"; pick: number; dpo: Dpo }
  | { kind: "spend"; ngwee: number }
  | { kind: "leave"; dpo: Dpo }
  | { kind: "hand"; pick: number; credit: boolean; checkedDpo: boolean };

const step: fc.Arbitrary<Step> = fc.oneof(
  fc.record({
    kind: fc.constant("order" as const),
    pick: fc.nat(3),
    percent: fc.integer({ min: 1, max: 130 }),
    dpo,
  }),
  fc.record({ kind: fc.constant("retry" as const), pick: fc.nat(5), dpo }),
  fc.record({ kind: fc.constant("spend" as const), ngwee: fc.integer({ min: 1, max: 8_000 }) }),
  fc.record({ kind: fc.constant("leave" as const), dpo }),
  fc.record({
    kind: fc.constant("hand" as const),
    pick: fc.nat(5),
    credit: fc.boolean(),
    checkedDpo: fc.boolean(),
  }),
);

let ground: Ground;
let office: Browser;
let next: Dpo = "ok";
/** Per refund id (from refundDetails), how many 000 answers DPO gave. */
const approvals = new Map<number, number>();

beforeAll(async () => {
  ground = await orderGround();
  office = await signedInAdmin(["refunds"]);
  fake.onRefundToken((fields): FakeReply => {
    const id = Number(/^Refund (\d+):/.exec(fields.refundDetails ?? "")?.[1]);
    if (next === "drop") return { close: true };
    if (next === "refuse") return refundRefusedXml("Refund failed");
    approvals.set(id, (approvals.get(id) ?? 0) + 1);
    return refundedXml();
  });
});
afterAll(async () => fake.stop());

describe("card refunds: the invariant", () => {
  it("never refunds more than a payment paid, once per refund, and the ledger stays whole", async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(fc.integer({ min: 100, max: 9_000 }), { minLength: 1, maxLength: 3 }),
        fc.array(step, { minLength: 1, maxLength: 8 }),
        async (prices, steps) => {
          const parent = await directParent();
          const orders = [];
          for (const ngwee of prices) {
            const payment = await paidPayment(parent.id, fromNgwee(ngwee));
            orders.push(await cancelledOrderOn(ground, parent, payment, fromNgwee(ngwee)));
          }
          const topUp = await paidPayment(parent.id, "60.00");
          await topUpFrom(parent.id, "60.00", topUp.id);
          await topUpFrom(parent.id, "15.00", null);
          const refundIds: number[] = [];

          for (const s of steps) {
            if (s.kind === "spend") {
              const db = await testDb();
              await db.$transaction(async (tx) => {
                if ((await balanceOf(tx, DEFAULT_SCHOOL_ID, parent.id)) >= s.ngwee) {
                  await appendMovement(tx, { userId: parent.id, ngwee: -s.ngwee, kind: "counter" });
                }
              });
              continue;
            }
            if (s.kind === "hand") {
              const id = refundIds[s.pick % Math.max(1, refundIds.length)];
              if (id === undefined) continue;
              const method = s.credit ? "credit" : "cash";
              const answer = await byHandCall(office, id, { method, checkedDpo: s.checkedDpo });
              expect([200, 409, 422]).toContain(answer.status);
              continue;
            }
            next = s.dpo;
            if (s.kind === "order") {
              const i = s.pick % orders.length;
              const amount = fromNgwee(Math.max(1, Math.floor((prices[i]! * s.percent) / 100)));
              const answer = await cardRefundCall(office, orders[i]!.id, { amount });
              expect([200, 409]).toContain(answer.status);
              if (answer.status === 200) refundIds.push(answer.body.id);
            } else if (s.kind === "retry") {
              const id = refundIds[s.pick % Math.max(1, refundIds.length)];
              if (id !== undefined)
                expect([200, 409]).toContain((await retryCall(office, id)).status);
            } else {
              const answer = await leavingCall(office, { familyId: parent.id, method: "cash" });
              expect([200, 409]).toContain(answer.status);
              if (answer.status === 200)
                refundIds.push(...answer.body.cardRefunds.map((r) => r.id));
            }
          }

          const db = await testDb();
          const payments = await db.paymentAttempt.findMany({
            where: { userId: parent.id },
            select: {
              paymentAmount: true,
              cardRefunds: {
                where: { status: { not: "paid_by_hand" } },
                select: { amount: true },
              },
            },
          });
          for (const payment of payments) {
            const refunded = payment.cardRefunds.reduce(
              (t, r) => t + toNgwee(r.amount.toFixed(2)),
              0,
            );
            expect(refunded).toBeLessThanOrEqual(toNgwee(payment.paymentAmount.toFixed(2)));
          }
          const rows = await db.cardRefund.findMany({ where: { userId: parent.id } });
          for (const row of rows) {
            const approved = approvals.get(row.id) ?? 0;
            expect(approved).toBeLessThanOrEqual(1);
            if (approved === 1) expect(row.status).toBe("refunded");
            else expect(["pending", "paid_by_hand"]).toContain(row.status);
            if (row.orderId !== null && row.status !== "pending") {
              const order = await db.order.findFirstOrThrow({
                where: { id: row.orderId },
                select: { status: true, refund: { select: { method: true } } },
              });
              expect(order.status).toBe("refunded");
              expect(order.refund?.method === "dpo").toBe(row.status === "refunded");
            }
          }
          const sumOf = (amounts: { amount: { toFixed(n: number): string } }[]) =>
            amounts.reduce((t, r) => t + signedNgwee(r.amount.toFixed(2)), 0);
          const [takenOut, toCards, paidByOffice] = await Promise.all([
            db.creditEntry.findMany({
              where: { userId: parent.id, kind: "withdrawal" },
              select: { amount: true },
            }),
            db.cardRefund.findMany({
              where: { userId: parent.id, orderId: null, status: { not: "paid_by_hand" } },
              select: { amount: true },
            }),
            db.withdrawal.findMany({
              where: { userId: parent.id, status: "paid" },
              select: { amount: true },
            }),
          ]);
          // The ledger's withdrawals are negative: with what went out they add up to nothing.
          expect(sumOf(takenOut) + sumOf(toCards) + sumOf(paidByOffice)).toBe(0);
          const wallet = await walletOf(parent.id);
          const balance = await db.$transaction((tx) =>
            balanceOf(tx, DEFAULT_SCHOOL_ID, parent.id),
          );
          expect(balance).toBe(wallet.ngwee);
          expect(balance).toBeGreaterThanOrEqual(0);
        },
      ),
      { numRuns: 15 },
    );
  });
});
