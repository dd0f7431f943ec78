import { beforeAll, describe, expect, it } from "@jest/globals";
import * as counterSettings from "@/app/api/settings/counter/route";
import * as students from "@/app/api/students/route";
import type { StudentDto } from "@/lib/contracts";
import type { CounterSettingsDto } from "@/lib/contracts/counter";
import { DEFAULT_SCHOOL_ID, SCHOOL_CLOSED_MESSAGE } from "@/lib/contracts/schools";
import { getDb } from "@/lib/db";
import { forgetSchools } from "@/lib/schools/resolve-school";
import { schoolToday } from "@/lib/school-calendar";
import {
  cashierOnly,
  counterItem,
  family,
  findByName,
  ledgerOf,
  myPurchases,
  sell,
  setCounter,
} from "@/tests/support/counter-fixtures";
import { signedIn, signedInSuperadmin } from "@/tests/support/fixtures";
import type { Browser } from "@/tests/support/http";
import { key, testDb } from "@/tests/support/school";

// The family's side of the counter (issue 47): the parent's limit and block for each child (the
// teacher's on their own staff record), the school's default limit, each purchase in Order
// History, and a suspended school that sells nothing.

let cashier: Browser;
let crisps: { id: number; name: string };
let juice: { id: number; name: string };

beforeAll(async () => {
  cashier = (await cashierOnly()).browser;
  crisps = await counterItem({ name: "Crisps", price: "7.50" });
  juice = await counterItem({ name: "Juice", price: "5.00" });
});

describe("the parent's side", () => {
  it("sets a limit and a block, sees them in the list, and sees each purchase", async () => {
    const f = await family({ wallet: "30.00" });
    const other = await family();
    expect(
      (await setCounter(other.browser, f.child.id, { dailyLimit: "5", blocked: true })).status,
    ).toBe(404);
    for (const bad of [
      { dailyLimit: "-1", blocked: false },
      { dailyLimit: "1.234", blocked: false },
      { dailyLimit: "5" },
    ]) {
      expect((await setCounter(f.browser, f.child.id, bad)).status).toBe(422);
    }
    const list = await f.browser.call<StudentDto[]>(students.GET, "GET", "/api/students");
    expect(list.body[0]).toMatchObject({ counterDailyLimit: null, counterBlocked: false });
    await setCounter(f.browser, f.child.id, { dailyLimit: "12.5", blocked: false });
    const after = await f.browser.call<StudentDto[]>(students.GET, "GET", "/api/students");
    expect(after.body[0]).toMatchObject({ counterDailyLimit: "12.50", counterBlocked: false });

    const sale = await sell(cashier, {
      studentId: f.child.id,
      items: [{ menuItemId: crisps.id, quantity: 1 }],
    });
    const bought = await myPurchases(f.browser);
    expect(bought.body).toEqual([
      {
        id: sale.body.saleId,
        studentId: f.child.id,
        studentName: f.child.name,
        day: schoolToday("Africa/Lusaka"),
        createdAt: expect.any(String),
        total: "7.50",
        items: [{ name: "Crisps", quantity: 1, unitPrice: "7.50" }],
        voidedAt: null,
      },
    ]);
    expect((await myPurchases(other.browser)).body).toEqual([]);
  });

  it("a teacher sets their own staff record", async () => {
    const teacher = await signedIn("teacher", [], { staffRecord: true });
    const db = await testDb();
    const staff = await db.student.findFirstOrThrow({ where: { parentId: teacher.id } });
    expect(
      (await setCounter(teacher.browser, staff.id, { dailyLimit: "20", blocked: false })).status,
    ).toBe(200);
    expect(await db.student.findUniqueOrThrow({ where: key(staff.id) })).toMatchObject({
      counterBlocked: false,
    });
  });
});

describe("the school's default limit and a suspended school", () => {
  it("saves the default, which applies to children without their own", async () => {
    const admin = await signedInSuperadmin();
    const save = (body: unknown) =>
      admin.call<CounterSettingsDto>(counterSettings.POST, "POST", "/api/settings/counter", {
        body,
      });
    expect((await save({ dailyLimit: "25" })).body).toEqual({ dailyLimit: "25.00" });
    const f = await family({ wallet: "100.00", childName: "Default Limit Banda" });
    expect((await findByName(cashier, "Default Limit Banda")).body[0]?.available).toBe("25.00");
    expect((await save({ dailyLimit: "50" })).status).toBe(200);
    expect((await save({ dailyLimit: "x" })).status).toBe(422);
    expect(f.child.id).toBeGreaterThan(0);
  });

  it("sells nothing while the school is suspended", async () => {
    const f = await family({ wallet: "20.00" });
    const platform = await getDb();
    await platform.school.update({
      where: { id: DEFAULT_SCHOOL_ID },
      data: { status: "suspended" },
    });
    forgetSchools();
    try {
      const refused = await sell(cashier, {
        studentId: f.child.id,
        items: [{ menuItemId: juice.id, quantity: 1 }],
      });
      expect([refused.status, refused.body.message]).toEqual([403, SCHOOL_CLOSED_MESSAGE]);
    } finally {
      await platform.school.update({
        where: { id: DEFAULT_SCHOOL_ID },
        data: { status: "active" },
      });
      forgetSchools();
    }
    expect(await ledgerOf(f.id)).toEqual([["topup", "20.00"]]);
  });
});
