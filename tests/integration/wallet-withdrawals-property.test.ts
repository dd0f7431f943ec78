import { beforeAll, describe, expect, it } from "@jest/globals";
import fc from "fast-check";
import { fromNgwee } from "@/lib/money";
import { myCredit } from "@/tests/support/credit-fixtures";
import { signedIn } from "@/tests/support/fixtures";
import type { Browser } from "@/tests/support/http";
import {
  declineCall,
  moneyOf,
  payCall,
  topUp,
  withdrawCall,
} from "@/tests/support/withdrawal-fixtures";

// The withdrawals' invariant (issue 47), over random sequences of top-ups credited, withdrawals
// asked for (some of more than the wallet holds), paid out and declined (some twice, some in
// parallel), for two families at once: each wallet is the sum of its ledger and never below zero,
// it is what the model of the sequence says, and every ngwee that came in is in a wallet, held for
// a pending payout, or paid out; declined requests gave their credit back exactly once.

type Step =
  | { kind: "topup"; who: number; ngwee: number }
  | { kind: "withdraw"; who: number; ngwee: number }
  | { kind: "pay" | "decline"; pick: number; twice: boolean };

const step: fc.Arbitrary<Step> = fc.oneof(
  fc.record({
    kind: fc.constant("topup" as const),
    who: fc.nat(1),
    ngwee: fc.integer({ min: 1, max: 50_000 }),
  }),
  fc.record({
    kind: fc.constant("withdraw" as const),
    who: fc.nat(1),
    ngwee: fc.integer({ min: 1, max: 60_000 }),
  }),
  fc.record({
    kind: fc.constantFrom("pay" as const, "decline" as const),
    pick: fc.nat(20),
    twice: fc.boolean(),
  }),
);

let office: Browser;
let clerk: Browser;

beforeAll(async () => {
  office = (await signedIn("admin", ["refunds"])).browser;
  clerk = (await signedIn("admin", ["refunds"])).browser;
});

describe("withdrawals over random sequences", () => {
  it("keep every wallet at its ledger's sum, never below zero, and account for every ngwee", async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(step, { minLength: 1, maxLength: 14 }), async (steps) => {
        const families = [await signedIn("parent"), await signedIn("parent")];
        const model = families.map(() => ({ balance: 0, pending: new Map<number, number>() }));
        const requests: { id: number; who: number; ngwee: number }[] = [];
        for (const s of steps) {
          if (s.kind === "topup") {
            await topUp(families[s.who]!.id, fromNgwee(s.ngwee));
            model[s.who]!.balance += s.ngwee;
          } else if (s.kind === "withdraw") {
            const answer = await withdrawCall(families[s.who]!.browser, {
              amount: fromNgwee(s.ngwee),
              mobileNumber: "0977123456",
            });
            const fits = s.ngwee <= model[s.who]!.balance;
            expect(answer.status).toBe(fits ? 201 : 409);
            if (fits) {
              model[s.who]!.balance -= s.ngwee;
              const id = answer.body.withdrawal.id;
              model[s.who]!.pending.set(id, s.ngwee);
              requests.push({ id, who: s.who, ngwee: s.ngwee });
              expect(answer.body.balance).toBe(fromNgwee(model[s.who]!.balance));
            }
          } else if (requests.length > 0) {
            const request = requests[s.pick % requests.length]!;
            const call = (who: Browser) =>
              s.kind === "pay"
                ? payCall(who, request.id, { method: "MTN MoMo", reference: "R1" })
                : declineCall(who, request.id, { reason: "Not this time" });
            const answers = s.twice
              ? await Promise.all([call(office), call(clerk)])
              : [await call(office)];
            const mine = model[request.who]!;
            const wasPending = mine.pending.has(request.id);
            expect(answers.filter((a) => a.status === 200)).toHaveLength(wasPending ? 1 : 0);
            expect(answers.filter((a) => a.status === 409)).toHaveLength(
              answers.length - (wasPending ? 1 : 0),
            );
            if (wasPending) {
              mine.pending.delete(request.id);
              if (s.kind === "decline") mine.balance += request.ngwee;
            }
          }
        }
        for (const [n, f] of families.entries()) {
          const money = await moneyOf(f.id);
          const shown = (await myCredit(f.browser)).body.balance;
          expect(shown).toBe(fromNgwee(money.ledger));
          expect(money.ledger).toBe(model[n]!.balance);
          expect(money.ledger).toBeGreaterThanOrEqual(0);
          expect(money.pending).toBe([...model[n]!.pending.values()].reduce((a, b) => a + b, 0));
          // Every ngwee that came in is in the wallet, held for a payout, or paid out.
          expect(money.toppedUp).toBe(money.ledger + money.pending + money.paidOut);
          // Each declined request gave back exactly what it held, once.
          const declined = money.requests.filter((r) => r.status === "declined").length;
          const back = money.entries.filter((e) => e.kind === "withdrawal" && e.amount.gt(0));
          expect(back).toHaveLength(declined);
          expect(
            money.entries.filter((e) => e.kind === "withdrawal" && e.amount.lt(0)),
          ).toHaveLength(money.requests.length);
        }
      }),
      { numRuns: 15 },
    );
  });
});
