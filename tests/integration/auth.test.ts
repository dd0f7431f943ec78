import { describe, expect, it } from "@jest/globals";
import * as forgot from "@/app/api/auth/forgot-password/route";
import * as verifyEmail from "@/app/api/auth/verify-email/route";
import * as login from "@/app/api/login/route";
import * as logout from "@/app/api/logout/route";
import * as register from "@/app/api/register/route";
import * as user from "@/app/api/user/route";
import { testDb } from "@/tests/support/school";
import { Browser } from "@/tests/support/http";
import { alternatingMedians } from "@/tests/support/timing";

let counter = 0;
const unique = (prefix: string) => `${prefix}${++counter}.${Date.now() % 100000}`;

async function registered(overrides: Record<string, unknown> = {}) {
  const browser = new Browser();
  const username = unique("parent");
  const account = { username, password: "secret-pass", name: "Test Parent", ...overrides };
  const answer = await browser.call(register.POST, "POST", "/api/register", { body: account });
  expect(answer.status).toBe(200);
  return { browser, account, answer };
}

describe("POST /api/register", () => {
  it("creates a parent, signs it in, and never returns a password or hash", async () => {
    const { browser, account, answer } = await registered({
      email: "p@example.com",
      phone: "0971234567",
    });
    expect(answer.body).toMatchObject({
      username: account.username,
      name: "Test Parent",
      email: "p@example.com",
      phone: "0971234567",
      role: "parent",
    });
    expect(JSON.stringify(answer.body)).not.toMatch(/password|hash|argon/i);
    const me = await browser.call(user.GET, "GET", "/api/user");
    expect(me.status).toBe(200);
    expect(me.body).toMatchObject({ username: account.username, role: "parent" });
  });

  it("treats empty e-mail and phone as absent", async () => {
    const { answer } = await registered({ email: "", phone: "" });
    expect(answer.body).toMatchObject({ email: null, phone: null });
  });

  it("refuses a username that exists in another case, and creates nothing", async () => {
    const { account } = await registered();
    const db = await testDb();
    const before = await db.user.count();
    const again = await new Browser().call(register.POST, "POST", "/api/register", {
      body: { ...account, username: `  ${account.username.toUpperCase()} ` },
    });
    expect(again.status).toBe(409);
    expect(again.body).toMatchObject({ message: "Username already exists" });
    expect(await db.user.count()).toBe(before);
  });

  it.each([
    [{ password: "12345" }, "Password must be at least 6 characters"],
    [{ username: "   " }, "Username is required"],
    [{ name: "" }, "Name is required"],
    [{ email: "not-an-email" }, "Invalid email address"],
  ])("answers 422 with the spec's message for %j", async (change, message) => {
    const db = await testDb();
    const before = await db.user.count();
    const answer = await new Browser().call(register.POST, "POST", "/api/register", {
      body: { username: unique("bad"), password: "secret-pass", name: "N", ...change },
    });
    expect(answer.status).toBe(422);
    expect(answer.body).toMatchObject({ message, error: message });
    expect(await db.user.count()).toBe(before);
  });
});

describe("POST /api/login and the session", () => {
  it("signs in with the right password, case-insensitively on the username", async () => {
    const { account } = await registered();
    const browser = new Browser();
    const answer = await browser.call(login.POST, "POST", "/api/login", {
      body: { username: account.username.toUpperCase(), password: account.password },
    });
    expect(answer.status).toBe(200);
    expect(answer.body).toMatchObject({ username: account.username });
    expect(JSON.stringify(answer.body)).not.toMatch(/password|hash|argon/i);
    const cookie = answer.headers.getSetCookie().join("\n");
    expect(cookie).toMatch(/HttpOnly/i);
    expect(cookie).toMatch(/SameSite=Lax/i);
    expect((await browser.call(user.GET, "GET", "/api/user")).status).toBe(200);
  });

  it("answers a wrong password and an unknown user with the same status and message", async () => {
    const { account } = await registered();
    const wrong = await new Browser("198.51.100.1").call(login.POST, "POST", "/api/login", {
      body: { username: account.username, password: "wrong-password" },
    });
    const unknown = await new Browser("198.51.100.2").call(login.POST, "POST", "/api/login", {
      body: { username: "nobody-by-this-name", password: "wrong-password" },
    });
    expect(wrong.status).toBe(401);
    expect(unknown.status).toBe(401);
    expect(wrong.body).toEqual(unknown.body);
  });

  it("answers 401 on /api/user when signed out", async () => {
    const answer = await new Browser().call(user.GET, "GET", "/api/user");
    expect(answer.status).toBe(401);
  });

  it("limits failed logins per address across accounts, the same for unknown accounts", async () => {
    const address = "192.0.2.200";
    for (let i = 0; i < 30; i++) {
      await new Browser(address).call(login.POST, "POST", "/api/login", {
        body: { username: `ghost-${i}`, password: "nope-nope" },
      });
    }
    const { account } = await registered();
    const limited = await new Browser(address).call(login.POST, "POST", "/api/login", {
      body: { username: account.username, password: account.password },
    });
    expect(limited.status).toBe(429);
  }, 30_000);

  it("ends the session on logout: the old cookie, replayed, gets 401", async () => {
    const { browser } = await registered();
    const stolen = browser.clone();
    const out = await browser.call(logout.POST, "POST", "/api/logout");
    expect(out.status).toBe(200);
    expect((await browser.call(user.GET, "GET", "/api/user")).status).toBe(401);
    expect((await stolen.call(user.GET, "GET", "/api/user")).status).toBe(401);
  });

  it("keeps other devices signed in when one logs out", async () => {
    const { account } = await registered();
    const phone = new Browser();
    const laptop = new Browser();
    for (const b of [phone, laptop]) {
      await b.call(login.POST, "POST", "/api/login", { body: account });
    }
    await phone.call(logout.POST, "POST", "/api/logout");
    expect((await laptop.call(user.GET, "GET", "/api/user")).status).toBe(200);
  });

  it("rejects a forged cookie", async () => {
    const browser = new Browser();
    browser.jar.set("canteen_session", "Fe26.2**forged**value");
    expect((await browser.call(user.GET, "GET", "/api/user")).status).toBe(401);
  });
});

describe("POST /api/auth/forgot-password", () => {
  const answerText =
    "If an account with that username/email exists, a temporary password has been sent.";

  async function temporaryPasswordFromOutbox(to: string): Promise<string> {
    const db = await testDb();
    const mail = await db.emailOutbox.findFirst({ where: { to }, orderBy: { id: "desc" } });
    const match = /Temporary password: (\S+)/.exec(mail?.text ?? "");
    expect(match).not.toBeNull();
    return match![1]!;
  }

  it("answers the same whether or not the account exists, and mails only a real account", async () => {
    const email = `${unique("reset")}@example.com`;
    const { account } = await registered({ email });
    const db = await testDb();
    const outboxBefore = await db.emailOutbox.count();

    const missing = await new Browser("198.51.100.20").call(
      forgot.POST,
      "POST",
      "/api/auth/forgot-password",
      {
        body: { identifier: "no-such-user-anywhere" },
      },
    );
    expect(await db.emailOutbox.count()).toBe(outboxBefore);
    const existing = await new Browser("198.51.100.21").call(
      forgot.POST,
      "POST",
      "/api/auth/forgot-password",
      {
        body: { identifier: account.username },
      },
    );
    expect(missing.status).toBe(200);
    expect(existing.status).toBe(200);
    expect(missing.body).toEqual(existing.body);
    expect(existing.body).toMatchObject({ message: answerText });
    expect(await db.emailOutbox.count({ where: { to: email } })).toBeGreaterThanOrEqual(1);
  });

  it("keeps the old password until the temporary one is used, then the temporary one replaces it once", async () => {
    const email = `${unique("temp")}@example.com`;
    const { account, browser: oldDevice } = await registered({ email });
    await new Browser("198.51.100.30").call(forgot.POST, "POST", "/api/auth/forgot-password", {
      body: { identifier: email.toUpperCase() },
    });
    const temporary = await temporaryPasswordFromOutbox(email);

    const withOld = await new Browser("198.51.100.31").call(login.POST, "POST", "/api/login", {
      body: account,
    });
    expect(withOld.status).toBe(200);

    const withTemporary = await new Browser("198.51.100.32").call(
      login.POST,
      "POST",
      "/api/login",
      {
        body: { username: account.username, password: temporary },
      },
    );
    expect(withTemporary.status).toBe(200);
    // Using the temporary password ends the sessions that existed before it.
    expect((await oldDevice.call(user.GET, "GET", "/api/user")).status).toBe(401);

    const oldAgain = await new Browser("198.51.100.33").call(login.POST, "POST", "/api/login", {
      body: account,
    });
    expect(oldAgain.status).toBe(401);
    const temporaryAgain = await new Browser("198.51.100.34").call(
      login.POST,
      "POST",
      "/api/login",
      {
        body: { username: account.username, password: temporary },
      },
    );
    expect(temporaryAgain.status).toBe(200); // it is now the account's password
  });

  it("does not accept an expired temporary password", async () => {
    const email = `${unique("expired")}@example.com`;
    const { account } = await registered({ email });
    await new Browser("198.51.100.40").call(forgot.POST, "POST", "/api/auth/forgot-password", {
      body: { identifier: account.username },
    });
    const temporary = await temporaryPasswordFromOutbox(email);
    const db = await testDb();
    await db.temporaryPassword.updateMany({
      where: { user: { usernameKey: account.username.toLowerCase() } },
      data: { expiresAt: new Date(Date.now() - 1000) },
    });
    const attempt = await new Browser("198.51.100.41").call(login.POST, "POST", "/api/login", {
      body: { username: account.username, password: temporary },
    });
    expect(attempt.status).toBe(401);
  });

  it("answers 422 with the spec's message for an empty identifier", async () => {
    const answer = await new Browser().call(forgot.POST, "POST", "/api/auth/forgot-password", {
      body: { identifier: "  " },
    });
    expect(answer.status).toBe(422);
    expect(answer.body).toMatchObject({ message: "Username or email is required" });
  });
});

describe("e-mail verification link", () => {
  it("verifies the address the link was sent to and redirects with emailVerified=success", async () => {
    const email = `${unique("verify")}@example.com`;
    const { account } = await registered({ email });
    const db = await testDb();
    const mail = await db.emailOutbox.findFirst({
      where: { to: email, subject: { contains: "Confirm" } },
    });
    const link = new URL(/(http\S+)/.exec(mail?.text ?? "")![1]!);
    const answer = await new Browser().call(verifyEmail.GET, "GET", link.pathname + link.search);
    expect(answer.status).toBe(303);
    expect(answer.headers.get("location")).toContain("emailVerified=success");
    const row = await db.user.findFirst({ where: { usernameKey: account.username.toLowerCase() } });
    expect(row?.emailVerifiedAt).not.toBeNull();
  });

  it("redirects with emailVerified=error and a reason code, never text, for a tampered token", async () => {
    const answer = await new Browser().call(
      verifyEmail.GET,
      "GET",
      "/api/auth/verify-email?token=Fe26.2**bad",
    );
    expect(answer.status).toBe(303);
    const location = new URL(answer.headers.get("location") ?? "");
    expect(location.pathname).toBe("/");
    expect([...location.searchParams]).toEqual([
      ["emailVerified", "error"],
      ["reason", "invalid"],
    ]);
  });
});

describe("what the timing of sign-in and forgot-password reveals", () => {
  // An account's existence must not show in how long the answer takes. Sign-in: both paths do the
  // same two argon2 verifications, so they use the same CPU (an unknown user skipping one of them
  // measures about 0.6 of a wrong password). Forgot-password: every answer is held to the same
  // floor, so the elapsed times match.

  it("takes as long for an unknown user as for a wrong password", async () => {
    // Two accounts taking turns: ten failures on one account start its growing delay.
    const known = await Promise.all([registered(), registered()]);
    const signIn = async (address: string, username: string) => {
      const answer = await new Browser(address).call(login.POST, "POST", "/api/login", {
        body: { username, password: "not-the-password" },
      });
      expect(answer.status).toBe(401);
    };
    const { a: wrongPassword, b: unknown } = await alternatingMedians(
      15,
      "cpu",
      (i) => signIn(`192.0.2.${100 + i}`, known[i % 2]!.account.username),
      (i) => signIn(`192.0.2.${120 + i}`, unique("ghost")),
    );
    expect(unknown / wrongPassword).toBeGreaterThan(0.75);
    expect(unknown / wrongPassword).toBeLessThan(1.33);
  }, 30_000);

  it("takes as long to reset an unknown account as a real one", async () => {
    const accounts = await Promise.all(
      Array.from({ length: 7 }, () => registered({ email: `${unique("timing")}@example.com` })),
    );
    const reset = (address: string, identifier: string) =>
      new Browser(address).call(forgot.POST, "POST", "/api/auth/forgot-password", {
        body: { identifier },
      });
    const { a: real, b: ghost } = await alternatingMedians(
      7,
      "wall",
      (i) => reset(`192.0.2.${30 + i}`, accounts[i]!.account.username),
      (i) => reset(`192.0.2.${40 + i}`, unique("ghost")),
    );
    expect(ghost / real).toBeGreaterThan(0.4);
    expect(ghost / real).toBeLessThan(2.5);
  }, 30_000);
});
