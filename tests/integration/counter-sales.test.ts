import { afterEach, beforeAll, describe, expect, it, jest } from "@jest/globals";
import * as search from "@/app/api/counter/students/route";
import { COUNTER_ALREADY_VOIDED, COUNTER_VOID_DAY_OVER } from "@/lib/contracts/counter";
import { formatNgwee } from "@/lib/money";
import { mondayOf, schoolToday } from "@/lib/school-calendar";
import { orderOn } from "@/tests/support/credit-fixtures";
import {
  balanceNgwee,
  cashierOnly,
  counterItem,
  family,
  findByCode,
  findByName,
  ledgerOf,
  saleKey,
  sell,
  setCounter,
  voidCall,
} from "@/tests/support/counter-fixtures";
import { activeCycle, addMenuItem, signedIn } from "@/tests/support/fixtures";
import type { Browser } from "@/tests/support/http";
import { key, testDb } from "@/tests/support/school";
import { freezeClock } from "@/tests/support/frozen-clock";

// The counter's sales (issue 47) on the real handlers: the till finds a child by card code or
// name, sells from the family wallet once per key, refuses with the cause and charges nothing
// (wallet short 402, limit or block 403, sold out and allergens 409), and voids the same day only.
// The family's side is in counter-family.test.ts, the property test in counter-invariants.test.ts.

let cashier: Browser;
let crisps: { id: number; name: string };
let juice: { id: number; name: string };

beforeAll(async () => {
  cashier = (await cashierOnly()).browser;
  crisps = await counterItem({ name: "Crisps", price: "7.50" });
  juice = await counterItem({ name: "Juice", price: "5.00" });
});

afterEach(() => {
  jest.useRealTimers();
});

describe("GET /api/counter/students", () => {
  it("finds a child by card code exactly, and by part of a name in any case", async () => {
    const f = await family({ wallet: "30.00", childName: "Mwansa Zulu", allergies: ["Peanuts"] });
    const db = await testDb();
    await db.student.update({ where: key(f.child.id), data: { cardCode: "CARD-MZ-1" } });

    const byCode = await findByCode(cashier, "CARD-MZ-1");
    expect(byCode.status).toBe(200);
    expect(byCode.body).toEqual([
      {
        id: f.child.id,
        name: "Mwansa Zulu",
        grade: "4",
        className: null,
        allergies: ["Peanuts"],
        dietaryNotes: null,
        available: "30.00",
        blocked: false,
        todaysOrder: null,
      },
    ]);
    expect((await findByCode(cashier, "card-mz-1")).body).toEqual([]);
    expect((await findByCode(cashier, "CARD-MZ")).body).toEqual([]);

    const byName = await findByName(cashier, "nsa zu");
    expect(byName.body.map((s) => s.id)).toEqual([f.child.id]);
    // An archived child is never found.
    await db.student.update({ where: key(f.child.id), data: { archivedAt: new Date() } });
    expect((await findByName(cashier, "nsa zu")).body).toEqual([]);
    expect((await findByCode(cashier, "CARD-MZ-1")).body).toEqual([]);
  });

  it("answers what is left today: the wallet capped by the limit, 0 when blocked", async () => {
    const rich = await family({ wallet: "500.00", childName: "Rich Kid Lungu" });
    const [richChild] = (await findByName(cashier, "Rich Kid Lungu")).body;
    expect(richChild?.available).toBe("50.00"); // the school's K50 default
    expect(
      (
        await sell(cashier, {
          studentId: rich.child.id,
          items: [{ menuItemId: crisps.id, quantity: 2 }],
        })
      ).status,
    ).toBe(201);
    expect((await findByName(cashier, "Rich Kid Lungu")).body[0]?.available).toBe("35.00");
    expect(
      (await setCounter(rich.browser, rich.child.id, { dailyLimit: null, blocked: true })).status,
    ).toBe(200);
    expect((await findByName(cashier, "Rich Kid Lungu")).body[0]).toMatchObject({
      available: "0.00",
      blocked: true,
    });
  });

  it("answers the meal pre-ordered for today", async () => {
    // A Wednesday at 10:00 in Lusaka.
    freezeClock(new Date("2026-12-02T08:00:00Z"));
    const today = schoolToday("Africa/Lusaka");
    const cycle = await activeCycle({ startDate: mondayOf(today) });
    const meal = await addMenuItem({ name: "Nshima and Beans" });
    const f = await family({ childName: "Lunch Box Phiri" });
    const order = await orderOn(
      cycle.id,
      meal.id,
      { userId: f.id, studentId: f.child.id },
      { weekNumber: 1, dayOfWeek: 3 },
    );
    // A session of the frozen day (the suite's cashier signed in days before it).
    const till = (await cashierOnly()).browser;
    const [found] = (await findByName(till, "Lunch Box Phiri")).body;
    expect(found?.todaysOrder).toEqual({
      orderId: order.id,
      menuItemName: "Nshima and Beans",
      category: null,
      sideDish: null,
      collected: false,
    });
  });

  it("refuses a call with neither or both of code and q", async () => {
    const queries: Record<string, string>[] = [{}, { q: "a", code: "b" }, { q: "  " }];
    for (const query of queries) {
      const answer = await cashier.call(search.GET, "GET", "/api/counter/students", { query });
      expect([query, answer.status]).toEqual([query, 422]);
    }
  });
});

describe("POST /api/counter/sales", () => {
  it("charges the family once with a counter movement and answers what is left", async () => {
    const f = await family({ wallet: "40.00" });
    const answer = await sell(cashier, {
      studentId: f.child.id,
      items: [
        { menuItemId: crisps.id, quantity: 2 },
        { menuItemId: juice.id, quantity: 1 },
      ],
    });
    expect(answer.status).toBe(201);
    expect(answer.body).toEqual({ saleId: expect.any(Number), total: "20.00", available: "20.00" });
    expect(await ledgerOf(f.id)).toEqual([
      ["topup", "40.00"],
      ["counter", "-20.00"],
    ]);
  });

  it("refuses, naming the cause, and charges nothing", async () => {
    const f = await family({ wallet: "12.00", allergies: ["Milk"] });
    const capped = await counterItem({ name: "Samosa", price: "2.00", dailyCap: 1 });
    const milky = await counterItem({ name: "Yoghurt", price: "3.00", allergens: ["Milk"] });
    const buy = (menuItemId: number, quantity = 1, extra: Record<string, unknown> = {}) =>
      sell(cashier, { studentId: f.child.id, items: [{ menuItemId, quantity }], ...extra });

    const short = await buy(crisps.id, 2);
    expect([short.status, short.body.message]).toEqual([
      402,
      expect.stringContaining(`has only ${formatNgwee(12_00)}`),
    ]);
    const soldOut = await buy(capped.id, 2);
    expect([soldOut.status, soldOut.body.message]).toEqual([
      409,
      expect.stringContaining("Sold out today: Samosa (1 left)"),
    ]);
    const allergic = await buy(milky.id);
    expect([allergic.status, allergic.body.message]).toEqual([
      409,
      expect.stringContaining("allergic to Milk"),
    ]);
    const archived = await counterItem({ isArchived: true });
    const meal = await addMenuItem();
    for (const id of [archived.id, meal.id]) expect((await buy(id)).status).toBe(409);
    expect(await ledgerOf(f.id)).toEqual([["topup", "12.00"]]);

    // Confirmed by the cashier, the allergen sells.
    expect((await buy(milky.id, 1, { allergyAcknowledged: true })).status).toBe(201);
    // The parent's limit: K5 a day, K3 already spent.
    expect(
      (await setCounter(f.browser, f.child.id, { dailyLimit: "5", blocked: false })).body,
    ).toEqual({ id: f.child.id, dailyLimit: "5.00", blocked: false });
    const limit = await buy(juice.id);
    expect([limit.status, limit.body.message]).toEqual([
      403,
      expect.stringContaining(`limit is reached: ${formatNgwee(2_00)} left today`),
    ]);
    await setCounter(f.browser, f.child.id, { dailyLimit: "50", blocked: true });
    const blocked = await buy(juice.id);
    expect([blocked.status, blocked.body.message]).toEqual([
      403,
      expect.stringContaining("The counter is blocked"),
    ]);
    expect(await ledgerOf(f.id)).toEqual([
      ["topup", "12.00"],
      ["counter", "-3.00"],
    ]);
    const db = await testDb();
    expect(await db.itemDayStock.findMany({ where: { menuItemId: capped.id } })).toEqual([]);
  });

  it("answers the first sale for the same key, also when 10 arrive at once", async () => {
    const f = await family({ wallet: "100.00" });
    const body = {
      studentId: f.child.id,
      items: [{ menuItemId: juice.id, quantity: 1 }],
      idempotencyKey: saleKey(),
    };
    const answers = await Promise.all(Array.from({ length: 10 }, () => sell(cashier, body)));
    const first = answers[0]!.body;
    for (const answer of answers) {
      expect(answer.status).toBe(201);
      expect(answer.body).toMatchObject({ saleId: first.saleId, total: "5.00" });
    }
    expect((await sell(cashier, body)).body).toEqual({
      saleId: first.saleId,
      total: "5.00",
      available: "45.00",
    });
    expect(await ledgerOf(f.id)).toEqual([
      ["topup", "100.00"],
      ["counter", "-5.00"],
    ]);
    const other = await family({ wallet: "10.00" });
    expect((await sell(cashier, { ...body, studentId: other.child.id })).status).toBe(409);
  });

  it("never takes a wallet below zero, however many sales run at once", async () => {
    const f = await family({ wallet: "55.00" });
    await setCounter(f.browser, f.child.id, { dailyLimit: "1000", blocked: false });
    const answers = await Promise.all(
      Array.from({ length: 20 }, () =>
        sell(cashier, { studentId: f.child.id, items: [{ menuItemId: juice.id, quantity: 2 }] }),
      ),
    );
    expect(answers.filter((a) => a.status === 201)).toHaveLength(5);
    expect(answers.filter((a) => a.status === 402)).toHaveLength(15);
    expect(await balanceNgwee(f.id)).toBe(5_00);
  });

  it("refuses other roles and features", async () => {
    const f = await family({ wallet: "20.00" });
    const kitchen = await signedIn("admin", ["kitchen"]);
    for (const browser of [f.browser, kitchen.browser]) {
      expect(
        (
          await sell(browser, {
            studentId: f.child.id,
            items: [{ menuItemId: juice.id, quantity: 1 }],
          })
        ).status,
      ).toBe(403);
    }
    expect(
      (
        await sell(cashier, {
          studentId: 2_000_000,
          items: [{ menuItemId: juice.id, quantity: 1 }],
        })
      ).status,
    ).toBe(404);
    expect((await sell(cashier, { studentId: f.child.id, items: [] })).status).toBe(422);
    expect(await ledgerOf(f.id)).toEqual([["topup", "20.00"]]);
  });
});

describe("POST /api/counter/sales/{id}/void", () => {
  it("gives the money and the stock back the same day, once, audited", async () => {
    const f = await family({ wallet: "20.00" });
    const capped = await counterItem({ name: "Bun", price: "4.00", dailyCap: 2 });
    const sale = await sell(cashier, {
      studentId: f.child.id,
      items: [{ menuItemId: capped.id, quantity: 2 }],
    });
    expect(sale.status).toBe(201);
    expect(
      (
        await sell(cashier, {
          studentId: f.child.id,
          items: [{ menuItemId: capped.id, quantity: 1 }],
        })
      ).status,
    ).toBe(409);
    const voided = await voidCall(cashier, sale.body.saleId);
    expect(voided.status).toBe(200);
    expect(voided.body).toMatchObject({ saleId: sale.body.saleId, total: "8.00" });
    const again = await voidCall(cashier, sale.body.saleId);
    expect([again.status, again.body.message]).toEqual([409, COUNTER_ALREADY_VOIDED]);
    expect(await ledgerOf(f.id)).toEqual([
      ["topup", "20.00"],
      ["counter", "-8.00"],
      ["counter", "8.00"],
    ]);
    // The portions are back: the two sell again.
    expect(
      (
        await sell(cashier, {
          studentId: f.child.id,
          items: [{ menuItemId: capped.id, quantity: 2 }],
        })
      ).status,
    ).toBe(201);
    const db = await testDb();
    const audits = await db.auditLog.findMany({
      where: { action: "counter-sale.void", entityId: String(sale.body.saleId) },
    });
    expect(audits).toHaveLength(1);
    expect((await voidCall(cashier, 2_000_000)).status).toBe(404);
    expect((await voidCall(f.browser, sale.body.saleId)).status).toBe(403);
  });

  it("refuses a sale of another school day, and changes nothing", async () => {
    const f = await family({ wallet: "20.00" });
    const sale = await sell(cashier, {
      studentId: f.child.id,
      items: [{ menuItemId: juice.id, quantity: 1 }],
    });
    freezeClock(new Date(Date.now() + 24 * 3600 * 1000));
    const till = (await cashierOnly()).browser;
    const late = await voidCall(till, sale.body.saleId);
    expect([late.status, late.body.message]).toEqual([409, COUNTER_VOID_DAY_OVER]);
    expect(await ledgerOf(f.id)).toEqual([
      ["topup", "20.00"],
      ["counter", "-5.00"],
    ]);
  });
});
