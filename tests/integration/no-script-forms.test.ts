import { describe, expect, it } from "@jest/globals";
import * as loginForm from "@/app/api/login/form/route";
import * as noScript from "@/app/api/no-script/route";
import * as registerForm from "@/app/api/register/form/route";
import * as user from "@/app/api/user/route";
import { authFormMessage } from "@/lib/contracts/auth-form";
import { testDb } from "@/tests/support/school";
import { Browser } from "@/tests/support/http";

// Issue 24 §1: the login and sign-up forms work before the page's scripts have loaded. They post
// natively (an urlencoded body) to their own handlers, which share /api/login's and
// /api/register's limits and Origin check, and answer with a redirect that never carries a field.

let counter = 0;
const unique = (prefix: string) => `${prefix}${++counter}.${Date.now() % 100000}`;
const FORM = { "content-type": "application/x-www-form-urlencoded" };

function post(browser: Browser, handler: typeof loginForm.POST, path: string, fields: object) {
  return browser.call(handler, "POST", path, {
    rawBody: new URLSearchParams(fields as Record<string, string>).toString(),
    headers: FORM,
  });
}

async function signedUp(browser = new Browser()) {
  const username = unique("noscript");
  const answer = await post(browser, registerForm.POST, "/api/register/form", {
    firstName: "Chipo",
    lastName: "Mwale",
    username,
    password: "secret-pass",
    email: "",
    phone: "",
  });
  return { browser, username, answer };
}

describe("POST /api/register/form", () => {
  it("creates the parent, signs it in and sends the browser to / with nothing in the address", async () => {
    const { browser, username, answer } = await signedUp();
    expect(answer.status).toBe(303);
    expect(answer.headers.get("location")).toBe("/");
    const me = await browser.call(user.GET, "GET", "/api/user");
    expect(me.body).toMatchObject({ username, name: "Chipo Mwale", role: "parent" });
  });

  it("answers a taken username with the sign-up form and a code, never the fields", async () => {
    const { username } = await signedUp();
    const again = await post(new Browser(), registerForm.POST, "/api/register/form", {
      firstName: "A",
      lastName: "B",
      username,
      password: "secret-pass",
    });
    expect(again.status).toBe(303);
    expect(again.headers.get("location")).toBe("/?auth=register&error=taken");
  });

  it("names the field a short password failed on", async () => {
    const answer = await post(new Browser(), registerForm.POST, "/api/register/form", {
      firstName: "A",
      lastName: "B",
      username: unique("short"),
      password: "123",
    });
    const location = answer.headers.get("location") ?? "";
    expect(location).toBe("/?auth=register&error=check&field=password");
    expect(location).not.toContain("123");
    expect(authFormMessage("check", "password")).toContain("at least 6 characters");
  });
});

describe("POST /api/login/form", () => {
  it("signs in and redirects to /", async () => {
    const { username } = await signedUp();
    const browser = new Browser("203.0.113.77");
    const answer = await post(browser, loginForm.POST, "/api/login/form", {
      username,
      password: "secret-pass",
    });
    expect(answer.status).toBe(303);
    expect(answer.headers.get("location")).toBe("/");
    expect((await browser.call(user.GET, "GET", "/api/user")).status).toBe(200);
  });

  it("answers a wrong password with the login form and the spec's message, never the password", async () => {
    const { username } = await signedUp();
    const browser = new Browser("203.0.113.78");
    const answer = await post(browser, loginForm.POST, "/api/login/form", {
      username,
      password: "wrong-secret",
    });
    const location = answer.headers.get("location") ?? "";
    expect(location).toBe("/?auth=login&error=invalid");
    expect(authFormMessage("invalid", undefined)).toBe("Invalid username or password");
    expect((await browser.call(user.GET, "GET", "/api/user")).status).toBe(401);
  });

  it("counts failures against the same limits as /api/login", async () => {
    const { username } = await signedUp();
    const browser = new Browser("203.0.113.79");
    let last = "";
    for (let i = 0; i < 11; i++) {
      const answer = await post(browser, loginForm.POST, "/api/login/form", {
        username,
        password: `wrong-${i}`,
      });
      last = answer.headers.get("location") ?? "";
    }
    expect(last).toBe("/?auth=login&error=limited");
    const db = await testDb();
    const counted = await db.rateLimit.findFirst({
      where: { key: { startsWith: "login:account-address:" } },
    });
    expect(counted).not.toBeNull();
  });

  it("refuses another site's form (Origin) and a JSON body", async () => {
    const crossSite = await new Browser().call(loginForm.POST, "POST", "/api/login/form", {
      rawBody: "username=a&password=b",
      headers: { ...FORM, origin: "https://evil.example" },
    });
    expect(crossSite.status).toBe(403);
    const json = await new Browser().call(loginForm.POST, "POST", "/api/login/form", {
      body: { username: "a", password: "b" },
    });
    expect(json.headers.get("location")).toBe("/?auth=login&error=failed");
  });
});

describe("POST /api/no-script", () => {
  it("reads and changes nothing and sends the browser back to /", async () => {
    const answer = await new Browser().call(noScript.POST, "POST", "/api/no-script", {
      rawBody: "name=x",
      headers: FORM,
    });
    expect(answer.status).toBe(303);
    expect(answer.headers.get("location")).toBe("/");
  });
});
