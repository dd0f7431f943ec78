import { beforeAll, describe, expect, it } from "@jest/globals";
import { DEFAULT_SCHOOL_ID } from "@/lib/contracts/schools";
import {
  releaseStock,
  SoldOut,
  stockTaken,
  takeStock,
  takeStockIfLeft,
  type StockTake,
} from "@/lib/menu/stock";
import { parseIsoDate } from "@/lib/school-calendar";
import { addMenuItem } from "@/tests/support/fixtures";
import { testDb } from "@/tests/support/school";

// lib/menu/stock.ts (issue 47): the school's ItemDayStock rows that keep capped items under their
// daily cap. Takes add up, a take over the cap throws SoldOut and the caller's transaction keeps
// nothing, a release gives back (never below zero), and the conditional take used at fulfil
// answers false without taking.

const school = DEFAULT_SCHOOL_ID;
const MONDAY = "2041-03-04";
const TUESDAY = "2041-03-05";
let wrap: { id: number };
let juice: { id: number };

beforeAll(async () => {
  wrap = await addMenuItem({ name: "Chicken Wrap", type: "counter", dailyCap: 3 });
  juice = await addMenuItem({ name: "Mango Juice", type: "counter", dailyCap: 2 });
});

async function taken(menuItemId: number, day: string): Promise<number | null> {
  const db = await testDb();
  const row = await db.itemDayStock.findUnique({
    where: { schoolId_menuItemId_day: { schoolId: school, menuItemId, day: parseIsoDate(day)! } },
  });
  return row?.taken ?? null;
}

async function take(takes: StockTake[]) {
  const db = await testDb();
  await db.$transaction((tx) => takeStock(tx, school, takes));
}

async function release(takes: Omit<StockTake, "cap">[]) {
  const db = await testDb();
  await db.$transaction((tx) => releaseStock(tx, school, takes));
}

describe("takeStock", () => {
  it("takes portions up to the cap, one row per item and day", async () => {
    await take([{ menuItemId: wrap.id, day: MONDAY, quantity: 2, cap: 3 }]);
    expect(await taken(wrap.id, MONDAY)).toBe(2);
    await take([{ menuItemId: wrap.id, day: MONDAY, quantity: 1, cap: 3 }]);
    expect(await taken(wrap.id, MONDAY)).toBe(3);
    expect(await taken(wrap.id, TUESDAY)).toBeNull();
  });

  it("throws SoldOut naming the day and what was left, and the transaction keeps nothing", async () => {
    const db = await testDb();
    const error = await db
      .$transaction(async (tx) => {
        await takeStock(tx, school, [{ menuItemId: juice.id, day: MONDAY, quantity: 1, cap: 2 }]);
        await takeStock(tx, school, [
          { menuItemId: juice.id, day: TUESDAY, quantity: 1, cap: 2 },
          { menuItemId: wrap.id, day: MONDAY, quantity: 1, cap: 3 },
        ]);
      })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(SoldOut);
    expect((error as SoldOut).days).toEqual([{ menuItemId: wrap.id, day: MONDAY, left: 0 }]);
    expect(await taken(wrap.id, MONDAY)).toBe(3);
    expect(await taken(juice.id, MONDAY)).toBeNull();
    expect(await taken(juice.id, TUESDAY)).toBeNull();
  });

  it("merges the same item and day (two children, one snack) and skips empty takes", async () => {
    const day = "2041-03-06";
    await take([
      { menuItemId: juice.id, day, quantity: 1, cap: 2 },
      { menuItemId: wrap.id, day, quantity: 0, cap: 3 },
      { menuItemId: juice.id, day, quantity: 1, cap: 2 },
    ]);
    expect(await taken(juice.id, day)).toBe(2);
    expect(await taken(wrap.id, day)).toBeNull();
    // Merged, the two portions of a cart go over together: left 1, asked 2.
    const other = "2041-03-07";
    await take([{ menuItemId: juice.id, day: other, quantity: 1, cap: 2 }]);
    await expect(
      take([
        { menuItemId: juice.id, day: other, quantity: 1, cap: 2 },
        { menuItemId: juice.id, day: other, quantity: 1, cap: 2 },
      ]),
    ).rejects.toMatchObject({ days: [{ menuItemId: juice.id, day: other, left: 1 }] });
    expect(await taken(juice.id, other)).toBe(1);
  });

  it("sends nothing for an empty list", async () => {
    await expect(take([])).resolves.toBeUndefined();
  });
});

describe("releaseStock", () => {
  it("gives portions back, merged, never below zero", async () => {
    const day = "2041-03-11";
    await take([{ menuItemId: wrap.id, day, quantity: 3, cap: 3 }]);
    await release([
      { menuItemId: wrap.id, day, quantity: 1 },
      { menuItemId: wrap.id, day, quantity: 1 },
    ]);
    expect(await taken(wrap.id, day)).toBe(1);
    await release([{ menuItemId: wrap.id, day, quantity: 5 }]);
    expect(await taken(wrap.id, day)).toBe(0);
    // A day never taken: nothing to give back, no row made.
    await release([{ menuItemId: juice.id, day, quantity: 1 }]);
    expect(await taken(juice.id, day)).toBeNull();
    // Given back, the portions can be taken again.
    await take([{ menuItemId: wrap.id, day, quantity: 3, cap: 3 }]);
    expect(await taken(wrap.id, day)).toBe(3);
  });
});

describe("takeStockIfLeft", () => {
  it("takes while the line fits and answers false, taking nothing, once it does not", async () => {
    const db = await testDb();
    const day = "2041-03-12";
    const once = () =>
      db.$transaction((tx) =>
        takeStockIfLeft(tx, school, { menuItemId: juice.id, day, quantity: 1, cap: 2 }),
      );
    expect(await once()).toBe(true);
    expect(await once()).toBe(true);
    expect(await once()).toBe(false);
    expect(await taken(juice.id, day)).toBe(2);
    // A line bigger than the whole cap on a fresh day: no row at all.
    const fresh = "2041-03-13";
    expect(
      await db.$transaction((tx) =>
        takeStockIfLeft(tx, school, { menuItemId: juice.id, day: fresh, quantity: 3, cap: 2 }),
      ),
    ).toBe(false);
    expect(await taken(juice.id, fresh)).toBeNull();
  });
});

describe("stockTaken", () => {
  it("answers what was taken per item and day, for the asked ones only", async () => {
    const db = await testDb();
    const map = await stockTaken(db, school, [wrap.id, juice.id], [MONDAY, TUESDAY, "2041-03-12"]);
    expect(Object.fromEntries(map)).toEqual({
      [`${wrap.id}:${MONDAY}`]: 3,
      [`${juice.id}:2041-03-12`]: 2,
    });
    expect((await stockTaken(db, school, [], [MONDAY])).size).toBe(0);
  });
});
