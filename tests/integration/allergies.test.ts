import { afterAll, beforeAll, beforeEach, describe, expect, it } from "@jest/globals";
import fc from "fast-check";
import * as validate from "@/app/api/menu-items/validate/route";
import * as parentStudent from "@/app/api/parents/students/[id]/route";
import * as create from "@/app/api/payments/create/route";
import * as kitchenWeek from "@/app/api/orders/week/[week]/route";
import * as orders from "@/app/api/orders/route";
import * as studentCare from "@/app/api/students/[id]/care/route";
import * as student from "@/app/api/students/[id]/route";
import * as students from "@/app/api/students/route";
import { allergyRefusal } from "@/lib/contracts/allergies";
import { key, testDb } from "@/tests/support/school";
import { ALLERGENS } from "@/lib/validations/menu";
import { createdXml, startFakeDpoProvider } from "@/tests/support/fake-dpo";
import {
  activeCycle,
  addMenuItem,
  addStudent,
  giveDiscountCode,
  signedIn,
  signedInSuperadmin,
  signedUpParent,
} from "@/tests/support/fixtures";

// Issue 18: a child's allergies on the student calls, and the allergy rule in all three calls that
// judge a cart (the free order, the card payment, the cart validation).

const fake = await startFakeDpoProvider();
let tokens = 0;
let peanutMeal: { id: number; name: string };
let plainMeal: { id: number; name: string };

beforeAll(async () => {
  await activeCycle();
  peanutMeal = await addMenuItem({
    allergens: ["Peanuts", "Milk"],
    categories: [],
    sideDishes: [],
  });
  plainMeal = await addMenuItem({ allergens: [], categories: [], sideDishes: [] });
});
beforeEach(() => {
  fake.reset();
  fake.onCreateToken(() => createdXml(`TOKEN-A${++tokens}`));
});
afterAll(async () => fake.stop());

const line = (studentId: number, menuItemId: number, dayOfWeek: number, extra = {}) => ({
  menuItemId,
  studentId,
  weekNumber: 1,
  dayOfWeek,
  ...extra,
});

/** A parent with a free cart, a child allergic to peanuts and a sibling without allergies. */
async function family(percent = 100) {
  const parent = await signedUpParent();
  const child = await addStudent(parent.id, "Chanda", "3");
  const sibling = await addStudent(parent.id, "Mwila", "4");
  await (
    await testDb()
  ).student.update({
    where: key(child.id),
    data: { allergies: ["Peanuts"] },
  });
  if (percent > 0) await giveDiscountCode(parent.id, percent);
  return { ...parent, child, sibling };
}

const refusal = () => allergyRefusal(peanutMeal.name, ["Peanuts"], "Chanda");

describe("the student calls carry allergies, dietary notes and class", () => {
  it("a parent adds and edits them; a blank text is none, an unknown allergen is 422", async () => {
    const p = await signedUpParent();
    const added = await p.browser.call(students.POST, "POST", "/api/students", {
      body: {
        name: "Bwalya",
        grade: "2",
        allergies: ["peanuts", "Milk"],
        className: " 2A ",
        allergyConsent: true,
      },
    });
    expect(added.status).toBe(200);
    expect(added.body).toMatchObject({
      allergies: ["Peanuts", "Milk"],
      dietaryNotes: null,
      className: "2A",
    });
    const id = Number(added.body.id);
    const edited = await p.browser.call(student.PUT, "PUT", `/api/students/${id}`, {
      params: { id: String(id) },
      body: { name: "Bwalya", grade: "2", dietaryNotes: "No pork", className: "" },
    });
    expect(edited.body).toMatchObject({
      allergies: ["Peanuts", "Milk"],
      dietaryNotes: "No pork",
      className: null,
    });
    const bad = await p.browser.call(student.PUT, "PUT", `/api/students/${id}`, {
      params: { id: String(id) },
      body: { name: "Bwalya", grade: "2", allergies: ["Gluten"], dietaryNotes: "x".repeat(201) },
    });
    expect(bad.status).toBe(422);
    const list = await p.browser.call(students.GET, "GET", "/api/students");
    expect(list.body).toEqual([expect.objectContaining({ allergies: ["Peanuts", "Milk"] })]);
  });

  it("a teacher sets them on the staff record, whose name and grade stay locked", async () => {
    const t = await signedIn("teacher", [], { staffRecord: true });
    const [staff] = await (await testDb()).student.findMany({ where: { parentId: t.id } });
    const id = String(staff!.id);
    const answer = await t.browser.call(studentCare.PUT, "PUT", `/api/students/${id}/care`, {
      params: { id },
      body: {
        allergies: ["Fish"],
        dietaryNotes: "Vegetarian",
        className: "Staff",
        allergyConsent: true,
      },
    });
    expect(answer.status).toBe(200);
    expect(answer.body).toMatchObject({ isStaff: true, allergies: ["Fish"], className: "Staff" });
    const other = await signedUpParent();
    const foreign = await other.browser.call(studentCare.PUT, "PUT", `/api/students/${id}/care`, {
      params: { id },
      body: { allergies: [] },
    });
    expect(foreign.status).toBe(404);
  });

  it("an admin with parents_students edits a parent's student", async () => {
    const p = await signedUpParent();
    const kid = await addStudent(p.id, "Kunda", "5");
    const admin = await signedInSuperadmin();
    const answer = await admin.call(parentStudent.PUT, "PUT", `/api/parents/students/${kid.id}`, {
      params: { id: String(kid.id) },
      body: { name: "Kunda", grade: "5", allergies: ["Eggs"], className: "5C" },
    });
    expect(answer.status).toBe(200);
    expect(answer.body).toMatchObject({ allergies: ["Eggs"], className: "5C", dietaryNotes: null });
  });
});

describe("POST /api/orders and the allergy rule", () => {
  it("refuses a conflicting line with 422 and the exact message, and creates nothing", async () => {
    const p = await family();
    const db = await testDb();
    const before = await db.order.count();
    const answer = await p.browser.call(orders.POST, "POST", "/api/orders", {
      body: [line(p.sibling.id, plainMeal.id, 1), line(p.child.id, peanutMeal.id, 1)],
    });
    expect(answer.status).toBe(422);
    expect(answer.body.message).toBe(refusal());
    expect(answer.body.message).toBe(
      `${peanutMeal.name} contains Peanuts, which Chanda is allergic to`,
    );
    expect(await db.order.count()).toBe(before);
  });

  it("places an acknowledged line and stores the acknowledgement on the order", async () => {
    const p = await family();
    const answer = await p.browser.call<{ orders: { allergyAcknowledged: boolean }[] }>(
      orders.POST,
      "POST",
      "/api/orders",
      {
        body: [
          line(p.child.id, peanutMeal.id, 2, { allergyAcknowledged: true }),
          line(p.child.id, plainMeal.id, 3, { allergyAcknowledged: true }),
        ],
      },
    );
    expect(answer.status).toBe(200);
    expect(answer.body.orders.map((o) => o.allergyAcknowledged)).toEqual([true, false]);
    const stored = await (
      await testDb()
    ).order.findMany({
      where: { studentId: p.child.id },
      orderBy: { dayOfWeek: "asc" },
    });
    expect(stored.map((o) => o.allergyAcknowledged)).toEqual([true, false]);
  });

  it("leaves a sibling without allergies unaffected", async () => {
    const p = await family();
    const answer = await p.browser.call(orders.POST, "POST", "/api/orders", {
      body: [line(p.sibling.id, peanutMeal.id, 4)],
    });
    expect(answer.status).toBe(200);
  });

  it("judges an item as it is now, not as it was when it went into the cart", async () => {
    const p = await family();
    const changing = await addMenuItem({ allergens: [], categories: [], sideDishes: [] });
    const cart = [line(p.child.id, changing.id, 5)];
    const before = await p.browser.call(validate.POST, "POST", "/api/menu-items/validate", {
      body: { menuItemIds: [changing.id], items: cart },
    });
    expect(before.status).toBe(200);
    await (
      await testDb()
    ).menuItem.update({
      where: key(changing.id),
      data: { allergens: ["Peanuts"], version: { increment: 1 } },
    });
    const answer = await p.browser.call(orders.POST, "POST", "/api/orders", { body: cart });
    expect(answer.status).toBe(422);
    expect(answer.body.message).toBe(allergyRefusal(changing.name, ["Peanuts"], "Chanda"));
  });
});

describe("POST /api/payments/create and the allergy rule", () => {
  const pay = (p: Awaited<ReturnType<typeof family>>, cartItems: unknown[], amount: string) =>
    p.browser.call(create.POST, "POST", "/api/payments/create", {
      body: { amount, currency: "ZMW", cartItems },
    });

  it("refuses a conflicting line before asking the provider", async () => {
    const p = await family(0);
    const answer = await pay(p, [line(p.child.id, peanutMeal.id, 1)], "40.00");
    expect(answer.status).toBe(422);
    expect(answer.body.message).toBe(refusal());
    expect(fake.requestsNamed("createToken")).toHaveLength(0);
  });

  it("keeps the acknowledgement in the payment's cart; a sibling is unaffected", async () => {
    const p = await family(0);
    const answer = await pay(
      p,
      [
        line(p.child.id, peanutMeal.id, 1, { allergyAcknowledged: true }),
        line(p.sibling.id, peanutMeal.id, 1),
      ],
      "80.00",
    );
    expect(answer.status).toBe(200);
    const attempt = await (await testDb()).paymentAttempt.findFirst({ where: { userId: p.id } });
    const lines = (attempt?.cartItems as { lines: { allergyAcknowledged: boolean }[] }).lines;
    expect(lines.map((l) => l.allergyAcknowledged)).toEqual([true, false]);
  });
});

describe("POST /api/menu-items/validate and the allergy rule", () => {
  it("answers 422 for a conflicting line, 200 when acknowledged or for the sibling", async () => {
    const p = await family();
    const call = (items: unknown[]) =>
      p.browser.call(validate.POST, "POST", "/api/menu-items/validate", {
        body: { menuItemIds: [peanutMeal.id], items },
      });
    const refused = await call([line(p.child.id, peanutMeal.id, 1)]);
    expect(refused.status).toBe(422);
    expect(refused.body.message).toBe(refusal());
    expect(
      (await call([line(p.child.id, peanutMeal.id, 1, { allergyAcknowledged: true })])).status,
    ).toBe(200);
    expect((await call([line(p.sibling.id, peanutMeal.id, 1)])).status).toBe(200);
  });

  it("refuses exactly the lines whose allergens meet the child's, unless acknowledged", async () => {
    const p = await family();
    const db = await testDb();
    const allergenSet = fc.subarray([...ALLERGENS]);
    await fc.assert(
      fc.asyncProperty(allergenSet, allergenSet, fc.boolean(), async (item, child, ack) => {
        const meal = await addMenuItem({ allergens: item, categories: [], sideDishes: [] });
        await db.student.update({ where: key(p.child.id), data: { allergies: child } });
        const answer = await p.browser.call(validate.POST, "POST", "/api/menu-items/validate", {
          body: {
            menuItemIds: [meal.id],
            items: [line(p.child.id, meal.id, 1, { allergyAcknowledged: ack })],
          },
        });
        const conflicts = item.filter((a) => child.includes(a));
        const refused = conflicts.length > 0 && !ack;
        expect(answer.status).toBe(refused ? 422 : 200);
        if (refused) {
          expect(answer.body.message).toBe(allergyRefusal(meal.name, conflicts, "Chanda"));
        }
      }),
      { numRuns: 40 },
    );
  });
});

describe("the kitchen's answers carry the child's allergies and notes", () => {
  it("GET /api/orders/week/{n} flags the child and the acknowledged line", async () => {
    const p = await family();
    await (
      await testDb()
    ).student.update({
      where: key(p.child.id),
      data: { dietaryNotes: "No pork" },
    });
    const placed = await p.browser.call(orders.POST, "POST", "/api/orders", {
      body: [line(p.child.id, peanutMeal.id, 3, { allergyAcknowledged: true, weekNumber: 2 })],
    });
    expect(placed.status).toBe(200);
    const admin = await signedInSuperadmin();
    const week = await admin.call<{
      data: { student: { name: string }; allergyAcknowledged: boolean }[];
    }>(kitchenWeek.GET, "GET", "/api/orders/week/2", {
      params: { week: "2" },
      query: { pageSize: "500" },
    });
    expect(week.status).toBe(200);
    expect(week.body.data).toContainEqual(
      expect.objectContaining({
        allergyAcknowledged: true,
        student: { name: "Chanda", grade: "3", allergies: ["Peanuts"], dietaryNotes: "No pork" },
      }),
    );
  });
});
