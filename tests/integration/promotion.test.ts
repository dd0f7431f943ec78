import { afterEach, beforeEach, describe, expect, it, jest } from "@jest/globals";
import * as promotion from "@/app/api/parents/students/promotion/route";
import * as login from "@/app/api/login/route";
import * as students from "@/app/api/students/route";
import {
  NOTHING_TO_PROMOTE,
  PROMOTION_WRONG_YEAR,
  promotionAlreadyDone,
  promotionLeaversHaveMeals,
  promotionTermRunning,
  type PromotionDoneDto,
  type PromotionPreviewDto,
} from "@/lib/contracts/promotion";
import {
  activeCycle,
  addMenuItem,
  addStudent,
  signedIn,
  signedInSuperadmin,
  signedUpParent,
} from "@/tests/support/fixtures";
import { freezeClock } from "@/tests/support/frozen-clock";
import { Browser } from "@/tests/support/http";
import { createSchool, key, testDb } from "@/tests/support/school";

// Issue 49, "End of year": the office moves every child up a grade in one action, with a preview;
// the last grade's children leave (archived, their orders kept), teachers' staff records and
// children already removed stay as they are, and the same school year cannot be done twice.

const PATH = "/api/parents/students/promotion";
/** 28 November 2026 in Lusaka: the office prepares the school year 2027. */
const NOVEMBER = "2026-11-28T08:00:00Z";

afterEach(() => {
  jest.useRealTimers();
});
// Each test starts a school year of its own: the last one promoted is forgotten.
beforeEach(async () => {
  const db = await testDb();
  await db.setting.deleteMany({ where: { key: "grade-promotion" } });
});

async function family() {
  const parent = await signedUpParent();
  const small = await addStudent(parent.id, "Mwila", "ELC");
  const middle = await addStudent(parent.id, "Chanda", "7");
  const leaver = await addStudent(parent.id, "Bupe", "12");
  const removed = await addStudent(parent.id, "Taonga", "5");
  const db = await testDb();
  await db.student.update({ where: key(removed.id), data: { archivedAt: new Date() } });
  return { parent, small, middle, leaver, removed };
}

async function gradesOf(ids: number[]) {
  const db = await testDb();
  const rows = await db.student.findMany({
    where: { id: { in: ids } },
    select: { id: true, grade: true, archivedAt: true },
  });
  return Object.fromEntries(rows.map((r) => [r.id, { grade: r.grade, left: r.archivedAt }]));
}

const preview = async (admin: Awaited<ReturnType<typeof signedInSuperadmin>>) =>
  admin.call<PromotionPreviewDto>(promotion.GET, "GET", PATH);

const promote = (admin: Awaited<ReturnType<typeof signedInSuperadmin>>, year: unknown) =>
  admin.call<PromotionDoneDto & { message: string }>(promotion.POST, "POST", PATH, {
    body: { year },
  });

describe("moving every child up a grade", () => {
  it("previews, then moves each child one grade, archives the leavers and leaves teachers alone", async () => {
    freezeClock(NOVEMBER);
    const admin = await signedInSuperadmin();
    const { parent, small, middle, leaver, removed } = await family();
    const teacher = await signedIn("teacher", [], { staffRecord: true });
    const db = await testDb();
    const staff = await db.student.findFirstOrThrow({ where: { parentId: teacher.id } });
    const before = await gradesOf([small.id, middle.id, leaver.id, removed.id, staff.id]);

    const shown = await preview(admin);
    expect(shown.status).toBe(200);
    expect(shown.body).toMatchObject({ year: 2027, lastYear: null, refusal: null });
    expect(shown.body.steps).toEqual(
      expect.arrayContaining([
        { from: "ELC", to: "K", count: expect.any(Number) },
        { from: "7", to: "8", count: expect.any(Number) },
        { from: "12", to: null, count: expect.any(Number) },
      ]),
    );
    // The removed child (grade 5, archived) is nobody to move.
    expect(shown.body.steps.find((step) => step.from === "5")).toBeUndefined();
    expect(shown.body.leavers).toContainEqual({
      id: leaver.id,
      name: "Bupe",
      className: null,
      parentName: `Parent ${parent.username}`,
      upcomingMeals: 0,
    });
    // Nothing moved by looking.
    expect(await gradesOf([small.id, middle.id, leaver.id])).toEqual({
      [small.id]: before[small.id],
      [middle.id]: before[middle.id],
      [leaver.id]: before[leaver.id],
    });

    const done = await promote(admin, 2027);
    expect(done.status).toBe(200);
    expect(done.body.moved).toBe(shown.body.moving);
    expect(done.body.archived).toBe(shown.body.leavers.length);
    const after = await gradesOf([small.id, middle.id, leaver.id, removed.id, staff.id]);
    expect(after[small.id]).toEqual({ grade: "K", left: null });
    expect(after[middle.id]).toEqual({ grade: "8", left: null });
    expect(after[leaver.id]!.grade).toBe("12");
    expect(after[leaver.id]!.left).toEqual(new Date(NOVEMBER));
    expect(after[removed.id]).toEqual(before[removed.id]);
    expect(after[staff.id]).toEqual(before[staff.id]);

    // The parent sees the new grades, and the leaver no more.
    const listed = await parent.browser.call<{ id: number; grade: string }[]>(
      students.GET,
      "GET",
      "/api/students",
    );
    expect(listed.body.map((s) => [s.id, s.grade]).sort()).toEqual(
      [
        [small.id, "K"],
        [middle.id, "8"],
      ].sort(),
    );
    const trail = await db.auditLog.findFirst({ where: { action: "student.promotion" } });
    expect(trail).toMatchObject({ entityId: "2027" });
  });

  it("cannot move anyone up twice for one school year, even with two clicks at once", async () => {
    freezeClock(NOVEMBER);
    const admin = await signedInSuperadmin();
    const { small, middle } = await family();
    const answers = await Promise.all([promote(admin, 2027), promote(admin, 2027)]);
    expect(answers.map((a) => a.status).sort()).toEqual([200, 409]);
    expect(answers.find((a) => a.status === 409)!.body.message).toBe(promotionAlreadyDone(2027));
    const after = await gradesOf([small.id, middle.id]);
    expect([after[small.id]!.grade, after[middle.id]!.grade]).toEqual(["K", "8"]);

    const again = await preview(admin);
    expect(again.body).toMatchObject({ lastYear: 2027, refusal: promotionAlreadyDone(2027) });
    expect((await promote(admin, 2027)).status).toBe(409);
    expect(await gradesOf([small.id, middle.id])).toEqual(after);
  });

  it("takes only the school year the preview shows", async () => {
    freezeClock("2027-03-02T08:00:00Z");
    const admin = await signedInSuperadmin();
    const { middle } = await family();
    expect((await preview(admin)).body.year).toBe(2027);
    for (const year of [2028, 2026]) {
      const refused = await promote(admin, year);
      expect(refused.status).toBe(409);
      expect(refused.body.message).toBe(PROMOTION_WRONG_YEAR);
    }
    const bad = await promote(admin, "next year");
    expect(bad.status).toBe(422);
    expect((await gradesOf([middle.id]))[middle.id]!.grade).toBe("7");
  });

  it("waits while a leaver still has a meal to be served", async () => {
    freezeClock(NOVEMBER);
    const admin = await signedInSuperadmin();
    const { parent, middle, leaver } = await family();
    const cycle = await activeCycle();
    const meal = await addMenuItem({ type: "secondary" });
    const db = await testDb();
    await db.order.create({
      data: {
        userId: parent.id,
        studentId: leaver.id,
        menuItemId: meal.id,
        cycleId: cycle.id,
        weekNumber: 1,
        dayOfWeek: 2,
        originalPrice: "40.00",
        discountedPrice: "40.00",
        paymentStatus: "confirmed",
      },
    });
    const shown = await preview(admin);
    expect(shown.body.refusal).toBe(promotionLeaversHaveMeals(1));
    expect(shown.body.leavers.find((l) => l.id === leaver.id)?.upcomingMeals).toBe(1);
    const refused = await promote(admin, 2027);
    expect(refused.status).toBe(409);
    expect(refused.body.message).toBe(promotionLeaversHaveMeals(1));
    expect(await gradesOf([middle.id, leaver.id])).toEqual({
      [middle.id]: { grade: "7", left: null },
      [leaver.id]: { grade: "12", left: null },
    });

    // Once the office cancelled that meal, the children move up.
    await db.order.updateMany({ where: { studentId: leaver.id }, data: { status: "cancelled" } });
    expect((await preview(admin)).body.refusal).toBeNull();
    expect((await promote(admin, 2027)).status).toBe(200);
    expect((await gradesOf([middle.id]))[middle.id]!.grade).toBe("8");
  });

  it("moves only the school's own children, and is the office's to do", async () => {
    freezeClock(NOVEMBER);
    const other = await createSchool("promo-other");
    const otherDb = await testDb(other.id);
    const otherParent = await otherDb.user.create({
      data: {
        username: "far.parent",
        usernameKey: "far.parent",
        passwordHash: "not-a-hash",
        name: "Far",
        role: "parent",
      },
    });
    const far = await otherDb.student.create({
      data: { name: "Far Child", grade: "4", parentId: otherParent.id },
    });
    const admin = await signedInSuperadmin();
    const parent = await signedUpParent();
    expect((await parent.browser.call(promotion.GET, "GET", PATH)).status).toBe(403);
    const kitchen = await signedIn("admin", ["kitchen"]);
    expect(
      (await kitchen.browser.call(promotion.POST, "POST", PATH, { body: { year: 2027 } })).status,
    ).toBe(403);
    await addStudent(parent.id, "Near Child", "4");
    expect((await promote(admin, 2027)).status).toBe(200);
    const farNow = await otherDb.student.findFirstOrThrow({ where: { id: far.id } });
    expect(farNow.grade).toBe("4");
  });

  it("says there is nobody to move when the school has no children", async () => {
    freezeClock(NOVEMBER);
    const other = await createSchool("promo-empty");
    const admin = new Browser("198.51.100.77", "http://promo-empty.localhost:3000");
    const signedIn = await admin.call(login.POST, "POST", "/api/login", {
      body: { username: "superadmin", password: other.adminPassword },
    });
    expect(signedIn.status).toBe(200);
    const shown = await admin.call<PromotionPreviewDto>(promotion.GET, "GET", PATH);
    expect(shown.body).toMatchObject({ steps: [], leavers: [], refusal: NOTHING_TO_PROMOTE });
    const refused = await admin.call<{ message: string }>(promotion.POST, "POST", PATH, {
      body: { year: 2027 },
    });
    expect(refused.status).toBe(409);
    expect(refused.body.message).toBe(NOTHING_TO_PROMOTE);
  });
  it("moves a class named after its grade with it, and leaves other class names", async () => {
    freezeClock(NOVEMBER);
    const admin = await signedInSuperadmin();
    const parent = await signedUpParent();
    const db = await testDb();
    const named = await addStudent(parent.id, "Natasha", "7");
    const house = await addStudent(parent.id, "Luyando", "7");
    const ten = await addStudent(parent.id, "Mutale", "1");
    await db.student.update({ where: key(named.id), data: { className: "7B" } });
    await db.student.update({ where: key(house.id), data: { className: "Blue" } });
    await db.student.update({ where: key(ten.id), data: { className: "10A" } });
    expect((await promote(admin, 2027)).status).toBe(200);
    const rows = await db.student.findMany({
      where: { id: { in: [named.id, house.id, ten.id] } },
      select: { id: true, grade: true, className: true },
      orderBy: { id: "asc" },
    });
    expect(rows.map((r) => [r.grade, r.className])).toEqual([
      ["8", "8B"],
      ["8", "Blue"],
      ["2", "10A"],
    ]);
  });

  it("waits for the last school day: a meal of this year still to serve holds it back", async () => {
    freezeClock(NOVEMBER);
    const admin = await signedInSuperadmin();
    const parent = await signedUpParent();
    const child = await addStudent(parent.id, "Kondwani", "5");
    const meal = await addMenuItem();
    const db = await testDb();
    const december = await activeCycle({ startDate: "2026-11-30" });
    const order = await db.order.create({
      data: {
        userId: parent.id,
        studentId: child.id,
        menuItemId: meal.id,
        cycleId: december.id,
        weekNumber: 2,
        dayOfWeek: 3,
        originalPrice: "40.00",
        discountedPrice: "40.00",
        paymentStatus: "confirmed",
      },
    });
    const refused = await promote(admin, 2027);
    expect(refused.status).toBe(409);
    expect(refused.body.message).toBe(promotionTermRunning(1));
    expect((await gradesOf([child.id]))[child.id]!.grade).toBe("5");

    // A meal already ordered for January, the new school year, does not hold it back.
    const january = await activeCycle({ startDate: "2027-01-04" });
    await db.order.update({ where: key(order.id), data: { cycleId: january.id } });
    expect((await promote(admin, 2027)).status).toBe(200);
    expect((await gradesOf([child.id]))[child.id]!.grade).toBe("6");
  });

  it("never moves the children up twice within half a year, whatever year is asked", async () => {
    freezeClock("2027-09-15T08:00:00Z");
    const admin = await signedInSuperadmin();
    const parent = await signedUpParent();
    const child = await addStudent(parent.id, "Chipo", "3");
    expect((await promote(admin, 2027)).status).toBe(200);
    jest.useRealTimers();
    freezeClock("2027-10-20T08:00:00Z");
    // A month later (an admin's session lasts a day: signed in again).
    const later = await signedInSuperadmin();
    const shown = await preview(later);
    expect(shown.body).toMatchObject({ year: 2028, refusal: promotionAlreadyDone(2027) });
    const refused = await promote(later, 2028);
    expect(refused.status).toBe(409);
    expect((await gradesOf([child.id]))[child.id]!.grade).toBe("4");
  });
});
