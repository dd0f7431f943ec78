import { describe, expect, it } from "@jest/globals";
import * as login from "@/app/api/login/route";
import * as parentCredit from "@/app/api/parents/[id]/credit/route";
import * as parent from "@/app/api/parents/[id]/route";
import * as parents from "@/app/api/parents/route";
import * as parentStudent from "@/app/api/parents/students/[id]/route";
import * as students from "@/app/api/students/route";
import * as user from "@/app/api/user/route";
import type { StudentDto } from "@/lib/contracts";
import type { ParentDto, ParentsPage } from "@/lib/contracts/people";
import { key, testDb } from "@/tests/support/school";
import { signedInSuperadmin } from "@/tests/support/fixtures";
import { Browser } from "@/tests/support/http";
import {
  addOrders,
  makeAccount,
  PASSWORD,
  signIn,
  signedInAccount,
} from "@/tests/support/people-fixtures";

type Caller =
  "superadmin" | "admin with the feature" | "admin without it" | "parent" | "signed out";
const CALLERS: [Caller, number][] = [
  ["superadmin", 200],
  ["admin with the feature", 200],
  ["admin without it", 403],
  ["parent", 403],
  ["signed out", 401],
];

async function browserFor(caller: Caller): Promise<Browser> {
  switch (caller) {
    case "superadmin":
      return signedInSuperadmin();
    case "admin with the feature":
      return (await signedInAccount("admin", ["parents_students"])).browser;
    case "admin without it":
      return (await signedInAccount("admin", ["admins", "menu"])).browser;
    case "parent":
      return (await signedInAccount("parent")).browser;
    case "signed out":
      return new Browser();
  }
}

const staff = () => signedInAccount("admin", ["parents_students"]).then((a) => a.browser);

const list = (browser: Browser, query: Record<string, string> = {}) =>
  browser.call<ParentsPage>(parents.GET, "GET", "/api/parents", { query });
const create = (browser: Browser, body: unknown) =>
  browser.call<ParentDto>(parents.POST, "POST", "/api/parents", { body });
const update = (browser: Browser, id: number | string, body: unknown) =>
  browser.call<ParentDto>(parent.PUT, "PUT", `/api/parents/${id}`, {
    body,
    params: { id: String(id) },
  });
const removeParent = (browser: Browser, id: number | string, force = false) =>
  browser.call(parent.DELETE, "DELETE", `/api/parents/${id}`, {
    params: { id: String(id) },
    query: force ? { force: "true" } : {},
  });
const removeStudent = (browser: Browser, id: number | string, force = false) =>
  browser.call(parentStudent.DELETE, "DELETE", `/api/parents/students/${id}`, {
    params: { id: String(id) },
    query: force ? { force: "true" } : {},
  });

async function addStudent(parentId: number, name: string, grade = "3", archived = false) {
  const db = await testDb();
  return db.student.create({
    data: { name, grade, parentId, archivedAt: archived ? new Date() : null },
    select: { id: true, name: true, grade: true, parentId: true },
  });
}

/** Every row a parent owns, counted table by table. */
async function rowsOf(parentId: number) {
  const db = await testDb();
  const [users, studentRows, orders, paymentAttempts, discountCodes, sessions] = await Promise.all([
    db.user.count({ where: { id: parentId } }),
    db.student.count({ where: { parentId } }),
    db.order.count({ where: { OR: [{ userId: parentId }, { student: { parentId } }] } }),
    db.paymentAttempt.count({ where: { userId: parentId } }),
    db.discountCode.count({ where: { userId: parentId } }),
    db.session.count({ where: { userId: parentId } }),
  ]);
  return { users, students: studentRows, orders, paymentAttempts, discountCodes, sessions };
}

async function tableCounts() {
  const db = await testDb();
  const [users, studentRows, orders, attempts, codes, sessions] = await Promise.all([
    db.user.count(),
    db.student.count(),
    db.order.count(),
    db.paymentAttempt.count(),
    db.discountCode.count(),
    db.session.count(),
  ]);
  return { users, students: studentRows, orders, attempts, codes, sessions };
}

describe("permissions (spec 001 §6: parents_students)", () => {
  it.each(CALLERS)("GET /api/parents: %s → %i", async (caller, status) => {
    const answer = await list(await browserFor(caller));
    expect(answer.status).toBe(status);
  });

  it.each(CALLERS)("POST, PUT and DELETE of parents: %s → %i", async (caller, status) => {
    const browser = await browserFor(caller);
    const target = await makeAccount("parent");
    const kid = await addStudent(target.id, "Target Kid");
    const before = await tableCounts();
    const created = await create(browser, { username: `new.${target.id}`, password: "secret-6" });
    expect(created.status).toBe(status);
    const changed = await update(browser, target.id, { username: target.username, name: "X Y" });
    expect(changed.status).toBe(status);
    if (status !== 200) {
      expect(await removeStudent(browser, kid.id).then((a) => a.status)).toBe(status);
      expect(await removeParent(browser, target.id).then((a) => a.status)).toBe(status);
      expect(await tableCounts()).toEqual(before);
    } else {
      expect(await removeStudent(browser, kid.id).then((a) => a.status)).toBe(200);
      expect(await removeParent(browser, target.id).then((a) => a.status)).toBe(200);
    }
  });

  it.each(CALLERS)("POST /api/students with parentId: %s", async (caller, status) => {
    const browser = await browserFor(caller);
    const target = await makeAccount("parent");
    const answer = await browser.call<StudentDto>(students.POST, "POST", "/api/students", {
      body: { name: "Given Kid", grade: "4", parentId: target.id },
    });
    const db = await testDb();
    const forTarget = await db.student.count({ where: { parentId: target.id } });
    if (caller === "parent") {
      // A parent's POST keeps its behaviour: the admin's parentId field is ignored, the child is
      // the caller's own.
      expect(answer.status).toBe(200);
      expect(answer.body.parentId).not.toBe(target.id);
      expect(forTarget).toBe(0);
    } else {
      expect(answer.status).toBe(status);
      expect(forTarget).toBe(status === 200 ? 1 : 0);
    }
  });
});

describe("GET /api/parents", () => {
  it("lists parents by username, 50 a page, with their current students and the metadata", async () => {
    const db = await testDb();
    const batch = `pg${process.pid}`;
    for (let i = 0; i < 52; i++) {
      const username = `${batch}.${String(i).padStart(2, "0")}`;
      await db.user.create({
        data: { username, usernameKey: username, passwordHash: "x", name: `P ${i}` },
      });
    }
    await makeAccount("teacher");
    await makeAccount("admin");
    const admin = await staff();
    const total = await db.user.count({ where: { role: "parent" } });
    const first = await list(admin);
    expect(first.status).toBe(200);
    expect(first.body.data).toHaveLength(50);
    expect(first.body.metadata).toEqual({
      total,
      page: 1,
      pageSize: 50,
      totalPages: Math.ceil(total / 50),
      hasNextPage: true,
      hasPreviousPage: false,
    });
    const keys = first.body.data.map((p) => p.username.toLowerCase());
    expect(keys).toEqual([...keys].sort());
    const last = await list(admin, { page: String(Math.ceil(total / 50)) });
    expect(last.body.metadata).toMatchObject({ hasNextPage: false, hasPreviousPage: true });
    const all = [...first.body.data];
    for (let page = 2; page <= Math.ceil(total / 50); page++) {
      all.push(...(await list(admin, { page: String(page) })).body.data);
    }
    expect(all).toHaveLength(total);
    expect(new Set(all.map((p) => p.id)).size).toBe(total);
    expect(JSON.stringify(all)).not.toMatch(/passwordHash/);
  });

  it("searches the username or a current student's name, case-insensitively", async () => {
    const byName = await makeAccount("parent", [], "Mwansa");
    const withKid = await makeAccount("parent");
    await addStudent(withKid.id, "Chilufya Tembo", "5");
    await addStudent(withKid.id, "Old Mwansa Kid", "2", true);
    const archivedOnly = await makeAccount("parent");
    await addStudent(archivedOnly.id, "Natasha Gone", "7", true);
    const admin = await staff();

    const byUsername = await list(admin, { search: "mWaNsA" });
    expect(byUsername.status).toBe(200);
    expect(byUsername.body.data.map((p) => p.id)).toEqual([byName.id]);

    const byStudent = await list(admin, { search: "  TEMBO " });
    expect(byStudent.body.data).toEqual([
      {
        id: withKid.id,
        username: withKid.username,
        name: expect.any(String),
        email: null,
        phone: null,
        students: [
          {
            id: expect.any(Number),
            name: "Chilufya Tembo",
            grade: "5",
            parentId: withKid.id,
            allergies: [],
            dietaryNotes: null,
            className: null,
          },
        ],
      },
    ]);
    expect(byStudent.body.metadata).toMatchObject({ total: 1, totalPages: 1 });

    expect((await list(admin, { search: "Natasha" })).body.data).toEqual([]);
    // LIKE's wildcards are searched for as text.
    expect((await list(admin, { search: "%%%" })).body.data).toEqual([]);
    expect((await list(admin, { search: "___" })).body.data).toEqual([]);
    const underscored = await makeAccount("parent", [], "odd_name");
    expect((await list(admin, { search: "d_n" })).body.data.map((p) => p.id)).toEqual([
      underscored.id,
    ]);
  });

  it.each(["ab", "  a ", "x"])("refuses the search %j with the spec's hint", async (search) => {
    const answer = await list(await staff(), { search });
    expect(answer.status).toBe(422);
    expect(answer.body).toMatchObject({
      message: "Please enter at least 3 characters to search",
    });
  });

  it("treats a blank search as no search, and a bad page as 422", async () => {
    const admin = await staff();
    expect((await list(admin, { search: "   " })).status).toBe(200);
    expect((await list(admin, { page: "0" })).status).toBe(422);
    expect((await list(admin, { page: "abc" })).status).toBe(422);
  });
});

describe("teachers in Parents & Students (issue 44)", () => {
  it("lists teachers with role=teacher, and only parents by default", async () => {
    const admin = await staff();
    const teacher = await makeAccount("teacher", [], "tch.issue44");
    const parentAccount = await makeAccount("parent", [], "par.issue44");
    const staffRecord = await addStudent(teacher.id, "Mr Tembo", "teacher");
    const search = "issue44";

    const teachers = await list(admin, { role: "teacher", search });
    expect(teachers.status).toBe(200);
    expect(teachers.body.data.map((p) => p.username)).toEqual([teacher.username]);
    expect(teachers.body.data[0]?.students.map((s) => s.id)).toEqual([staffRecord.id]);

    const parentsOnly = await list(admin, { search });
    expect(parentsOnly.body.data.map((p) => p.username)).toEqual([parentAccount.username]);
    expect((await list(admin, { role: "parent", search })).body).toEqual(parentsOnly.body);
    expect((await list(admin, { role: "admin" })).status).toBe(422);
  });

  it("resets a teacher's password (ending their sessions) and adjusts their credit", async () => {
    const target = await signedInAccount("teacher");
    const admin = await staff();
    const answer = await update(admin, target.id, {
      username: target.username,
      password: "teacher-new",
    });
    expect(answer.status).toBe(200);
    expect((await target.browser.call(user.GET, "GET", "/api/user")).status).toBe(401);
    await signIn(target.username, "teacher-new");
    const db = await testDb();
    expect((await db.user.findUniqueOrThrow({ where: key(target.id) })).role).toBe("teacher");

    const path = `/api/parents/${target.id}/credit`;
    const params = { id: String(target.id) };
    const added = await admin.call<{ balance: string }>(parentCredit.POST, "POST", path, {
      body: { amount: "25.00", reason: "Staff lunch refund" },
      params,
    });
    expect(added.status).toBe(200);
    expect(added.body.balance).toBe("25.00");
    const read = await admin.call<{ balance: string }>(parentCredit.GET, "GET", path, { params });
    expect(read.body.balance).toBe("25.00");
  });
});

describe("POST /api/parents", () => {
  it("creates a parent with an unverified e-mail who can sign in", async () => {
    const admin = await staff();
    const answer = await create(admin, {
      username: " new.parent ",
      password: "secret-6",
      name: "Ruth Phiri",
      email: "ruth@example.com",
      phone: "+260 977 000000",
    });
    expect(answer.status).toBe(200);
    expect(answer.body).toEqual({
      id: expect.any(Number),
      username: "new.parent",
      name: "Ruth Phiri",
      email: "ruth@example.com",
      phone: "+260 977 000000",
      students: [],
    });
    const db = await testDb();
    const row = await db.user.findUniqueOrThrow({ where: key(answer.body.id) });
    expect(row).toMatchObject({ role: "parent", emailVerifiedAt: null, allowedFeatures: [] });
    const browser = await signIn("new.parent", "secret-6");
    expect((await browser.call(user.GET, "GET", "/api/user")).body).toMatchObject({
      role: "parent",
      emailVerified: false,
      orderReminders: true,
    });
  });

  it("accepts a blank name, e-mail and phone", async () => {
    const answer = await create(await staff(), {
      username: "bare.parent",
      password: "secret-6",
      name: "",
      email: "",
      phone: "",
    });
    expect(answer.status).toBe(200);
    expect(answer.body).toMatchObject({ username: "bare.parent", email: null, phone: null });
  });

  it.each([
    [{ password: "" }, "Password is required when creating a new parent"],
    [{ password: undefined }, "Password is required when creating a new parent"],
    [{ password: "12345" }, "Password must be at least 6 characters"],
    [{ username: "ab" }, "Username must be at least 3 characters"],
    [{ email: "not-an-email" }, "Please enter a valid email address"],
  ])("refuses %j with 422 and the spec's message, creating nobody", async (change, message) => {
    const admin = await staff();
    const before = await tableCounts();
    const answer = await create(admin, {
      username: "valid.parent",
      password: "secret-6",
      name: "N",
      email: "",
      phone: "",
      ...change,
    });
    expect(answer.status).toBe(422);
    expect(answer.body).toMatchObject({ message, error: message });
    expect((await tableCounts()).users).toBe(before.users);
  });

  it("refuses a taken username in any case with 409", async () => {
    const taken = await makeAccount("teacher");
    const admin = await staff();
    const before = await tableCounts();
    const answer = await create(admin, {
      username: taken.username.toUpperCase(),
      password: "secret-6",
    });
    expect(answer.status).toBe(409);
    expect(answer.body).toMatchObject({ message: "Username already exists" });
    expect((await tableCounts()).users).toBe(before.users);
  });
});

describe("PUT /api/parents/{id}", () => {
  it("updates the details, keeping the password and sessions when none is given", async () => {
    const target = await signedInAccount("parent");
    const answer = await update(await staff(), target.id, {
      username: `${target.username}.renamed`,
      name: "Renamed Parent",
      email: "renamed@example.com",
      phone: "0977",
      password: "",
    });
    expect(answer.status).toBe(200);
    expect(answer.body).toMatchObject({
      username: `${target.username}.renamed`,
      name: "Renamed Parent",
      email: "renamed@example.com",
      phone: "0977",
    });
    expect((await target.browser.call(user.GET, "GET", "/api/user")).status).toBe(200);
    await signIn(`${target.username}.renamed`, PASSWORD);
  });

  it("a new password ends every session of the parent: the old cookie gets 401", async () => {
    const target = await signedInAccount("parent");
    const answer = await update(await staff(), target.id, {
      username: target.username,
      password: "brand-new",
    });
    expect(answer.status).toBe(200);
    expect((await target.browser.call(user.GET, "GET", "/api/user")).status).toBe(401);
    const old = await new Browser("203.0.113.90").call(login.POST, "POST", "/api/login", {
      body: { username: target.username, password: PASSWORD },
    });
    expect(old.status).toBe(401);
    await signIn(target.username, "brand-new");
  });

  it("refuses a short password, a taken username, and unknown or admin ids", async () => {
    const target = await signedInAccount("parent");
    const other = await makeAccount("parent");
    const admin = await staff();
    const db = await testDb();
    const before = await db.user.findUniqueOrThrow({ where: key(target.id) });

    const short = await update(admin, target.id, { username: target.username, password: "123" });
    expect(short.status).toBe(422);
    expect(short.body).toMatchObject({
      message: "Password must be at least 6 characters when provided",
    });
    const taken = await update(admin, target.id, { username: other.username.toUpperCase() });
    expect(taken.status).toBe(409);
    expect(taken.body).toMatchObject({ message: "Username already exists" });
    const otherAdmin = await makeAccount("admin");
    for (const id of [999_999, otherAdmin.id, "x"]) {
      const missing = await update(admin, id, { username: "whatever" });
      expect(missing.status).toBe(404);
    }
    expect(await db.user.findUniqueOrThrow({ where: key(target.id) })).toEqual(before);
    expect((await target.browser.call(user.GET, "GET", "/api/user")).status).toBe(200);
  });
});

describe("DELETE /api/parents/{id}", () => {
  it("deletes a parent without orders directly, with their students and sessions", async () => {
    const target = await signedInAccount("parent");
    await addStudent(target.id, "No Orders");
    const answer = await removeParent(await staff(), target.id);
    expect(answer.status).toBe(200);
    expect(answer.body).toMatchObject({ message: "Parent deleted successfully" });
    expect(await rowsOf(target.id)).toEqual({
      users: 0,
      students: 0,
      orders: 0,
      paymentAttempts: 0,
      discountCodes: 0,
      sessions: 0,
    });
    expect((await target.browser.call(user.GET, "GET", "/api/user")).status).toBe(401);
  });

  it("with orders answers 409 canForce with the count and changes nothing; forced, removes everything", async () => {
    const target = await signedInAccount("parent");
    const kidA = await addStudent(target.id, "Kid A");
    const kidB = await addStudent(target.id, "Kid B");
    await addOrders(target.id, kidA.id, 3);
    await addOrders(target.id, kidB.id, 2);
    const db = await testDb();
    await db.discountCode.create({ data: { code: `GONE${target.id}`, userId: target.id } });
    // Someone else's data stays.
    const bystander = await makeAccount("parent");
    const bystanderKid = await addStudent(bystander.id, "Bystander Kid");
    await addOrders(bystander.id, bystanderKid.id, 2);
    const bystanderBefore = await rowsOf(bystander.id);

    const admin = await staff();
    const before = await tableCounts();
    const mine = await rowsOf(target.id);
    expect(mine).toEqual({
      users: 1,
      students: 2,
      orders: 5,
      paymentAttempts: 2,
      discountCodes: 1,
      sessions: 1,
    });

    const refused = await removeParent(admin, target.id);
    expect(refused.status).toBe(409);
    expect(refused.body).toMatchObject({ canForce: true, orderCount: 5 });
    expect(typeof refused.body.message).toBe("string");
    expect(await tableCounts()).toEqual(before);

    const forced = await removeParent(admin, target.id, true);
    expect(forced.status).toBe(200);
    expect(forced.body).toMatchObject({
      message: "Parent, students, orders, and all associated data deleted successfully",
    });
    expect(await rowsOf(target.id)).toEqual({
      users: 0,
      students: 0,
      orders: 0,
      paymentAttempts: 0,
      discountCodes: 0,
      sessions: 0,
    });
    const after = await tableCounts();
    expect(after).toEqual({
      users: before.users - 1,
      students: before.students - 2,
      orders: before.orders - 5,
      attempts: before.attempts - 2,
      codes: before.codes - 1,
      sessions: before.sessions - 1,
    });
    expect(await rowsOf(bystander.id)).toEqual(bystanderBefore);
    // Menu items and cycles are the school's: they stay.
    expect(await db.menuItem.count()).toBeGreaterThan(0);
    const entry = await db.auditLog.findFirstOrThrow({
      where: { action: "parent.force-delete", entityId: String(target.id) },
    });
    expect(entry.details).toMatchObject({
      before: { username: target.username },
      students: 2,
      orders: 5,
      paymentAttempts: 2,
      discountCodes: 1,
      sessions: 1,
    });
  });

  it("counts orders placed by someone else for the parent's students", async () => {
    const target = await makeAccount("parent");
    const kid = await addStudent(target.id, "Shared Kid");
    const other = await makeAccount("parent");
    await addOrders(other.id, kid.id, 1);
    const refused = await removeParent(await staff(), target.id);
    expect(refused.status).toBe(409);
    expect(refused.body).toMatchObject({ canForce: true, orderCount: 1 });
  });

  it("answers 404 for an unknown id, a teacher or an admin", async () => {
    const admin = await staff();
    const teacher = await makeAccount("teacher");
    const other = await makeAccount("admin");
    for (const id of [999_999, teacher.id, other.id, "nope"]) {
      const answer = await removeParent(admin, id, true);
      expect(answer.status).toBe(404);
    }
    expect((await rowsOf(teacher.id)).users).toBe(1);
    expect((await rowsOf(other.id)).users).toBe(1);
  });
});

describe("POST /api/students from the console", () => {
  it("adds a student to a parent, with the spec's messages, and audits it", async () => {
    const target = await makeAccount("parent");
    const admin = await staff();
    const answer = await admin.call<StudentDto>(students.POST, "POST", "/api/students", {
      body: { name: "  New Kid ", grade: "K", parentId: target.id },
    });
    expect(answer.status).toBe(200);
    expect(answer.body).toMatchObject({ name: "New Kid", grade: "K", parentId: target.id });
    const db = await testDb();
    expect(
      await db.auditLog.count({
        where: { action: "student.create", entityId: String(answer.body.id) },
      }),
    ).toBe(1);
    const shown = await list(admin, { search: "New Kid" });
    expect(shown.body.data.map((p) => p.id)).toEqual([target.id]);
  });

  it("refuses a teacher's or unknown parentId with 404, creating nothing", async () => {
    const teacher = await makeAccount("teacher");
    const admin = await staff();
    const before = await tableCounts();
    for (const parentId of [teacher.id, 999_999]) {
      const answer = await admin.call(students.POST, "POST", "/api/students", {
        body: { name: "Nope Kid", grade: "3", parentId },
      });
      expect(answer.status).toBe(404);
    }
    expect(await tableCounts()).toEqual(before);
  });

  it("a parent naming another parent in parent_id is refused with 403", async () => {
    const caller = await signedInAccount("parent");
    const victim = await makeAccount("parent");
    const answer = await caller.browser.call(students.POST, "POST", "/api/students", {
      body: { name: "Sneaky Kid", grade: "3", parent_id: victim.id },
    });
    expect(answer.status).toBe(403);
    expect((await rowsOf(victim.id)).students).toBe(0);
  });
});

describe("DELETE /api/parents/students/{id}", () => {
  it("deletes a student without orders", async () => {
    const target = await makeAccount("parent");
    const kid = await addStudent(target.id, "Plain Kid");
    const answer = await removeStudent(await staff(), kid.id);
    expect(answer.status).toBe(200);
    expect(answer.body).toMatchObject({ message: "Student deleted successfully" });
    expect((await rowsOf(target.id)).students).toBe(0);
  });

  it("with orders answers 409 canForce and changes nothing; forced, removes the student and their orders", async () => {
    const target = await makeAccount("parent");
    const kid = await addStudent(target.id, "Busy Kid");
    const sibling = await addStudent(target.id, "Sibling Kid");
    await addOrders(target.id, kid.id, 4);
    await addOrders(target.id, sibling.id, 1);
    const admin = await staff();
    const before = await tableCounts();

    const refused = await removeStudent(admin, kid.id);
    expect(refused.status).toBe(409);
    expect(refused.body).toMatchObject({ canForce: true, orderCount: 4 });
    expect(await tableCounts()).toEqual(before);

    const forced = await removeStudent(admin, kid.id, true);
    expect(forced.status).toBe(200);
    expect(forced.body).toMatchObject({
      message: "Student and all associated orders deleted successfully",
    });
    expect(await tableCounts()).toEqual({
      ...before,
      students: before.students - 1,
      orders: before.orders - 4,
    });
    const db = await testDb();
    expect(await db.order.count({ where: { studentId: sibling.id } })).toBe(1);
  });

  it("answers 404 for an unknown student or a teacher's staff record", async () => {
    const teacher = await makeAccount("teacher");
    const staffRecord = await addStudent(teacher.id, "Mr Staff", "teacher");
    const admin = await staff();
    for (const id of [999_999, staffRecord.id, "x"]) {
      expect((await removeStudent(admin, id, true)).status).toBe(404);
    }
    expect((await rowsOf(teacher.id)).students).toBe(1);
  });
});
