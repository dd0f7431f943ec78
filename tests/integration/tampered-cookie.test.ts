import { beforeAll, describe, expect, it } from "@jest/globals";
import { sealData } from "iron-session";
import * as login from "@/app/api/login/route";
import * as logout from "@/app/api/logout/route";
import * as userRoute from "@/app/api/user/route";
import { sessionCookieName } from "@/lib/auth/session-cookie";
import { signedUpParent } from "@/tests/support/fixtures";
import { Browser, type Answer } from "@/tests/support/http";
import { TAMPERINGS } from "@/tests/support/tampered-seals";

// A tampered session cookie (issue 14). sqlmap's mutations of a signed-in cookie made the server
// answer 500 ("Wrong mac prefix"): every broken seal must be answered exactly as no cookie at all,
// and must not stop the caller from signing in or out.

const COOKIE = sessionCookieName(false);

let parent: { browser: Browser; id: number; username: string };
let sealed: string;
let signedOut: Answer;

/** A browser holding only `value` as its session cookie. */
function holding(value: string): Browser {
  const browser = new Browser("203.0.113.44");
  browser.jar.set(COOKIE, value);
  return browser;
}

beforeAll(async () => {
  parent = await signedUpParent();
  sealed = parent.browser.jar.get(COOKIE)!;
  signedOut = await new Browser().call(userRoute.GET, "GET", "/api/user");
  // The answer every broken cookie must match.
  expect(signedOut.status).toBe(401);
});

const variants: [string, () => string | Promise<string>][] = [
  ...TAMPERINGS.map(([name, tamper]): [string, () => string] => [name, () => tamper(sealed)]),
  [
    "the same ids sealed with another secret",
    () => sealData({ sid: "guess", uid: parent.id, role: "parent" }, { password: "o".repeat(40) }),
  ],
];

describe("GET /api/user with a broken session cookie", () => {
  it.each(variants)("%s: 401, the same answer as no cookie", async (_name, make) => {
    const answer = await holding(await make()).call(userRoute.GET, "GET", "/api/user");
    expect({ status: answer.status, body: answer.body }).toEqual({
      status: signedOut.status,
      body: signedOut.body,
    });
  });

  it("still answers the untouched cookie with its own user", async () => {
    const answer = await holding(sealed).call<{ id: number }>(userRoute.GET, "GET", "/api/user");
    expect(answer.status).toBe(200);
    expect(answer.body.id).toBe(parent.id);
  });
});

describe("signing in and out with a broken cookie in the jar", () => {
  it.each([
    ["x<seal>", () => `x${sealed}`],
    ["Fe26.9*...", () => sealed.replace(/^Fe26\.2\*/, "Fe26.9*")],
  ])("%s: login succeeds and its new cookie is a session", async (_name, make) => {
    const browser = holding(make());
    const answer = await browser.call<{ id: number }>(login.POST, "POST", "/api/login", {
      body: { username: parent.username, password: "parent-pass" },
    });
    expect(answer.status).toBe(200);
    expect(answer.body.id).toBe(parent.id);
    const me = await browser.call<{ id: number }>(userRoute.GET, "GET", "/api/user");
    expect(me.status).toBe(200);
    expect(me.body.id).toBe(parent.id);
  });

  it.each([
    ["x<seal>", () => `x${sealed}`],
    ["Fe26.9*...", () => sealed.replace(/^Fe26\.2\*/, "Fe26.9*")],
    ["<seal>~2 (iron would read it as the seal)", () => `${sealed}~2`],
  ])("%s: logout answers normally, clears it, and ends no session", async (_name, make) => {
    const browser = holding(make());
    const answer = await browser.call(logout.POST, "POST", "/api/logout");
    expect(answer.status).toBe(200);
    expect(answer.body).toMatchObject({ ok: true });
    expect(browser.jar.has(COOKIE)).toBe(false);
    // The real session, whose text the broken one was made from, is still live.
    const me = await parent.browser.call(userRoute.GET, "GET", "/api/user");
    expect(me.status).toBe(200);
  });
});
