import { describe, expect, it } from "@jest/globals";
import * as permissions from "@/app/api/admin-users/[id]/permissions/route";
import * as adminUsers from "@/app/api/admin-users/route";
import * as login from "@/app/api/login/route";
import * as user from "@/app/api/user/route";
import * as password from "@/app/api/users/[id]/password/route";
import { verifyPassword } from "@/lib/security/password";
import { FEATURES } from "@/lib/contracts/permissions";
import type { AdminUserDto } from "@/lib/contracts/people";
import { key, testDb } from "@/tests/support/school";
import { signedInSuperadmin } from "@/tests/support/fixtures";
import { Browser } from "@/tests/support/http";
import { makeAccount, PASSWORD, signIn, signedInAccount } from "@/tests/support/people-fixtures";

const OWN = "You cannot modify your own permissions. Contact another admin for permission changes.";

type Caller =
  "superadmin" | "admin with the feature" | "admin without it" | "parent" | "signed out";

/** A browser for each kind of caller of a call guarded by `feature`. */
async function browserFor(caller: Caller, feature: string): Promise<Browser> {
  switch (caller) {
    case "superadmin":
      return signedInSuperadmin();
    case "admin with the feature":
      return (await signedInAccount("admin", [feature])).browser;
    case "admin without it":
      return (await signedInAccount("admin", ["menu", "kitchen"])).browser;
    case "parent":
      return (await signedInAccount("parent")).browser;
    case "signed out":
      return new Browser();
  }
}

async function featuresOf(id: number) {
  const db = await testDb();
  return (await db.user.findUniqueOrThrow({ where: key(id), select: { allowedFeatures: true } }))
    .allowedFeatures;
}

async function hashOf(id: number) {
  const db = await testDb();
  return (await db.user.findUniqueOrThrow({ where: key(id), select: { passwordHash: true } }))
    .passwordHash;
}

const putPermissions = (browser: Browser, id: number | string, features: unknown) =>
  browser.call<AdminUserDto & { message?: string }>(
    permissions.PUT,
    "PUT",
    `/api/admin-users/${id}/permissions`,
    { body: { features }, params: { id: String(id) } },
  );

const putPassword = (browser: Browser, id: number | string, body: unknown) =>
  browser.call(password.PUT, "PUT", `/api/users/${id}/password`, {
    body,
    params: { id: String(id) },
  });

describe("GET /api/admin-users", () => {
  it.each<[Caller, number]>([
    ["superadmin", 200],
    ["admin with the feature", 200],
    ["admin without it", 403],
    ["parent", 403],
    ["signed out", 401],
  ])("answers %s with %i", async (caller, status) => {
    const browser = await browserFor(caller, "admins");
    const answer = await browser.call(adminUsers.GET, "GET", "/api/admin-users");
    expect(answer.status).toBe(status);
  });

  it("lists admins only, by username, the superadmin with every feature, never a hash", async () => {
    const zed = await makeAccount("admin", ["kitchen", "menu", "not-a-feature"], "Zed-admin");
    const amy = await makeAccount("admin", [], "amy-admin");
    await makeAccount("parent");
    const admin = await signedInSuperadmin();
    const answer = await admin.call<AdminUserDto[]>(adminUsers.GET, "GET", "/api/admin-users");
    expect(answer.status).toBe(200);
    const names = answer.body.map((a) => a.username);
    expect(names).toEqual(
      [...names].sort((a, b) => a.toLowerCase().localeCompare(b.toLowerCase())),
    );
    expect(answer.body.every((a) => a.role === "admin")).toBe(true);
    expect(answer.body.find((a) => a.username === "superadmin")?.allowedFeatures).toEqual([
      ...FEATURES,
    ]);
    expect(answer.body.find((a) => a.id === zed.id)).toEqual({
      id: zed.id,
      username: zed.username,
      role: "admin",
      allowedFeatures: ["menu", "kitchen"],
    });
    expect(answer.body.find((a) => a.id === amy.id)?.allowedFeatures).toEqual([]);
    expect(JSON.stringify(answer.body)).not.toMatch(/passwordHash|argon2/);
  });
});

describe("POST /api/admin-users", () => {
  it("creates an admin who can then sign in and use the features given", async () => {
    const admin = await signedInSuperadmin();
    const answer = await admin.call<AdminUserDto>(adminUsers.POST, "POST", "/api/admin-users", {
      body: { username: "  kitchen.lead ", password: "secret-6", allowedFeatures: ["kitchen"] },
    });
    expect(answer.status).toBe(200);
    expect(answer.body).toEqual({
      id: expect.any(Number),
      username: "kitchen.lead",
      role: "admin",
      allowedFeatures: ["kitchen"],
    });
    const browser = await signIn("kitchen.lead", "secret-6");
    const me = await browser.call(user.GET, "GET", "/api/user");
    expect(me.body).toMatchObject({ role: "admin", allowedFeatures: ["kitchen"] });
    const db = await testDb();
    const entry = await db.auditLog.findFirstOrThrow({
      where: { action: "admin-user.create", entityId: String(answer.body.id) },
    });
    expect(JSON.stringify(entry.details)).not.toMatch(/secret-6|argon2/);
  });

  it.each([
    [{ username: "ab" }, "Username must be at least 3 characters"],
    [{ username: "  ab  " }, "Username must be at least 3 characters"],
    [{ password: "12345" }, "Password must be at least 6 characters"],
    [{ password: undefined }, "Password must be at least 6 characters"],
    [{ allowedFeatures: ["menu", "teleport"] }, "Unknown feature"],
  ])("refuses %j with 422 and the spec's message, creating nobody", async (change, message) => {
    const admin = await signedInSuperadmin();
    const db = await testDb();
    const before = await db.user.count();
    const answer = await admin.call(adminUsers.POST, "POST", "/api/admin-users", {
      body: { username: "valid.name", password: "secret-6", allowedFeatures: [], ...change },
    });
    expect(answer.status).toBe(422);
    expect(answer.body).toMatchObject({ message, error: message });
    expect(await db.user.count()).toBe(before);
  });

  it("refuses a taken username in any case with 409 and the project's message", async () => {
    const taken = await makeAccount("parent");
    const admin = await signedInSuperadmin();
    const db = await testDb();
    const before = await db.user.count();
    const answer = await admin.call(adminUsers.POST, "POST", "/api/admin-users", {
      body: { username: taken.username.toUpperCase(), password: "secret-6" },
    });
    expect(answer.status).toBe(409);
    expect(answer.body).toMatchObject({ message: "Username already exists" });
    expect(await db.user.count()).toBe(before);
  });

  it("lets a limited admin grant only the features they hold", async () => {
    const limited = await signedInAccount("admin", ["admins", "menu"]);
    const db = await testDb();
    const before = await db.user.count();
    const refused = await limited.browser.call(adminUsers.POST, "POST", "/api/admin-users", {
      body: { username: "too.much", password: "secret-6", allowedFeatures: ["menu", "revenue"] },
    });
    expect(refused.status).toBe(403);
    expect(await db.user.count()).toBe(before);
    const allowed = await limited.browser.call(adminUsers.POST, "POST", "/api/admin-users", {
      body: { username: "just.menu", password: "secret-6", allowedFeatures: ["menu", "admins"] },
    });
    expect(allowed.status).toBe(200);
    expect(allowed.body).toMatchObject({ allowedFeatures: ["menu", "admins"] });
  });

  it.each<[Caller, number]>([
    ["admin without it", 403],
    ["parent", 403],
    ["signed out", 401],
  ])("is refused to a %s with %i", async (caller, status) => {
    const browser = await browserFor(caller, "admins");
    const db = await testDb();
    const before = await db.user.count();
    const answer = await browser.call(adminUsers.POST, "POST", "/api/admin-users", {
      body: { username: `x.${caller.length}`, password: "secret-6", allowedFeatures: [] },
    });
    expect(answer.status).toBe(status);
    expect(await db.user.count()).toBe(before);
  });
});

describe("PUT /api/admin-users/{id}/permissions", () => {
  type Case = [string, () => Promise<Browser>, string[], string[], number];
  // [who, caller, target's features, features sent, expected status]
  const permissionCases: Case[] = [
    [
      "the superadmin, any feature",
      () => signedInSuperadmin(),
      ["menu"],
      ["revenue", "admins"],
      200,
    ],
    [
      "an admin adding a feature they hold",
      async () => (await signedInAccount("admin", ["admins", "menu"])).browser,
      ["kitchen"],
      ["menu", "kitchen"],
      200,
    ],
    [
      "an admin removing a feature they hold, keeping one they lack",
      async () => (await signedInAccount("admin", ["admins", "menu"])).browser,
      ["menu", "kitchen"],
      ["kitchen"],
      200,
    ],
    [
      "an admin granting a feature they lack",
      async () => (await signedInAccount("admin", ["admins", "menu"])).browser,
      ["menu"],
      ["menu", "revenue"],
      403,
    ],
    [
      "an admin removing a feature they lack",
      async () => (await signedInAccount("admin", ["admins", "menu"])).browser,
      ["menu", "revenue"],
      ["menu"],
      403,
    ],
    [
      "an admin without the admins feature",
      async () => (await signedInAccount("admin", ["menu"])).browser,
      [],
      ["menu"],
      403,
    ],
    ["a parent", async () => (await signedInAccount("parent")).browser, [], ["menu"], 403],
    ["signed out", async () => new Browser(), [], ["menu"], 401],
  ];
  it.each(
    permissionCases.map(([who, caller, targetFeatures, sent, status]) => ({
      who,
      caller,
      targetFeatures,
      sent,
      status,
    })),
  )("$who → $status", async ({ caller, targetFeatures, sent, status }) => {
    const target = await makeAccount("admin", targetFeatures);
    const browser = await caller();
    const answer = await putPermissions(browser, target.id, sent);
    expect(answer.status).toBe(status);
    const stored = await featuresOf(target.id);
    if (status === 200) {
      expect([...stored].sort()).toEqual([...sent].sort());
      expect(answer.body).toMatchObject({ id: target.id, username: target.username });
    } else {
      expect(stored).toEqual(targetFeatures);
    }
  });

  it("records the lists before and after in the audit trail", async () => {
    const target = await makeAccount("admin", ["menu"]);
    await putPermissions(await signedInSuperadmin(), target.id, ["menu", "kitchen"]);
    const db = await testDb();
    const entry = await db.auditLog.findFirstOrThrow({
      where: { action: "admin-user.permissions", entityId: String(target.id) },
    });
    expect(entry.details).toMatchObject({
      before: { allowedFeatures: ["menu"] },
      after: { allowedFeatures: ["menu", "kitchen"] },
    });
  });

  it("refuses anyone changing their own list, the superadmin included", async () => {
    const limited = await signedInAccount("admin", ["admins", "menu"]);
    const own = await putPermissions(limited.browser, limited.id, ["admins"]);
    expect(own.status).toBe(403);
    expect(own.body).toMatchObject({ message: OWN, error: OWN });
    expect(await featuresOf(limited.id)).toEqual(["admins", "menu"]);

    const db = await testDb();
    const superadmin = await db.user.findUniqueOrThrow({
      where: { schoolId_usernameKey: { schoolId: 1, usernameKey: "superadmin" } },
    });
    const byItself = await putPermissions(await signedInSuperadmin(), superadmin.id, []);
    expect(byItself.status).toBe(403);
    expect(byItself.body).toMatchObject({ message: OWN });
    const byOther = await putPermissions(limited.browser, superadmin.id, ["admins", "menu"]);
    expect(byOther.status).toBe(403);
    expect(await featuresOf(superadmin.id)).toEqual(superadmin.allowedFeatures);
  });

  it("answers 404 'User not found' for an unknown id or a non-admin", async () => {
    const admin = await signedInSuperadmin();
    const parent = await makeAccount("parent");
    for (const id of ["999999", "abc", String(parent.id)]) {
      const answer = await putPermissions(admin, id, ["menu"]);
      expect(answer.status).toBe(404);
      expect(answer.body).toMatchObject({ message: "User not found" });
    }
    expect(await featuresOf(parent.id)).toEqual([]);
  });

  it("refuses unknown feature keys with 422", async () => {
    const target = await makeAccount("admin", ["menu"]);
    const answer = await putPermissions(await signedInSuperadmin(), target.id, ["menu", "x"]);
    expect(answer.status).toBe(422);
    expect(await featuresOf(target.id)).toEqual(["menu"]);
  });
});

describe("PUT /api/users/{id}/password", () => {
  type Target = "a parent" | "an admin";
  const passwordCases: [string, () => Promise<Browser>, Target, number][] = [
    ["the superadmin", () => signedInSuperadmin(), "an admin", 200],
    ["the superadmin", () => signedInSuperadmin(), "a parent", 200],
    [
      "an admin with admins",
      async () => (await signedInAccount("admin", ["admins"])).browser,
      "a parent",
      200,
    ],
    [
      "an admin with parents_students",
      async () => (await signedInAccount("admin", ["parents_students"])).browser,
      "a parent",
      200,
    ],
    [
      "an admin with admins (non-superadmin)",
      async () => (await signedInAccount("admin", ["admins"])).browser,
      "an admin",
      403,
    ],
    [
      "an admin without either feature",
      async () => (await signedInAccount("admin", ["menu"])).browser,
      "a parent",
      403,
    ],
    ["a parent", async () => (await signedInAccount("parent")).browser, "a parent", 403],
    ["signed out", async () => new Browser(), "a parent", 401],
  ];
  it.each(passwordCases.map(([who, caller, target, status]) => ({ who, caller, target, status })))(
    "$who changing $target's password → $status",
    async ({ caller, target, status }) => {
      const account = await makeAccount(target === "an admin" ? "admin" : "parent", []);
      const before = await hashOf(account.id);
      const browser = await caller();
      const answer = await putPassword(browser, account.id, { password: "new-secret" });
      expect(answer.status).toBe(status);
      const after = await hashOf(account.id);
      if (status === 200) {
        expect(answer.body).toMatchObject({ message: "Password updated successfully" });
        expect(after).toMatch(/^\$argon2id\$/);
        expect(await verifyPassword(after, "new-secret")).toBe(true);
      } else {
        expect(after).toBe(before);
      }
    },
  );

  it("ends every session of the user: the old cookie then gets 401, the new password works", async () => {
    const parent = await signedInAccount("parent");
    const phone = await signIn(parent.username);
    const admin = await signedInSuperadmin();
    const answer = await putPassword(admin, parent.id, { password: "fresh-pass" });
    expect(answer.status).toBe(200);
    expect((await parent.browser.call(user.GET, "GET", "/api/user")).status).toBe(401);
    expect((await phone.call(user.GET, "GET", "/api/user")).status).toBe(401);
    const old = await new Browser("203.0.113.77").call(login.POST, "POST", "/api/login", {
      body: { username: parent.username, password: PASSWORD },
    });
    expect(old.status).toBe(401);
    const fresh = await signIn(parent.username, "fresh-pass");
    expect((await fresh.call(user.GET, "GET", "/api/user")).status).toBe(200);
    // The admin's own session is untouched.
    expect((await admin.call(user.GET, "GET", "/api/user")).status).toBe(200);
    const db = await testDb();
    const entry = await db.auditLog.findFirstOrThrow({
      where: { action: "user.password", entityId: String(parent.id) },
    });
    expect(entry.details).toMatchObject({ sessionsEnded: 2 });
    expect(JSON.stringify(entry.details)).not.toMatch(/fresh-pass|argon2/);
  });

  it("refuses a short password with the spec's message and changes nothing", async () => {
    const parent = await signedInAccount("parent");
    const before = await hashOf(parent.id);
    const answer = await putPassword(await signedInSuperadmin(), parent.id, { password: "12345" });
    expect(answer.status).toBe(422);
    expect(answer.body).toMatchObject({ message: "Password must be at least 6 characters" });
    expect(await hashOf(parent.id)).toBe(before);
    expect((await parent.browser.call(user.GET, "GET", "/api/user")).status).toBe(200);
  });

  it("refuses the caller's own password (that is the profile's job) and unknown users", async () => {
    const limited = await signedInAccount("admin", ["admins"]);
    const before = await hashOf(limited.id);
    const own = await putPassword(limited.browser, limited.id, { password: "new-secret" });
    expect(own.status).toBe(403);
    expect(await hashOf(limited.id)).toBe(before);
    const ghost = await putPassword(await signedInSuperadmin(), 999_999, { password: "new-pw-1" });
    expect(ghost.status).toBe(404);
    expect(ghost.body).toMatchObject({ message: "User not found" });
  });

  it("answers an admin without either feature 403 before reading the body", async () => {
    const parent = await makeAccount("parent");
    const admin = await signedInAccount("admin", ["menu"]);
    const answer = await putPassword(admin.browser, parent.id, { password: 1 });
    expect(answer.status).toBe(403);
  });
});
