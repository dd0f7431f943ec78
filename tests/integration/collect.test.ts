// Handing out pre-ordered meals (issue 47): a live meal of the school's today is collected once,
// a second collect says when the first was, a meal of another day, a cancelled one and another
// school's are refused, and the kitchen's list of meals still to hand out (or, for a past day,
// never collected) follows. The clock is frozen at 01:30 on a Wednesday in Lusaka, still Tuesday
// evening on the server's clock (TZ=America/Lima): "today" is the school's.
import { afterAll, beforeAll, describe, expect, it, jest } from "@jest/globals";
import * as collect from "@/app/api/counter/collect/route";
import * as uncollected from "@/app/api/kitchen/uncollected/route";
import type { CollectAnswer, UncollectedAnswer } from "@/lib/contracts/cards";
import type { SchoolContext } from "@/lib/contracts/schools";
import { getDb, schoolDb } from "@/lib/db";
import { addDaysIso, mondayOf, parseIsoDate, schoolToday } from "@/lib/school-calendar";
import { forgetSchools } from "@/lib/schools/resolve-school";
import {
  activeCycle,
  addMenuItem,
  signedIn,
  signedUpParent,
  uniqueName,
} from "@/tests/support/fixtures";
import type { Browser } from "@/tests/support/http";
import { schoolContext, testDb } from "@/tests/support/school";
import { freezeClock } from "@/tests/support/frozen-clock";

const monday = mondayOf(schoolToday("Africa/Lusaka"));
const tuesday = addDaysIso(monday, 1);
const wednesday = addDaysIso(monday, 2);
/** Tuesday 23:30 UTC: Wednesday 01:30 in Lusaka (UTC+2), Tuesday 18:30 in Lima. */
const NOW = `${tuesday}T23:30:00Z`;

type Meal = { orderId: number; studentId: number; name: string };

let kitchen: Browser;
let counter: { browser: Browser; id: number };
let parent: Awaited<ReturnType<typeof signedUpParent>>;
let today: { alice: Meal; bongani: Meal; chanda: Meal; cancelled: Meal };
let yesterday: Meal;
let schoolB: SchoolContext;
let orderB: number;

async function addMeal(
  cycleId: number,
  menuItemId: number,
  name: string,
  dayOfWeek: number,
  extra: { status?: "cancelled"; paymentStatus?: "pending"; grade?: string } = {},
): Promise<Meal> {
  const db = await testDb();
  const student = await db.student.create({
    data: { name, grade: extra.grade ?? "3", className: "3A", parentId: parent.id },
  });
  const order = await db.order.create({
    data: {
      userId: parent.id,
      studentId: student.id,
      menuItemId,
      cycleId,
      weekNumber: 2,
      dayOfWeek,
      category: "chicken",
      sideDish: "Rice",
      originalPrice: "40.00",
      discountedPrice: "40.00",
      status: extra.status ?? "pending",
      paymentStatus: extra.paymentStatus ?? "confirmed",
    },
  });
  return { orderId: order.id, studentId: student.id, name };
}

beforeAll(async () => {
  freezeClock(NOW);
  parent = await signedUpParent();
  // This week is the cycle's second.
  const cycle = await activeCycle({ startDate: addDaysIso(monday, -7) });
  const item = await addMenuItem({ name: "Chicken Stew" });
  today = {
    chanda: await addMeal(cycle.id, item.id, "Chanda Today", 3, { grade: "5" }),
    alice: await addMeal(cycle.id, item.id, "Alice Today", 3),
    bongani: await addMeal(cycle.id, item.id, "Bongani Today", 3, { paymentStatus: "pending" }),
    cancelled: await addMeal(cycle.id, item.id, "Cancelled Today", 3, { status: "cancelled" }),
  };
  yesterday = await addMeal(cycle.id, item.id, "Tuesday Child", 2);
  // Signed in on that day: an admin's session lasts 24 hours at most.
  kitchen = (await signedIn("admin", ["kitchen"])).browser;
  counter = await signedIn("admin", ["counter"]);

  const platform = await getDb();
  const created = await platform.school.create({
    data: {
      slug: "collect-b",
      name: "Collect B",
      hosts: { create: [{ host: "collect-b.localhost:3000" }] },
    },
  });
  forgetSchools();
  schoolB = await schoolContext(created.id);
  const dbB = await schoolDb(schoolB.id);
  const userB = await dbB.user.create({
    data: {
      schoolId: schoolB.id,
      username: uniqueName("b."),
      usernameKey: uniqueName("b."),
      passwordHash: "x",
      name: "Parent B",
      role: "parent",
    },
  });
  const childB = await dbB.student.create({
    data: { schoolId: schoolB.id, name: "Child B", grade: "3", parentId: userB.id },
  });
  const cycleB = await dbB.orderCycle.create({
    data: {
      schoolId: schoolB.id,
      startDate: parseIsoDate(addDaysIso(monday, -7))!,
      cycleLength: 4,
      isActive: true,
    },
  });
  const itemB = await dbB.menuItem.create({
    data: {
      schoolId: schoolB.id,
      name: "B Meal",
      price: "40.00",
      type: "primary",
      categories: ["beef"],
      sideDishes: ["Rice"],
      weekNumbers: [1, 2],
      daysOfWeek: [1, 2, 3, 4, 5],
    },
  });
  orderB = (
    await dbB.order.create({
      data: {
        schoolId: schoolB.id,
        userId: userB.id,
        studentId: childB.id,
        menuItemId: itemB.id,
        cycleId: cycleB.id,
        weekNumber: 2,
        dayOfWeek: 3,
        originalPrice: "40.00",
        discountedPrice: "40.00",
        paymentStatus: "confirmed",
      },
    })
  ).id;
});

afterAll(() => {
  jest.useRealTimers();
});

const collectAs = (browser: Browser, body: unknown) =>
  browser.call<CollectAnswer & { message?: string; collectedAt?: string }>(
    collect.POST,
    "POST",
    "/api/counter/collect",
    { body },
  );

const listAs = (browser: Browser, query: Record<string, string> = {}) =>
  browser.call<UncollectedAnswer>(uncollected.GET, "GET", "/api/kitchen/uncollected", { query });

async function collectedOf(orderId: number) {
  const db = await testDb();
  return db.order.findFirstOrThrow({
    where: { id: orderId },
    select: { collectedAt: true, collectedBy: true, version: true },
  });
}

describe("handing out today's meals", () => {
  it("lists what is still to hand out today, by grade, class and name", async () => {
    const answer = await listAs(kitchen);
    expect(answer.status).toBe(200);
    expect(answer.body).toMatchObject({
      date: wednesday,
      isToday: true,
      isPast: false,
      collected: 0,
    });
    expect(answer.body.meals.map((m) => m.studentName)).toEqual([
      "Alice Today",
      "Bongani Today",
      "Chanda Today",
    ]);
    expect(answer.body.meals[1]).toMatchObject({
      orderId: today.bongani.orderId,
      menuItemName: "Chicken Stew",
      unpaid: true,
    });
  });

  it("collects a meal once, stamping when and by whom", async () => {
    const answer = await collectAs(counter.browser, { orderId: today.alice.orderId });
    expect(answer.status).toBe(200);
    expect(answer.body).toEqual({
      orderId: today.alice.orderId,
      studentId: today.alice.studentId,
      studentName: "Alice Today",
      menuItemName: "Chicken Stew",
      collectedAt: new Date(NOW).toISOString(),
      unpaid: false,
    });
    expect(await collectedOf(today.alice.orderId)).toMatchObject({
      collectedAt: new Date(NOW),
      collectedBy: counter.id,
    });
  });

  it("refuses a second collect (409), saying when on the school's clock, changing nothing", async () => {
    const before = await collectedOf(today.alice.orderId);
    const again = await collectAs(kitchen, { orderId: today.alice.orderId });
    expect(again.status).toBe(409);
    expect(again.body.message).toBe("This meal was already collected at 01:30");
    expect(again.body.collectedAt).toBe(new Date(NOW).toISOString());
    expect(await collectedOf(today.alice.orderId)).toEqual(before);
  });

  it("collects once when asked five times at once", async () => {
    const answers = await Promise.all(
      Array.from({ length: 5 }, () => collectAs(kitchen, { orderId: today.chanda.orderId })),
    );
    expect(answers.map((a) => a.status).sort()).toEqual([200, 409, 409, 409, 409]);
  });

  it("refuses a meal of another day (409): the server's Tuesday is the school's Wednesday", async () => {
    const answer = await collectAs(kitchen, { orderId: yesterday.orderId });
    expect(answer.status).toBe(409);
    expect(answer.body.message).toBe(`This meal is for ${tuesday}, not today (${wednesday})`);
    expect(await collectedOf(yesterday.orderId)).toMatchObject({ collectedAt: null });
  });

  it("refuses a cancelled meal (409)", async () => {
    const answer = await collectAs(kitchen, { orderId: today.cancelled.orderId });
    expect(answer.status).toBe(409);
    expect(answer.body.message).toBe("This order was cancelled and is not to be handed out");
    expect(await collectedOf(today.cancelled.orderId)).toMatchObject({ collectedAt: null });
  });

  it("answers 404 for another school's meal and for no meal, changing nothing", async () => {
    for (const orderId of [orderB, 999_999]) {
      const answer = await collectAs(kitchen, { orderId });
      expect(answer.status).toBe(404);
      expect(answer.body.message).toBe("Order not found");
    }
    const dbB = await schoolDb(schoolB.id);
    const row = await dbB.order.findFirst({
      where: { schoolId: schoolB.id, id: orderB },
      select: { collectedAt: true },
    });
    expect(row).toEqual({ collectedAt: null });
  });

  it("answers 422 for a body without a whole order id", async () => {
    for (const body of [{}, { orderId: "x" }, { orderId: 1.5 }, { orderId: 2 ** 40 }]) {
      expect((await collectAs(kitchen, body)).status).toBe(422);
    }
  });

  it("is for the kitchen and the counter: a parent and another admin get 403", async () => {
    const menu = (await signedIn("admin", ["menu"])).browser;
    for (const browser of [parent.browser, menu]) {
      expect((await collectAs(browser, { orderId: today.bongani.orderId })).status).toBe(403);
      expect((await listAs(browser)).status).toBe(403);
    }
    expect(await collectedOf(today.bongani.orderId)).toMatchObject({ collectedAt: null });
  });

  it("lists after the collects only what is left, and counts the collected", async () => {
    const answer = await listAs(counter.browser);
    expect(answer.status).toBe(200);
    expect(answer.body).toMatchObject({
      date: wednesday,
      isToday: true,
      isPast: false,
      collected: 2,
    });
    expect(answer.body.meals.map((m) => m.orderId)).toEqual([today.bongani.orderId]);
  });

  it("lists a past day's meals never collected", async () => {
    const answer = await listAs(kitchen, { date: tuesday });
    expect(answer.status).toBe(200);
    expect(answer.body).toMatchObject({
      date: tuesday,
      isToday: false,
      isPast: true,
      collected: 0,
    });
    expect(answer.body.meals.map((m) => m.orderId)).toEqual([yesterday.orderId]);
  });

  it("answers an empty list for a day outside every cycle, and 422 for a bad date", async () => {
    const empty = await listAs(kitchen, { date: "2001-01-01" });
    expect(empty.body).toEqual({
      date: "2001-01-01",
      isToday: false,
      isPast: true,
      collected: 0,
      meals: [],
    });
    const ahead = await listAs(kitchen, { date: addDaysIso(wednesday, 1) });
    expect(ahead.body).toMatchObject({ isToday: false, isPast: false });
    expect((await listAs(kitchen, { date: "2026-02-30" })).status).toBe(422);
    expect((await listAs(kitchen, { date: "Wednesday" })).status).toBe(422);
  });
});
