import { beforeAll, describe, expect, it } from "@jest/globals";
import * as validate from "@/app/api/menu-items/validate/route";
import * as orders from "@/app/api/orders/route";
import type { MenuValidationDto } from "@/lib/contracts";
import { key, testDb } from "@/tests/support/school";
import { DAY_PASSED } from "@/lib/cycles/close-day";
import { CLOSED_BY_SCHOOL, ORDERING_CLOSED } from "@/lib/orders/closed-cart-lines";
import { addDaysIso, mondayOf, schoolToday } from "@/lib/school-calendar";
import {
  closeDayCall,
  giveCredit,
  orderOn,
  previewCloseDay,
} from "@/tests/support/credit-fixtures";
import { activeCycle, addMenuItem, addStudent, signedUpParent } from "@/tests/support/fixtures";
import type { Browser } from "@/tests/support/http";
import { signedInAdmin } from "@/tests/support/money-admin-fixtures";

// Issue 44 §8: a cart holding a day the school closed after it was filled. The cart validation
// names every closed line with the school's reason (the spec's fields unchanged), a checkout
// refuses naming them all, and the rest of the cart can be paid once they are taken out.

let cycle: { id: number };
let meal: { id: number };
let admin: Browser;

beforeAll(async () => {
  cycle = await activeCycle({ cycleLength: 4 });
  meal = await addMenuItem({ price: "30.00", categories: [], sideDishes: [] });
  admin = await signedInAdmin(["cycles"]);
});

async function family() {
  const parent = await signedUpParent();
  const chanda = await addStudent(parent.id, "Chanda", "3");
  const mutale = await addStudent(parent.id, "Mutale", "4");
  return { ...parent, chanda, mutale };
}

const line = (studentId: number, weekNumber: number, dayOfWeek: number) => ({
  menuItemId: meal.id,
  studentId,
  weekNumber,
  dayOfWeek,
  comments: "",
});

const validateCart = (browser: Browser, items: unknown[]) =>
  browser.call<MenuValidationDto>(validate.POST, "POST", "/api/menu-items/validate", {
    body: { menuItemIds: [meal.id], items },
  });

describe("a cart holding a day closed after it was filled", () => {
  it("is validated with every closed line and the school's reason, the spec's fields kept", async () => {
    const p = await family();
    const cart = [
      line(p.chanda.id, 1, 2),
      line(p.chanda.id, 1, 3),
      line(p.mutale.id, 1, 3),
      line(p.mutale.id, 2, 1),
    ];
    const before = await validateCart(p.browser, cart);
    expect(before.status).toBe(200);
    expect(before.body.closedLines).toEqual([]);

    const closed = await closeDayCall(admin, cycle.id, {
      weekNumber: 1,
      dayOfWeek: 3,
      reason: "Water cut at the school",
    });
    expect(closed.status).toBe(200);

    const after = await validateCart(p.browser, cart);
    expect(after.status).toBe(200);
    expect(after.body).toEqual({
      valid: [meal.id],
      unavailable: [],
      archived: [],
      missing: [],
      closedLines: [
        {
          studentId: p.chanda.id,
          weekNumber: 1,
          dayOfWeek: 3,
          message: "School Closed: Water cut at the school",
        },
        {
          studentId: p.mutale.id,
          weekNumber: 1,
          dayOfWeek: 3,
          message: "School Closed: Water cut at the school",
        },
      ],
    });
    // An older client sends lines without their day: nothing is judged, the spec's answer stays.
    const undated = await validateCart(
      p.browser,
      cart.map(({ menuItemId, studentId }) => ({ menuItemId, studentId })),
    );
    expect(undated.body).toEqual({ valid: [meal.id], unavailable: [], archived: [], missing: [] });
  });

  it("names a day closed without a reason plainly", async () => {
    const p = await family();
    const db = await testDb();
    const row = await db.orderCycle.findUniqueOrThrow({ where: key(cycle.id) });
    await db.orderCycle.update({
      where: key(cycle.id),
      data: {
        blockedDays: [...(row.blockedDays as object[]), { weekNumber: 3, dayOfWeek: 5 }],
      },
    });
    const answer = await validateCart(p.browser, [line(p.chanda.id, 3, 5)]);
    expect(answer.body.closedLines).toEqual([
      { studentId: p.chanda.id, weekNumber: 3, dayOfWeek: 5, message: CLOSED_BY_SCHOOL },
    ]);
  });

  it("is refused at checkout naming every closed line; the rest is then paid", async () => {
    const p = await family();
    await giveCredit(p.id, "200.00");
    await closeDayCall(admin, cycle.id, { weekNumber: 2, dayOfWeek: 4, reason: "Sports day" });
    const open = [line(p.chanda.id, 2, 2), line(p.mutale.id, 2, 2)];
    const cart = [...open, line(p.chanda.id, 2, 4), line(p.mutale.id, 2, 4)];

    const refused = await p.browser.call(orders.POST, "POST", "/api/orders", { body: cart });
    expect(refused.status).toBe(422);
    expect(String(refused.body.message)).toMatch(/^School Closed/);
    expect(refused.body.closedLines).toEqual([
      { studentId: p.chanda.id, weekNumber: 2, dayOfWeek: 4, message: "School Closed: Sports day" },
      { studentId: p.mutale.id, weekNumber: 2, dayOfWeek: 4, message: "School Closed: Sports day" },
    ]);

    const paid = await p.browser.call<{ orders: { dayOfWeek: number }[] }>(
      orders.POST,
      "POST",
      "/api/orders",
      { body: open },
    );
    expect(paid.status).toBe(200);
    expect(paid.body.orders.map((o) => o.dayOfWeek)).toEqual([2, 2]);
  });
});

describe("closing a day gone by", () => {
  it("is refused with 422, its meals untouched; a cart holding it is told ordering closed", async () => {
    const p = await family();
    // A cycle that started two weeks ago: its first week is over whatever today is.
    const past = await activeCycle({
      startDate: addDaysIso(mondayOf(schoolToday("Africa/Lusaka")), -14),
      cycleLength: 4,
    });
    const served = await orderOn(
      past.id,
      meal.id,
      { userId: p.id, studentId: p.chanda.id },
      {
        weekNumber: 1,
        dayOfWeek: 2,
      },
    );
    const day = { weekNumber: 1, dayOfWeek: 2 };
    expect(await previewCloseDay(admin, past.id, day)).toMatchObject({
      status: 422,
      body: { message: DAY_PASSED },
    });
    const answer = await closeDayCall(admin, past.id, { ...day, reason: "Too late" });
    expect(answer.status).toBe(422);
    expect(answer.body).toMatchObject({ message: DAY_PASSED });
    const db = await testDb();
    expect((await db.order.findUniqueOrThrow({ where: key(served.id) })).status).toBe("pending");
    expect((await db.orderCycle.findUniqueOrThrow({ where: key(past.id) })).blockedDays).toEqual(
      [],
    );

    const check = await validateCart(p.browser, [line(p.chanda.id, 1, 2)]);
    expect(check.body.closedLines).toEqual([
      { studentId: p.chanda.id, weekNumber: 1, dayOfWeek: 2, message: ORDERING_CLOSED },
    ]);
  });
});
