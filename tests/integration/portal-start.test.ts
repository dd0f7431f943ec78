import { describe, expect, it } from "@jest/globals";
import * as myDiscountCode from "@/app/api/discounts/my-discount-code/route";
import * as menu from "@/app/api/menu/route";
import * as orderCycles from "@/app/api/order-cycles/route";
import * as orders from "@/app/api/orders/route";
import * as allergenSettings from "@/app/api/settings/allergens/route";
import * as bankTransfer from "@/app/api/settings/bank-transfer/route";
import * as mobileMoney from "@/app/api/settings/mobile-money/route";
import * as paymentBypass from "@/app/api/settings/payment-bypass/route";
import * as cutoffTime from "@/app/api/settings/cutoff-time/route";
import * as students from "@/app/api/students/route";
import { sessionUserSelect, toSessionUser } from "@/lib/auth/session";
import { observeQueries } from "@/lib/db";
import { defaultSchool, key, testDb } from "@/tests/support/school";
import { loadPortalStart } from "@/lib/portal/portal-start";
import {
  activeCycle,
  addMenuItem,
  addStudent,
  giveDiscountCode,
  signedUpParent,
} from "@/tests/support/fixtures";
import { setPaymentBypass } from "@/tests/support/money-admin-fixtures";

// Issue 8: the parent dashboard's first reads come with the page (lib/portal/portal-start.ts)
// instead of six API calls. The client's cache must then hold exactly what those calls answer.

async function sessionUserOf(id: number) {
  const db = await testDb();
  return toSessionUser(
    await db.user.findUniqueOrThrow({ where: key(id), select: sessionUserSelect }),
  );
}

describe("loadPortalStart", () => {
  it("holds what the parent's first reads answer, and only the parent's own rows", async () => {
    await activeCycle();
    const meal = await addMenuItem();
    await addMenuItem({ isArchived: true });
    const parent = await signedUpParent();
    const child = await addStudent(parent.id, "Chanda", "3");
    await addStudent(parent.id, "Mwila", "8");
    await giveDiscountCode(parent.id, 100);
    const other = await signedUpParent();
    await addStudent(other.id, "Someone Else", "2");
    const placed = await parent.browser.call(orders.POST, "POST", "/api/orders", {
      body: [
        {
          menuItemId: meal.id,
          studentId: child.id,
          weekNumber: 1,
          dayOfWeek: 2,
          category: "chicken",
          sideDish: "Rice",
          comments: "",
        },
      ],
    });
    expect(placed.status).toBe(200);
    // The Cart's payment settings, each away from its default.
    await setPaymentBypass(true);
    const db = await testDb();
    for (const [settingKey, value] of [
      ["bank-transfer", { enabled: false }],
      ["mobile-money", { enabled: true, operators: { airtel: true, mtn: false } }],
    ] as const) {
      await db.setting.create({ data: { key: settingKey, value } });
    }

    const start = await loadPortalStart(await defaultSchool(), await sessionUserOf(parent.id));
    const read = async (handler: Parameters<typeof parent.browser.call>[0], path: string) => {
      const answer = await parent.browser.call(handler, "GET", path);
      expect(answer.status).toBe(200);
      return answer.body;
    };
    expect(start.students).toEqual(await read(students.GET, "/api/students"));
    expect(start.menu).toEqual(await read(menu.GET, "/api/menu"));
    expect(start.cycles).toEqual(await read(orderCycles.GET, "/api/order-cycles"));
    expect(start.cutoffTime).toEqual(await read(cutoffTime.GET, "/api/settings/cutoff-time"));
    expect(start.allergens).toEqual(await read(allergenSettings.GET, "/api/settings/allergens"));
    expect(start.orders).toEqual(await read(orders.GET, "/api/orders?includeAll=true"));
    expect(start.myDiscountCode).toEqual(
      await read(myDiscountCode.GET, "/api/discounts/my-discount-code"),
    );
    expect(start.paymentBypass).toEqual(
      await read(paymentBypass.GET, "/api/settings/payment-bypass"),
    );
    expect(start.bankTransfer).toEqual(await read(bankTransfer.GET, "/api/settings/bank-transfer"));
    expect(start.mobileMoney).toEqual(await read(mobileMoney.GET, "/api/settings/mobile-money"));
    expect(start.students.map((s) => s.name)).toEqual(["Chanda", "Mwila"]);
    expect(start.paymentBypass.enabled).toBe(true);
    expect(start.bankTransfer.enabled).toBe(false);
    expect(start.mobileMoney.operators).toEqual({ airtel: true, mtn: false });
    expect(start.orders).toHaveLength(1);
    expect(start.menu.some((item) => item.isArchived)).toBe(false);
  });

  it("gives null for a caller without a discount code, where the API answers 404", async () => {
    const parent = await signedUpParent();
    const start = await loadPortalStart(await defaultSchool(), await sessionUserOf(parent.id));
    expect(start.myDiscountCode).toBeNull();
    const answer = await parent.browser.call(
      myDiscountCode.GET,
      "GET",
      "/api/discounts/my-discount-code",
    );
    expect(answer.status).toBe(404);
    expect(start.students).toEqual([]);
    expect(start.orders).toEqual([]);
  });

  it("reads the Cart's payment settings from memory: no statement beyond the version check", async () => {
    const parent = await signedUpParent();
    const school = await defaultSchool();
    const user = await sessionUserOf(parent.id);
    const first = await loadPortalStart(school, user); // fills the instance's settings cache
    const statements: string[] = [];
    const stop = observeQueries((sql) => statements.push(sql));
    const start = await loadPortalStart(school, user);
    stop();
    expect(start.mobileMoney).toEqual(first.mobileMoney);
    expect(start.paymentBypass).toEqual(first.paymentBypass);
    expect(statements.filter((sql) => sql.includes('"CacheVersion"'))).toHaveLength(1);
    expect(statements.some((sql) => sql.includes('"Setting"'))).toBe(false);
  });
});
