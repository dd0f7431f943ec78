import { describe, expect, it } from "@jest/globals";
import * as forgot from "@/app/api/auth/forgot-password/route";
import * as login from "@/app/api/login/route";
import * as orders from "@/app/api/orders/route";
import * as profile from "@/app/api/profile/route";
import * as register from "@/app/api/register/route";
import * as students from "@/app/api/students/route";
import * as user from "@/app/api/user/route";
import { key, testDb } from "@/tests/support/school";
import { signedInSuperadmin, signedUpParent, uniqueName } from "@/tests/support/fixtures";
import { Browser } from "@/tests/support/http";

// Issue 22 §6 and §9: signed-in answers are never stored by a cache; JSON routes take JSON only;
// sessions end by role after idling or at their maximum age.

describe("Cache-Control on answers that depend on the session", () => {
  it.each([
    ["GET /api/user", user.GET, "/api/user"],
    ["GET /api/orders", orders.GET, "/api/orders"],
    ["GET /api/students", students.GET, "/api/students"],
  ])("%s answers no-store, signed in and signed out", async (_name, handler, path) => {
    const { browser } = await signedUpParent();
    const signedIn = await browser.call(handler, "GET", path);
    expect(signedIn.status).toBe(200);
    expect(signedIn.headers.get("cache-control")).toBe("no-store");
    const signedOut = await new Browser().call(handler, "GET", path);
    expect(signedOut.status).toBe(401);
    expect(signedOut.headers.get("cache-control")).toBe("no-store");
  });

  it("a login answer, which sets the cookie, is not stored either", async () => {
    const { username } = await signedUpParent();
    const answer = await new Browser("198.18.20.1").call(login.POST, "POST", "/api/login", {
      body: { username, password: "parent-pass" },
    });
    expect(answer.status).toBe(200);
    expect(answer.headers.get("cache-control")).toBe("no-store");
  });
});

describe("JSON routes take application/json only", () => {
  const simpleTypes = [
    "text/plain",
    "text/plain;charset=UTF-8",
    "application/x-www-form-urlencoded",
    "multipart/form-data; boundary=x",
    "application/jsonp",
  ];

  it.each(simpleTypes)(
    "POST /api/register with %s answers 415 and creates nothing",
    async (type) => {
      const db = await testDb();
      const before = await db.user.count();
      const username = uniqueName("typed");
      const answer = await new Browser("198.18.21.1").call(register.POST, "POST", "/api/register", {
        headers: { "content-type": type },
        rawBody: JSON.stringify({ username, password: "secret-pass", name: "Typed" }),
      });
      expect(answer.status).toBe(415);
      expect(answer.body).toMatchObject({ message: "Content-Type must be application/json" });
      expect(await db.user.count()).toBe(before);
    },
  );

  it("a signed-in profile change sent as text/plain changes nothing", async () => {
    const { browser, id } = await signedUpParent();
    const answer = await browser.call(profile.PUT, "PUT", "/api/profile", {
      headers: { "content-type": "text/plain" },
      rawBody: JSON.stringify({ name: "Changed By Another Site" }),
    });
    expect(answer.status).toBe(415);
    const db = await testDb();
    expect((await db.user.findUnique({ where: key(id) }))?.name).not.toBe(
      "Changed By Another Site",
    );
  });

  it("application/json with a charset is accepted", async () => {
    const answer = await new Browser("198.18.21.2").call(
      forgot.POST,
      "POST",
      "/api/auth/forgot-password",
      {
        headers: { "content-type": "application/json; charset=utf-8" },
        body: { identifier: uniqueName("nobody") },
      },
    );
    expect(answer.status).toBe(200);
  });

  it("a JSON body without any Content-Type is refused too", async () => {
    const answer = await new Browser("198.18.21.3").call(
      forgot.POST,
      "POST",
      "/api/auth/forgot-password",
      { headers: { "content-type": "" }, rawBody: JSON.stringify({ identifier: "someone" }) },
    );
    expect(answer.status).toBe(415);
  });
});

describe("session lifetime by role", () => {
  const HOUR = 60 * 60 * 1000;

  async function sessionRow(browser: Browser) {
    const me = await browser.call<{ id: number }>(user.GET, "GET", "/api/user");
    expect(me.status).toBe(200);
    const db = await testDb();
    const [row] = await db.session.findMany({
      where: { userId: me.body.id },
      orderBy: { createdAt: "desc" },
      take: 1,
    });
    return row!;
  }

  async function idle(browser: Browser, ms: number) {
    const row = await sessionRow(browser);
    const db = await testDb();
    await db.session.update({
      where: { schoolId_id: { schoolId: 1, id: row.id } },
      data: { lastSeenAt: new Date(Date.now() - ms) },
    });
  }

  it("an admin's session lasts 24 hours at most and ends after 8 idle hours", async () => {
    const admin = await signedInSuperadmin();
    const row = await sessionRow(admin);
    const lifetime = row.expiresAt.getTime() - row.createdAt.getTime();
    expect(lifetime).toBeGreaterThan(23.9 * HOUR);
    expect(lifetime).toBeLessThanOrEqual(24 * HOUR + 1000);

    await idle(admin, 7.9 * HOUR);
    expect((await admin.call(user.GET, "GET", "/api/user")).status).toBe(200);
    await idle(admin, 8.1 * HOUR);
    expect((await admin.call(user.GET, "GET", "/api/user")).status).toBe(401);
    // Ended for good: coming back does not revive it.
    expect((await admin.call(user.GET, "GET", "/api/user")).status).toBe(401);
  });

  it("a parent stays signed in after 20 idle days; the session's maximum is 30 days", async () => {
    const { browser } = await signedUpParent();
    const row = await sessionRow(browser);
    expect(row.expiresAt.getTime() - row.createdAt.getTime()).toBeGreaterThan(29.9 * 24 * HOUR);
    await idle(browser, 20 * 24 * HOUR);
    expect((await browser.call(user.GET, "GET", "/api/user")).status).toBe(200);
  });

  it("a teacher's session ends after 7 idle days", async () => {
    const { browser, id } = await signedUpParent();
    const db = await testDb();
    await db.user.update({ where: key(id), data: { role: "teacher" } });
    await idle(browser, 6 * 24 * HOUR);
    expect((await browser.call(user.GET, "GET", "/api/user")).status).toBe(200);
    await idle(browser, 7.1 * 24 * HOUR);
    expect((await browser.call(user.GET, "GET", "/api/user")).status).toBe(401);
  });
});
