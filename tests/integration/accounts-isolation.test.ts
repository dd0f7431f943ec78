// Accounts are a school's (issue 45, decision 0076): the same username at two schools is two
// accounts, each signing in only at its own school's address with its own password; a
// forgot-password at school A never reaches school B's account of that name or address; A's
// session cookie is no session at B's address; an address that is no school's signs nobody in.
import { beforeAll, describe, expect, it } from "@jest/globals";
import * as adminUsers from "@/app/api/admin-users/route";
import * as forgot from "@/app/api/auth/forgot-password/route";
import * as login from "@/app/api/login/route";
import * as logout from "@/app/api/logout/route";
import * as parentById from "@/app/api/parents/[id]/route";
import * as parents from "@/app/api/parents/route";
import * as register from "@/app/api/register/route";
import * as currentUser from "@/app/api/user/route";
import * as userPassword from "@/app/api/users/[id]/password/route";
import type { SchoolContext } from "@/lib/contracts/schools";
import { signedInSuperadmin } from "@/tests/support/fixtures";
import { Browser } from "@/tests/support/http";
import { createSchool, key, testDb } from "@/tests/support/school";

const B_HOST = "http://second.localhost:3000";
const USERNAME = "kabwe";
const A_PASSWORD = "kabwe-at-school-a";
const B_PASSWORD = "kabwe-at-school-b";
const B_EMAIL = "kabwe.b@example.com";

let b: SchoolContext;
let idA: number;
let idB: number;

const signIn = (origin: string, password: string) =>
  new Browser(undefined, origin).call(login.POST, "POST", "/api/login", {
    body: { username: USERNAME, password },
  });

beforeAll(async () => {
  b = await createSchool("second", { name: "Second School" });
  const atA = await new Browser().call<{ id: number }>(register.POST, "POST", "/api/register", {
    body: { username: USERNAME, password: A_PASSWORD, name: "Kabwe at A" },
  });
  const atB = await new Browser(undefined, B_HOST).call<{ id: number }>(
    register.POST,
    "POST",
    "/api/register",
    { body: { username: USERNAME, password: B_PASSWORD, name: "Kabwe at B", email: B_EMAIL } },
  );
  expect([atA.status, atB.status]).toEqual([200, 200]);
  idA = atA.body.id;
  idB = atB.body.id;
});

describe("the same username at two schools", () => {
  it("is two accounts, one at each school", async () => {
    const [rowA, rowB] = await Promise.all([
      (await testDb()).user.findMany({ where: { usernameKey: USERNAME }, select: { id: true } }),
      (await testDb(b.id)).user.findMany({
        where: { usernameKey: USERNAME },
        select: { id: true, name: true },
      }),
    ]);
    expect(rowA).toEqual([{ id: idA }]);
    expect(rowB).toEqual([{ id: idB, name: "Kabwe at B" }]);
  });

  it("signs each in only at its own address with its own password", async () => {
    expect((await signIn("http://localhost:3000", A_PASSWORD)).status).toBe(200);
    expect((await signIn(B_HOST, B_PASSWORD)).status).toBe(200);
    expect((await signIn("http://localhost:3000", B_PASSWORD)).status).toBe(401);
    expect((await signIn(B_HOST, A_PASSWORD)).status).toBe(401);
  });
});

describe("forgot-password at school A", () => {
  it("finds nothing at B, by B's username or B's e-mail", async () => {
    const dbB = await testDb(b.id);
    const before = await dbB.temporaryPassword.findMany({ orderBy: { id: "asc" } });
    const outboxBefore = await dbB.emailOutbox.count();
    for (const identifier of [USERNAME, B_EMAIL]) {
      const answer = await new Browser(`198.51.100.${identifier.length}`).call(
        forgot.POST,
        "POST",
        "/api/auth/forgot-password",
        { body: { identifier } },
      );
      expect(answer.status).toBe(200);
    }
    expect(await dbB.temporaryPassword.findMany({ orderBy: { id: "asc" } })).toEqual(before);
    expect(await dbB.emailOutbox.count()).toBe(outboxBefore);
    // The same request at B's own address does reach B's account: the check above is not empty.
    const atB = await new Browser("198.51.100.99", B_HOST).call(
      forgot.POST,
      "POST",
      "/api/auth/forgot-password",
      { body: { identifier: B_EMAIL } },
    );
    expect(atB.status).toBe(200);
    expect(await dbB.temporaryPassword.count({ where: { userId: idB } })).toBe(before.length + 1);
  });
});

describe("a session cookie", () => {
  it("is a session at its own school's address only", async () => {
    const browser = new Browser();
    await browser.call(login.POST, "POST", "/api/login", {
      body: { username: USERNAME, password: A_PASSWORD },
    });
    const own = await browser.call<{ id: number }>(currentUser.GET, "GET", "/api/user");
    expect(own.status).toBe(200);
    expect(own.body.id).toBe(idA);
    const elsewhere = await browser.at(B_HOST).call(currentUser.GET, "GET", "/api/user");
    expect(elsewhere.status).toBe(401);
    // Logging out at B with A's cookie ends nothing at A.
    await browser.at(B_HOST).call(logout.POST, "POST", "/api/logout");
    expect((await browser.call(currentUser.GET, "GET", "/api/user")).status).toBe(200);
  });
});

describe("school A's superadmin", () => {
  /** B's accounts with their password hashes, sessions and reset passwords. */
  async function accountsOfB() {
    const db = await testDb(b.id);
    return {
      users: await db.user.findMany({ omit: { passwordHash: false }, orderBy: { id: "asc" } }),
      temporary: await db.temporaryPassword.count(),
      sessions: await db.session.count(),
    };
  }

  it("lists none of B's accounts and changes none by B's ids", async () => {
    const admin = await signedInSuperadmin();
    const before = await accountsOfB();
    const list = await admin.call<{ data: { id: number }[] }>(parents.GET, "GET", "/api/parents", {
      query: { search: USERNAME },
    });
    expect(list.status).toBe(200);
    expect(list.body.data.map((row) => row.id)).toEqual([idA]);
    const bAdmins = before.users.filter((row) => row.role === "admin").map((row) => row.id);
    const admins = await admin.call<{ id: number; username: string }[]>(
      adminUsers.GET,
      "GET",
      "/api/admin-users",
    );
    expect(admins.status).toBe(200);
    // B's ids are checked only where A has no account of the same id.
    const dbA = await testDb();
    if (!(await dbA.user.findFirst({ where: { id: { in: bAdmins } } }))) {
      expect(admins.body.filter((row) => bAdmins.includes(row.id))).toEqual([]);
    }
    if (!(await dbA.user.findUnique({ where: key(idB) }))) {
      const path = `/api/users/${idB}/password`;
      const password = await admin.call(userPassword.PUT, "PUT", path, {
        params: { id: String(idB) },
        body: { password: "taken-over-1" },
      });
      expect(password.status).toBe(404);
      const edit = await admin.call(parentById.PUT, "PUT", `/api/parents/${idB}`, {
        params: { id: String(idB) },
        body: { username: "taken-over", name: "Taken", password: "taken-over-1" },
      });
      expect(edit.status).toBe(404);
      const gone = await admin.call(parentById.DELETE, "DELETE", `/api/parents/${idB}`, {
        params: { id: String(idB) },
        query: { force: "true" },
      });
      expect(gone.status).toBe(404);
    }
    expect(await accountsOfB()).toEqual(before);
  });
});

describe("an address that is no school's", () => {
  it("answers login with 404 and the sentence", async () => {
    const answer = await new Browser(undefined, "http://nowhere.localhost:3000").call(
      login.POST,
      "POST",
      "/api/login",
      { body: { username: USERNAME, password: A_PASSWORD } },
    );
    expect(answer.status).toBe(404);
    expect(answer.body).toMatchObject({ message: "No school at this address" });
  });
});
