import { beforeAll, describe, expect, it } from "@jest/globals";
import fc from "fast-check";
import * as complete from "@/app/api/refunds/[orderId]/complete/route";
import { isUniqueViolation } from "@/lib/api/prisma-errors";
import { signedNgwee } from "@/lib/credit/ledger";
import { key, testDb } from "@/tests/support/school";
import { toNgwee } from "@/lib/money";
import {
  adjustCredit,
  closeDayCall,
  giveCredit,
  ledgerBalance,
  myCredit,
  orderOn,
  placeOrders,
} from "@/tests/support/credit-fixtures";
import {
  activeCycle,
  addMenuItem,
  addStudent,
  signedInSuperadmin,
  signedUpParent,
} from "@/tests/support/fixtures";
import type { Browser } from "@/tests/support/http";

// The ledger's guarantees (issue 17) under random sequences of payments, closures, refunds,
// spends and adjustments, and under parallel checkouts against one balance.

let admin: Browser;
let meals: { id: number; price: string }[];

beforeAll(async () => {
  admin = await signedInSuperadmin();
  meals = [];
  for (const price of ["45.50", "30.00"]) {
    const item = await addMenuItem({ price, categories: [], sideDishes: [] });
    meals.push({ id: item.id, price });
  }
});

const dayArb = fc.record({
  weekNumber: fc.integer({ min: 1, max: 4 }),
  dayOfWeek: fc.integer({ min: 1, max: 5 }),
});
const opArb = fc.oneof(
  fc.record({ op: fc.constant("pay" as const), day: dayArb, child: fc.nat(1), meal: fc.nat(1) }),
  fc.record({ op: fc.constant("close" as const), day: dayArb }),
  fc.record({
    op: fc.constant("refund" as const),
    method: fc.constantFrom("credit", "cash", "card_reversal"),
  }),
  fc.record({ op: fc.constant("spend" as const), day: dayArb, child: fc.nat(1), meal: fc.nat(1) }),
  fc.record({
    op: fc.constant("adjust" as const),
    ngwee: fc.integer({ min: -6000, max: 6000 }).filter((n) => n !== 0),
  }),
);
type Op = typeof opArb extends fc.Arbitrary<infer T> ? T : never;

async function liveOrders(userId: number) {
  const db = await testDb();
  return db.order.findMany({
    where: { userId, status: { in: ["pending", "completed"] } },
    orderBy: { id: "asc" },
  });
}

async function run(ops: Op[]) {
  const db = await testDb();
  const cycle = await activeCycle({ cycleLength: 4 });
  const parent = await signedUpParent();
  const children = [
    await addStudent(parent.id, "Chanda", "4"),
    await addStudent(parent.id, "Mutale", "4"),
  ];
  // Money the family paid in from outside, net of what the school added or removed by hand, and
  // what went back outside (cash, a card reversal).
  let paidIn = 0;
  let adjusted = 0;
  let outside = 0;
  for (const step of ops) {
    if (step.op === "pay") {
      const meal = meals[step.meal]!;
      const row = await db.orderCycle.findUniqueOrThrow({ where: key(cycle.id) });
      const blocked = (row.blockedDays as { weekNumber: number; dayOfWeek: number }[]).some(
        (d) => d.weekNumber === step.day.weekNumber && d.dayOfWeek === step.day.dayOfWeek,
      );
      if (blocked) continue;
      try {
        await orderOn(
          cycle.id,
          meal.id,
          { userId: parent.id, studentId: children[step.child]!.id },
          step.day,
          { price: meal.price },
        );
        paidIn += toNgwee(meal.price);
      } catch (error) {
        if (!isUniqueViolation(error)) throw error;
      }
    } else if (step.op === "close") {
      const answer = await closeDayCall(admin, cycle.id, { ...step.day, reason: "Closed" });
      expect([200, 409]).toContain(answer.status);
    } else if (step.op === "refund") {
      const order = (await liveOrders(parent.id))[0];
      if (!order) continue;
      await db.order.update({ where: key(order.id), data: { status: "cancelled" } });
      const answer = await admin.call(complete.POST, "POST", `/api/refunds/${order.id}/complete`, {
        params: { orderId: String(order.id) },
        body: { method: step.method },
      });
      expect(answer.status).toBe(200);
      if (step.method !== "credit") outside += toNgwee(order.discountedPrice.toFixed(2));
    } else if (step.op === "spend") {
      const meal = meals[step.meal]!;
      const answer = await placeOrders(parent.browser, [
        { menuItemId: meal.id, studentId: children[step.child]!.id, ...step.day },
      ]);
      expect([200, 402, 409, 422]).toContain(answer.status);
    } else {
      const amount = (step.ngwee / 100).toFixed(2);
      const answer = await adjustCredit(admin, parent.id, { amount, reason: "Random" });
      expect([200, 409]).toContain(answer.status);
      if (answer.status === 200) adjusted += step.ngwee;
    }
  }

  // The ledger's sum is the balance every screen shows, and it never went below zero.
  const credit = await myCredit(parent.browser);
  const entries = await db.creditEntry.findMany({
    where: { userId: parent.id },
    orderBy: { id: "asc" },
  });
  let running = 0;
  for (const entry of entries) {
    running += signedNgwee(entry.amount.toFixed(2));
    expect(running).toBeGreaterThanOrEqual(0);
  }
  expect(signedNgwee(credit.body.balance)).toBe(running);
  expect(await ledgerBalance(parent.id)).toBe(credit.body.balance);
  // Every ngwee paid in is in a live order, went back outside, or is credit.
  const live = (await liveOrders(parent.id)).reduce(
    (sum, o) => sum + toNgwee(o.discountedPrice.toFixed(2)),
    0,
  );
  expect(paidIn + adjusted).toBe(live + outside + running);
}

describe("the credit ledger", () => {
  it("keeps every balance equal to its entries, never below zero, and every ngwee accounted for", async () => {
    await fc.assert(fc.asyncProperty(fc.array(opArb, { minLength: 1, maxLength: 14 }), run), {
      numRuns: 12,
    });
  }, 120_000);

  it("spends one balance once across 20 parallel checkouts", async () => {
    await activeCycle({ cycleLength: 4 });
    const parent = await signedUpParent();
    const child = await addStudent(parent.id, "Chanda", "4");
    await giveCredit(parent.id, "45.50");
    const days = Array.from({ length: 20 }, (_, n) => ({
      weekNumber: Math.floor(n / 5) + 1,
      dayOfWeek: (n % 5) + 1,
    }));
    const answers = await Promise.all(
      days.map((day) =>
        placeOrders(parent.browser, [{ menuItemId: meals[0]!.id, studentId: child.id, ...day }]),
      ),
    );
    expect(answers.filter((a) => a.status === 200)).toHaveLength(1);
    expect(answers.filter((a) => a.status === 402)).toHaveLength(19);
    expect(await ledgerBalance(parent.id)).toBe("0.00");
    const db = await testDb();
    expect(await db.order.count({ where: { userId: parent.id } })).toBe(1);
    expect(await db.creditEntry.count({ where: { userId: parent.id, kind: "spent" } })).toBe(1);
  });

  it("never removes more than the balance across parallel adjustments", async () => {
    const parent = await signedUpParent();
    await giveCredit(parent.id, "45.50");
    const answers = await Promise.all(
      Array.from({ length: 20 }, () =>
        adjustCredit(admin, parent.id, { amount: "-10.00", reason: "Parallel" }),
      ),
    );
    expect(answers.filter((a) => a.status === 200)).toHaveLength(4);
    expect(answers.filter((a) => a.status === 409)).toHaveLength(16);
    expect(await ledgerBalance(parent.id)).toBe("5.50");
  });
});
