// The model of one family's money that the every-path wallet property (issue 47) drives through the
// real handlers: what the wallet should hold after each step, where every ngwee went, and the steps
// fast-check draws. The steps themselves run in wallet-money-steps.ts and wallet-meal-steps.ts.
import fc from "fast-check";
import type { FakeDpo } from "@/tests/support/fake-dpo";
import type { Browser } from "@/tests/support/http";

/** One meal's price, and the school's default daily counter limit (both in ngwee). */
export const MEAL = 30_00;
export const SCHOOL_LIMIT = 50_00;
export const LINE = { category: "chicken", sideDish: "Rice" };
export const LUNCH_DAYS = 25;

/** The n-th school day a run uses: weeks 2 to 6 of its own cycle, Monday to Friday. */
export const dayOf = (n: number) => ({
  weekNumber: 2 + Math.floor(n / 5),
  dayOfWeek: 1 + (n % 5),
});

/** What every run shares: the callers, the items and the fake card provider. */
export type World = {
  cashier: Browser;
  office: Browser;
  fake: FakeDpo;
  meal: { id: number };
  snacks: { id: number; price: number }[];
};

/** A booked meal: what the wallet and the outside paid for it, and where it stands. */
export type Meal = {
  id: number;
  day: number;
  credit: number;
  /** Paid by card or a verified transfer (0 while a transfer is awaited). */
  outside: number;
  confirmed: boolean;
  /** owed: cancelled with an outside part the office still refunds; done: nothing left in it. */
  state: "live" | "owed" | "done";
};

/** The family's one open card payment: its day, the credit it holds and the card part. */
export type CardAttempt = { token: string; day: number; credit: number; due: number };

/** One run: the family, its cycle, and what the model expects of its money. */
export type Run = {
  family: { id: number; browser: Browser; child: { id: number } };
  cycleId: number;
  balance: number;
  toppedUp: number;
  outsideIn: number;
  outsideRefunded: number;
  spentToday: number;
  nextDay: number;
  closedDays: Set<number>;
  sales: { id: number; total: number; voided: boolean }[];
  requests: { id: number; pending: boolean }[];
  meals: Meal[];
  card: CardAttempt | null;
};

export function newRun(family: Run["family"], cycleId: number): Run {
  return {
    family,
    cycleId,
    balance: 0,
    toppedUp: 0,
    outsideIn: 0,
    outsideRefunded: 0,
    spentToday: 0,
    nextDay: 0,
    closedDays: new Set(),
    sales: [],
    requests: [],
    meals: [],
    card: null,
  };
}

/** How often each path really happened over all runs, so the property is never vacuous. */
export type Tally = Map<string, number>;
export const count = (tally: Tally, event: string) => tally.set(event, (tally.get(event) ?? 0) + 1);

/** One element of `list` chosen by a drawn number, or undefined when it is empty. */
export const choose = <T>(list: readonly T[], pick: number): T | undefined =>
  list[pick % Math.max(1, list.length)];

export const REFUND_WAYS = ["credit", "mobile_money", "bank", "card_reversal", "none"] as const;

const of = <K extends string, T>(kind: K, fields: fc.Arbitrary<T>) =>
  fields.map((values) => ({ kind, ...values }));

export const step = fc.oneof(
  { weight: 3, arbitrary: of("topup", fc.record({ ngwee: fc.integer({ min: 1, max: 40_00 }) })) },
  {
    weight: 3,
    arbitrary: of(
      "sale",
      fc.record({ item: fc.integer({ min: 0, max: 1 }), quantity: fc.integer({ min: 1, max: 3 }) }),
    ),
  },
  { weight: 1, arbitrary: of("void", fc.record({ pick: fc.nat() })) },
  {
    weight: 2,
    arbitrary: of("withdraw", fc.record({ ngwee: fc.integer({ min: 1, max: 50_00 }) })),
  },
  { weight: 1, arbitrary: of("decide", fc.record({ pick: fc.nat(), pay: fc.boolean() })) },
  { weight: 3, arbitrary: of("meal", fc.record({})) },
  {
    weight: 3,
    arbitrary: of("verify", fc.record({ pick: fc.nat(), stray: fc.nat(3).map((n) => n === 0) })),
  },
  { weight: 2, arbitrary: of("cardStart", fc.record({})) },
  { weight: 3, arbitrary: of("cardSettle", fc.record({ paid: fc.nat(2).map((n) => n > 0) })) },
  {
    weight: 3,
    arbitrary: of("cancel", fc.record({ pick: fc.nat(), any: fc.nat(2).map((n) => n === 0) })),
  },
  {
    weight: 4,
    arbitrary: of(
      "refund",
      fc.record({
        pick: fc.nat(),
        way: fc.constantFrom(...REFUND_WAYS),
        // Now and then at an order that is not owed a refund: refused, nothing moves.
        stray: fc.nat(3).map((n) => n === 0),
      }),
    ),
  },
  {
    weight: 3,
    arbitrary: of("close", fc.record({ pick: fc.nat(), fresh: fc.nat(3).map((n) => n === 0) })),
  },
  { weight: 1, arbitrary: of("closedMeal", fc.record({ pick: fc.nat() })) },
);

export type Step = typeof step extends fc.Arbitrary<infer T> ? T : never;
export type StepOf<K extends Step["kind"]> = Extract<Step, { kind: K }>;
