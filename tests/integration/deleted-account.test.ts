import { describe, expect, it } from "@jest/globals";
import * as deleteRoute from "@/app/api/account/delete/route";
import * as forgot from "@/app/api/auth/forgot-password/route";
import * as discountCodes from "@/app/api/discount-codes/route";
import * as login from "@/app/api/login/route";
import * as parentCredit from "@/app/api/parents/[id]/credit/route";
import * as parent from "@/app/api/parents/[id]/route";
import * as parents from "@/app/api/parents/route";
import * as parentStudent from "@/app/api/parents/students/[id]/route";
import * as students from "@/app/api/students/route";
import * as user from "@/app/api/user/route";
import * as password from "@/app/api/users/[id]/password/route";
import * as userSearch from "@/app/api/users/search/route";
import { key, testDb } from "@/tests/support/school";
import { parseIsoDate } from "@/lib/school-calendar";
import { hashPassword } from "@/lib/security/password";
import { signedIn, signedInSuperadmin, TEST_PASSWORD } from "@/tests/support/fixtures";
import { Browser } from "@/tests/support/http";
import { directOrder, orderGround } from "@/tests/support/money-admin-fixtures";

// A deleted account is gone for every call (issue 43, finding 5): sign-in, forgot-password and
// session rows do not know it, by its old name or its erased key `deleted account <id>`, and every
// admin call that names it answers 404, so no admin can give it a password or data again.

/** A parent with a child and a past order, deleted by its owner; a second session row kept. */
async function deletedParent() {
  const db = await testDb();
  const owner = await signedIn("parent", [], { withEmail: true });
  const child = await db.student.create({
    data: { name: "Chanda Deleted", grade: "4", parentId: owner.id },
    select: { id: true },
  });
  // A meal served long ago, kept for the school's books.
  const past = await db.orderCycle.create({
    data: { startDate: parseIsoDate("2024-01-08")!, cycleLength: 4 },
  });
  const { item } = await orderGround();
  await directOrder(
    { cycle: past, item },
    { id: owner.id, child },
    { status: "completed", paymentStatus: "confirmed", price: "45.00" },
  );
  const sessions = await db.session.findMany({ where: { userId: owner.id } });
  const deleted = await owner.browser.call(deleteRoute.POST, "POST", "/api/account/delete", {
    body: { password: TEST_PASSWORD },
  });
  expect(deleted.status).toBe(200);
  return { ...owner, childId: child.id, sessions };
}

describe("a deleted account", () => {
  it("cannot be signed into, even after its password hash is set again", async () => {
    const db = await testDb();
    const gone = await deletedParent();
    await db.user.update({
      where: key(gone.id),
      data: { passwordHash: await hashPassword("new-pass-44") },
    });
    for (const username of [`deleted account ${gone.id}`, gone.username, "Deleted account"]) {
      for (const attempt of ["new-pass-44", TEST_PASSWORD]) {
        const answer = await new Browser("198.18.43.5").call(login.POST, "POST", "/api/login", {
          body: { username, password: attempt },
        });
        expect({ username, status: answer.status, body: answer.body }).toEqual({
          username,
          status: 401,
          body: { message: "Invalid username or password", error: "Invalid username or password" },
        });
      }
    }
  });

  it("has no session, even when its session row comes back", async () => {
    const db = await testDb();
    const gone = await deletedParent();
    expect(gone.sessions.length).toBeGreaterThan(0);
    await db.session.createMany({ data: gone.sessions });
    expect((await gone.browser.call(user.GET, "GET", "/api/user")).status).toBe(401);
  });

  it("gets no temporary password, by its erased key or by address", async () => {
    const db = await testDb();
    const gone = await deletedParent();
    // Even with an address written back, nothing is mailed to it.
    await db.user.update({
      where: key(gone.id),
      data: { email: `back.${gone.id}@example.com` },
    });
    const before = await db.emailOutbox.count();
    for (const identifier of [`deleted account ${gone.id}`, `back.${gone.id}@example.com`]) {
      const answer = await new Browser("198.18.43.6").call(
        forgot.POST,
        "POST",
        "/api/auth/forgot-password",
        { body: { identifier } },
      );
      expect(answer.status).toBe(200);
    }
    expect(await db.emailOutbox.count()).toBe(before);
    expect(await db.temporaryPassword.count({ where: { userId: gone.id } })).toBe(0);
  });

  it("is 404 to every admin call that names it, and missing from the lists", async () => {
    const db = await testDb();
    const gone = await deletedParent();
    const admin = await signedInSuperadmin();
    const params = { id: String(gone.id) };
    const notFound = [
      await admin.call(password.PUT, "PUT", `/api/users/${gone.id}/password`, {
        params,
        body: { password: "admin-set-pass-1" },
      }),
      await admin.call(parent.PUT, "PUT", `/api/parents/${gone.id}`, {
        params,
        body: { username: `back${gone.id}`, name: "Back Again", email: "", phone: "" },
      }),
      await admin.call(parent.DELETE, "DELETE", `/api/parents/${gone.id}`, {
        params,
        query: { force: "true" },
      }),
      await admin.call(parentCredit.GET, "GET", `/api/parents/${gone.id}/credit`, { params }),
      await admin.call(parentCredit.POST, "POST", `/api/parents/${gone.id}/credit`, {
        params,
        body: { amount: "10.00", reason: "Gift" },
      }),
      await admin.call(students.GET, "GET", "/api/students", {
        query: { parentId: String(gone.id) },
      }),
      await admin.call(students.POST, "POST", "/api/students", {
        body: { name: "New Child", grade: "4", parentId: gone.id },
      }),
      await admin.call(parentStudent.PUT, "PUT", `/api/parents/students/${gone.childId}`, {
        params: { id: String(gone.childId) },
        body: { name: "Renamed Child", grade: "4" },
      }),
      await admin.call(parentStudent.DELETE, "DELETE", `/api/parents/students/${gone.childId}`, {
        params: { id: String(gone.childId) },
        query: { force: "true" },
      }),
      await admin.call(discountCodes.POST, "POST", "/api/discount-codes", {
        body: { code: `GONE${gone.id}`, userId: gone.id, discountPercentage: 10, isActive: true },
      }),
    ];
    expect(notFound.map((answer) => answer.status)).toEqual(notFound.map(() => 404));

    const listed = await admin.call<{ data: { id: number }[] }>(
      parents.GET,
      "GET",
      "/api/parents",
      {
        query: { search: "Deleted account" },
      },
    );
    expect(listed.status).toBe(200);
    expect(listed.body.data.map((row) => row.id)).not.toContain(gone.id);
    const found = await admin.call<{ data: { id: number }[] }>(
      userSearch.GET,
      "GET",
      "/api/users/search",
      { query: { q: "Deleted account" } },
    );
    expect(found.status).toBe(200);
    expect(found.body.data.map((row) => row.id)).not.toContain(gone.id);

    // Nothing changed: the account stays erased, its books kept.
    const row = await db.user.findUniqueOrThrow({
      where: key(gone.id),
      select: { passwordHash: true, name: true, deletedAt: true },
    });
    expect(row).toMatchObject({
      passwordHash: "!",
      name: "Deleted account",
      deletedAt: expect.any(Date),
    });
    expect(await db.order.count({ where: { userId: gone.id } })).toBe(1);
    expect(await db.student.count({ where: { parentId: gone.id } })).toBe(1);
    expect(await db.creditEntry.count({ where: { userId: gone.id } })).toBe(0);
  });
});
