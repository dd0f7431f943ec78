import { describe, expect, it } from "@jest/globals";
import * as student from "@/app/api/students/[id]/route";
import * as students from "@/app/api/students/route";
import type { StudentDto } from "@/lib/contracts";
import { key, testDb } from "@/tests/support/school";
import { env } from "@/lib/env";
import { addDaysIso, mondayOf, parseIsoDate, schoolToday } from "@/lib/school-calendar";
import { signedIn } from "@/tests/support/fixtures";
import { Browser } from "@/tests/support/http";

let counter = 0;

async function addStudent(browser: Browser, name = "Chanda", grade = "3") {
  const answer = await browser.call<StudentDto>(students.POST, "POST", "/api/students", {
    body: { name, grade },
  });
  expect(answer.status).toBe(200);
  return answer.body;
}

async function studentRow(id: number) {
  const db = await testDb();
  return db.student.findUnique({ where: key(id), select: { name: true, grade: true } });
}

async function studentCount() {
  const db = await testDb();
  return db.student.count();
}

const put = (browser: Browser, id: number | string, body: unknown) =>
  browser.call(student.PUT, "PUT", `/api/students/${id}`, { body, params: { id: String(id) } });
const del = (browser: Browser, id: number | string) =>
  browser.call(student.DELETE, "DELETE", `/api/students/${id}`, { params: { id: String(id) } });

/** An order for `studentId` on a day `daysFromThisMonday` away from this week's Monday. */
async function orderFor(
  studentId: number,
  userId: number,
  daysFromThisMonday: number,
  status: "pending" | "completed" | "cancelled" = "pending",
) {
  const db = await testDb();
  const thisMonday = mondayOf(schoolToday(env().SCHOOL_TIMEZONE));
  // A cycle starting on the Monday of the order's week; the order is that week's day.
  const week = Math.floor(daysFromThisMonday / 7);
  const dayOfWeek = daysFromThisMonday - week * 7 + 1;
  const cycle = await db.orderCycle.create({
    data: { startDate: parseIsoDate(addDaysIso(thisMonday, week * 7))!, cycleLength: 4 },
  });
  const item = await db.menuItem.create({ data: { name: `Meal ${++counter}`, price: "40.00" } });
  return db.order.create({
    data: {
      userId,
      studentId,
      menuItemId: item.id,
      cycleId: cycle.id,
      weekNumber: 1,
      dayOfWeek,
      originalPrice: "40.00",
      discountedPrice: "40.00",
      status,
    },
  });
}

describe("signed out", () => {
  it("answers 401 on every students call and changes nothing", async () => {
    const before = await studentCount();
    const visitor = new Browser();
    expect((await visitor.call(students.GET, "GET", "/api/students")).status).toBe(401);
    const post = await visitor.call(students.POST, "POST", "/api/students", {
      body: { name: "Chanda", grade: "3" },
    });
    expect(post.status).toBe(401);
    expect(post.body).toMatchObject({ message: "Not authenticated", error: "Not authenticated" });
    expect((await put(visitor, 1, { name: "X", grade: "3" })).status).toBe(401);
    expect((await del(visitor, 1)).status).toBe(401);
    expect(await studentCount()).toBe(before);
  });
});

describe("a parent's own students", () => {
  it("adds students and lists them by name with parentId and parent_id", async () => {
    const { browser, id } = await signedIn();
    const zed = await addStudent(browser, "  Zed Banda ", "12");
    expect(zed).toEqual({
      id: expect.any(Number),
      name: "Zed Banda",
      grade: "12",
      parentId: id,
      parent_id: id,
      isStaff: false,
      allergies: [],
      dietaryNotes: null,
      className: null,
    });
    await addStudent(browser, "Abel Banda", "ELC");
    const list = await browser.call<StudentDto[]>(students.GET, "GET", "/api/students");
    expect(list.status).toBe(200);
    expect(list.body.map((s) => s.name)).toEqual(["Abel Banda", "Zed Banda"]);
  });

  it("accepts parent_id when it is the caller's own id", async () => {
    const { browser, id } = await signedIn();
    const answer = await browser.call(students.POST, "POST", "/api/students", {
      body: { name: "Mwila", grade: "K", parent_id: id },
    });
    expect(answer.status).toBe(200);
    expect(answer.body).toMatchObject({ parentId: id, grade: "K" });
  });

  it("stores HTML in a name as plain text and returns it unchanged", async () => {
    const { browser } = await signedIn();
    const name = `<img src=x onerror="alert(1)"> & <b>Bo</b>`;
    const created = await addStudent(browser, name, "4");
    expect(created.name).toBe(name);
    expect((await studentRow(created.id))?.name).toBe(name);
    const list = await browser.call<StudentDto[]>(students.GET, "GET", "/api/students");
    expect(list.body[0]?.name).toBe(name);
  });

  it("renames and regrades a student", async () => {
    const { browser } = await signedIn();
    const created = await addStudent(browser);
    const answer = await put(browser, created.id, { name: " Chanda M. ", grade: "7" });
    expect(answer.status).toBe(200);
    expect(answer.body).toMatchObject({ id: created.id, name: "Chanda M.", grade: "7" });
    expect(await studentRow(created.id)).toEqual({ name: "Chanda M.", grade: "7" });
  });

  it("deletes a student without upcoming orders", async () => {
    const { browser } = await signedIn();
    const created = await addStudent(browser);
    const answer = await del(browser, created.id);
    expect(answer.status).toBe(200);
    expect(answer.body).toMatchObject({ id: created.id, message: "Student deleted successfully" });
    expect(await studentRow(created.id)).toBeNull();
  });

  it("stops at 20 students per account", async () => {
    const { browser, id } = await signedIn();
    const db = await testDb();
    await db.student.createMany({
      data: Array.from({ length: 20 }, (_, i) => ({
        name: `Child ${i}`,
        grade: "1",
        parentId: id,
      })),
    });
    const answer = await browser.call(students.POST, "POST", "/api/students", {
      body: { name: "One more", grade: "1" },
    });
    expect(answer.status).toBe(409);
    expect(await db.student.count({ where: { parentId: id } })).toBe(20);
  });
});

describe("another parent's students", () => {
  it("are not listed, and asking for them by parentId is refused", async () => {
    const owner = await signedIn();
    await addStudent(owner.browser, "Owned Child");
    const other = await signedIn();
    const list = await other.browser.call<StudentDto[]>(students.GET, "GET", "/api/students");
    expect(list.body).toEqual([]);
    const byId = await other.browser.call(students.GET, "GET", "/api/students", {
      query: { parentId: String(owner.id) },
    });
    expect(byId.status).toBe(403);
  });

  it("cannot be changed or deleted: 404, and the row stays as it was", async () => {
    const owner = await signedIn();
    const created = await addStudent(owner.browser, "Owned Child", "5");
    const other = await signedIn();
    const change = await put(other.browser, created.id, { name: "Taken", grade: "6" });
    expect(change.status).toBe(404);
    expect(change.body).toMatchObject({ message: "Student not found" });
    const removal = await del(other.browser, created.id);
    expect(removal.status).toBe(404);
    expect(await studentRow(created.id)).toEqual({ name: "Owned Child", grade: "5" });
  });

  it("cannot be created for another parent_id: 403 and no row", async () => {
    const owner = await signedIn();
    const other = await signedIn();
    const before = await studentCount();
    const answer = await other.browser.call(students.POST, "POST", "/api/students", {
      body: { name: "Intruder", grade: "3", parent_id: owner.id },
    });
    expect(answer.status).toBe(403);
    expect(await studentCount()).toBe(before);
  });

  it.each(["999999", "abc", "0", "-1", "1.5", "99999999999"])(
    "answers 404 for the id %s",
    async (id) => {
      const { browser } = await signedIn();
      expect((await put(browser, id, { name: "X", grade: "3" })).status).toBe(404);
      expect((await del(browser, id)).status).toBe(404);
    },
  );
});

describe("bad input", () => {
  const huge = "x".repeat(101);
  const createCases: [string, unknown, string][] = [
    ["no name", { grade: "3" }, "Name is required"],
    ["an empty name", { name: "", grade: "3" }, "Name is required"],
    ["a blank name", { name: "   ", grade: "3" }, "Name is required"],
    ["a number as name", { name: 42, grade: "3" }, "Name is required"],
    ["a list as name", { name: ["Chanda"], grade: "3" }, "Name is required"],
    ["a 101-character name", { name: huge, grade: "3" }, "Name must be at most 100 characters"],
    [
      "a NUL in the name",
      { name: "Null\u0000Byte", grade: "3" },
      "Name contains characters that are not allowed",
    ],
    ["no grade", { name: "Chanda" }, "Please select a grade"],
    ["an empty grade", { name: "Chanda", grade: "" }, "Please select a grade"],
    ["grade 13", { name: "Chanda", grade: "13" }, "Please select a grade"],
    ["a number as grade", { name: "Chanda", grade: 3 }, "Please select a grade"],
    ["grade teacher", { name: "Chanda", grade: "teacher" }, "Please select a grade"],
    ["a text parent_id", { name: "Chanda", grade: "3", parent_id: "abc" }, "Invalid parent"],
    ["a fractional parent_id", { name: "Chanda", grade: "3", parent_id: 1.5 }, "Invalid parent"],
    ["a list as body", [], "Invalid input: expected object, received array"],
  ];

  it.each(createCases)("POST with %s is refused and adds nothing", async (_, body, message) => {
    const { browser } = await signedIn();
    const before = await studentCount();
    const answer = await browser.call(students.POST, "POST", "/api/students", { body });
    expect(answer.status).toBe(422);
    expect(answer.body).toMatchObject({ message, error: message });
    expect(await studentCount()).toBe(before);
  });

  it.each(createCases.filter(([label]) => !label.includes("parent_id")))(
    "PUT with %s is refused and the student is unchanged",
    async (_, body, message) => {
      const { browser } = await signedIn();
      const created = await addStudent(browser, "Chanda", "3");
      const answer = await put(browser, created.id, body);
      expect(answer.status).toBe(422);
      expect(answer.body).toMatchObject({ message });
      expect(await studentRow(created.id)).toEqual({ name: "Chanda", grade: "3" });
    },
  );

  it("answers malformed JSON with 400 and a body over 1 MB with 413", async () => {
    const { browser } = await signedIn();
    const before = await studentCount();
    const malformed = await browser.call(students.POST, "POST", "/api/students", {
      rawBody: "{name:",
    });
    expect(malformed.status).toBe(400);
    const big = await browser.call(students.POST, "POST", "/api/students", {
      body: { name: "y".repeat(1024 * 1024 + 1), grade: "3" },
    });
    expect(big.status).toBe(413);
    expect(await studentCount()).toBe(before);
  });

  it("refuses a foreign origin with 403", async () => {
    const { browser } = await signedIn();
    const before = await studentCount();
    const answer = await browser.call(students.POST, "POST", "/api/students", {
      body: { name: "Chanda", grade: "3" },
      headers: { origin: "https://evil.example" },
    });
    expect(answer.status).toBe(403);
    expect(await studentCount()).toBe(before);
  });
});

describe("the staff record", () => {
  it("is listed to its teacher as a staff account", async () => {
    const { browser, id } = await signedIn("teacher", [], { staffRecord: true });
    const list = await browser.call<StudentDto[]>(students.GET, "GET", "/api/students");
    expect(list.body).toEqual([expect.objectContaining({ grade: "teacher", isStaff: true })]);
    expect(list.body[0]?.parentId).toBe(id);
  });

  it("cannot be edited or deleted by the teacher", async () => {
    const { browser } = await signedIn("teacher", [], { staffRecord: true });
    const list = await browser.call<StudentDto[]>(students.GET, "GET", "/api/students");
    const staff = list.body[0]!;
    const change = await put(browser, staff.id, { name: "Renamed", grade: "3" });
    expect(change.status).toBe(403);
    expect(change.body).toMatchObject({
      message: "The staff account cannot be edited or deleted here",
    });
    const removal = await del(browser, staff.id);
    expect(removal.status).toBe(403);
    expect(await studentRow(staff.id)).toEqual({ name: staff.name, grade: "teacher" });
  });

  it("is locked for a parent account that holds one too", async () => {
    const { browser, id } = await signedIn();
    const db = await testDb();
    const staff = await db.student.create({
      data: { name: "Staff", grade: "teacher", parentId: id },
    });
    expect((await put(browser, staff.id, { name: "Child", grade: "2" })).status).toBe(403);
    expect((await del(browser, staff.id)).status).toBe(403);
    expect(await studentRow(staff.id)).toEqual({ name: "Staff", grade: "teacher" });
  });

  it("lets a teacher add and remove other students of their own", async () => {
    const { browser } = await signedIn("teacher", [], { staffRecord: true });
    const created = await addStudent(browser, "Own Child", "9");
    expect((await del(browser, created.id)).status).toBe(200);
  });
});

describe("deleting a student with orders", () => {
  it.each([
    ["pending", 7],
    ["completed", 7],
    ["pending", 28], // a later cycle
  ] as const)(
    "is refused while a %s order is still to be served (%i days on)",
    async (status, days) => {
      const { browser, id } = await signedIn();
      const created = await addStudent(browser);
      await orderFor(created.id, id, days, status);
      const answer = await del(browser, created.id);
      expect(answer.status).toBe(409);
      expect(answer.body).toMatchObject({
        message:
          "This student has upcoming orders and cannot be deleted. Please contact the school office.",
        orderCount: 1,
      });
      expect(await studentRow(created.id)).not.toBeNull();
    },
  );

  it("is refused for an order today", async () => {
    const { browser, id } = await signedIn();
    const created = await addStudent(browser);
    const today = schoolToday(env().SCHOOL_TIMEZONE);
    const offset = Math.round(
      (parseIsoDate(today)!.getTime() - parseIsoDate(mondayOf(today))!.getTime()) / 86_400_000,
    );
    // Weekends have no school day "today": use the coming Monday instead (still upcoming).
    await orderFor(created.id, id, offset <= 4 ? offset : 7);
    expect((await del(browser, created.id)).status).toBe(409);
  });

  it("goes ahead when the orders are past or cancelled, and keeps those orders as history", async () => {
    const { browser, id } = await signedIn();
    const created = await addStudent(browser);
    const past = await orderFor(created.id, id, -7, "completed");
    const cancelled = await orderFor(created.id, id, 7, "cancelled");
    const answer = await del(browser, created.id);
    expect(answer.status).toBe(200);
    const db = await testDb();
    expect(await db.order.count({ where: { id: { in: [past.id, cancelled.id] } } })).toBe(2);
    const list = await browser.call<{ id: number }[]>(students.GET, "GET", "/api/students");
    expect(list.body.map((s) => s.id)).not.toContain(created.id);
    expect((await del(browser, created.id)).status).toBe(404);
  });

  it("deletes a child without any orders outright", async () => {
    const { browser } = await signedIn();
    const created = await addStudent(browser);
    expect((await del(browser, created.id)).status).toBe(200);
    const db = await testDb();
    expect(await db.student.findUnique({ where: key(created.id) })).toBeNull();
  });
});

describe("admins", () => {
  it("with parents_students add a student to a parent and list that parent's students", async () => {
    const parent = await signedIn();
    const admin = await signedIn("admin", ["parents_students"]);
    const answer = await admin.browser.call(students.POST, "POST", "/api/students", {
      body: { name: "Added By Admin", grade: "10", parentId: parent.id },
    });
    expect(answer.status).toBe(200);
    expect(answer.body).toMatchObject({ parentId: parent.id, parent_id: parent.id, grade: "10" });
    const list = await admin.browser.call<StudentDto[]>(students.GET, "GET", "/api/students", {
      query: { parentId: String(parent.id) },
    });
    expect(list.body.map((s) => s.name)).toEqual(["Added By Admin"]);
    const mine = await parent.browser.call<StudentDto[]>(students.GET, "GET", "/api/students");
    expect(mine.body.map((s) => s.name)).toEqual(["Added By Admin"]);
  });

  it.each([
    [{ name: "A", grade: "3" }, "Name must be at least 2 characters"],
    [{ name: "  B ", grade: "3" }, "Name must be at least 2 characters"],
    [{ name: "Ab" }, "Grade is required"],
    [{ name: "Ab", grade: "teacher" }, "Grade is required"],
    [{ name: "Ab", grade: "3", parentId: "1" }, "Please select a parent"],
  ])("with the feature are refused %j", async (body, message) => {
    const parent = await signedIn();
    const admin = await signedIn("admin", ["parents_students"]);
    const before = await studentCount();
    const answer = await admin.browser.call(students.POST, "POST", "/api/students", {
      body: { parentId: parent.id, ...body },
    });
    expect(answer.status).toBe(422);
    expect(answer.body).toMatchObject({ message });
    expect(await studentCount()).toBe(before);
  });

  it("must name the parent, which must exist and not be an admin", async () => {
    const admin = await signedIn("admin", ["parents_students"]);
    const before = await studentCount();
    const missing = await admin.browser.call(students.POST, "POST", "/api/students", {
      body: { name: "Ab", grade: "3" },
    });
    expect(missing.status).toBe(422);
    expect(missing.body).toMatchObject({ message: "Please select a parent" });
    const unknown = await admin.browser.call(students.POST, "POST", "/api/students", {
      body: { name: "Ab", grade: "3", parentId: 999_999 },
    });
    expect(unknown.status).toBe(404);
    const toAdmin = await admin.browser.call(students.POST, "POST", "/api/students", {
      body: { name: "Ab", grade: "3", parentId: admin.id },
    });
    expect(toAdmin.status).toBe(404);
    const list = await admin.browser.call(students.GET, "GET", "/api/students");
    expect(list.status).toBe(422);
    expect(await studentCount()).toBe(before);
  });

  it("without parents_students are refused with 403, before their input is read", async () => {
    const parent = await signedIn();
    const admin = await signedIn("admin", ["menu"]);
    const before = await studentCount();
    const valid = await admin.browser.call(students.POST, "POST", "/api/students", {
      body: { name: "Ab", grade: "3", parentId: parent.id },
    });
    expect(valid.status).toBe(403);
    const invalid = await admin.browser.call(students.POST, "POST", "/api/students", {
      body: { name: 1 },
    });
    expect(invalid.status).toBe(403);
    const list = await admin.browser.call(students.GET, "GET", "/api/students", {
      query: { parentId: String(parent.id) },
    });
    expect(list.status).toBe(403);
    expect(await studentCount()).toBe(before);
  });

  it("do not edit or delete through the parent's endpoints", async () => {
    const parent = await signedIn();
    const created = await addStudent(parent.browser, "Chanda", "3");
    const admin = await signedIn("admin", ["parents_students"]);
    expect((await put(admin.browser, created.id, { name: "Other", grade: "4" })).status).toBe(403);
    expect((await del(admin.browser, created.id)).status).toBe(403);
    expect(await studentRow(created.id)).toEqual({ name: "Chanda", grade: "3" });
  });
});
