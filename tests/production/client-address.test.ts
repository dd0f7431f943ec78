import { afterAll, beforeAll, describe, expect, it } from "@jest/globals";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { HttpClient, startServer, type RunningServer } from "@/tests/production/server";

// The production build as `npm start` serves it: the per-address limits count the address the
// request really came from, and a path that does not decode is a 400. One server faces clients
// directly (TRUSTED_PROXY_HOPS=0); the other sits behind one proxy (TRUSTED_PROXY_HOPS=1), which
// this test plays: its requests come from 127.0.0.1 with the client's address appended, as
// nginx's $proxy_add_x_forwarded_for or Caddy's reverse_proxy would.

const dataDir = mkdtempSync(path.join(tmpdir(), "canteen-address-"));
let direct: RunningServer;
let proxied: RunningServer;

const common = (port: number, name: string) => ({
  APP_URL: `http://127.0.0.1:${port}`,
  PGLITE_DATA_DIR: path.join(dataDir, name),
  SEED_SUPERADMIN_PASSWORD: "address-superadmin",
  PAYMENT_PROVIDER: "sandbox",
  PAYMENT_SANDBOX_ALLOWED_IN_PRODUCTION: "1",
});

beforeAll(async () => {
  [direct, proxied] = await Promise.all([
    startServer(3451, { ...common(3451, "direct"), TRUSTED_PROXY_HOPS: "0" }),
    startServer(3452, { ...common(3452, "proxied"), TRUSTED_PROXY_HOPS: "1" }),
  ]);
});

afterAll(async () => {
  await Promise.all([direct?.stop(), proxied?.stop()]);
  rmSync(dataDir, { recursive: true, force: true });
});

let counter = 0;
/** A password-reset request for an identifier never used before (so only the address limit bites). */
const reset = (server: RunningServer, forwardedFor?: string) =>
  new HttpClient(server.url).call(
    "POST",
    "/api/auth/forgot-password",
    { identifier: `nobody.${++counter}` },
    forwardedFor === undefined ? {} : { "x-forwarded-for": forwardedFor },
  );

describe("a client facing the app directly", () => {
  it("cannot escape the per-address login limit by forging X-Forwarded-For", async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 31; i++) {
      const res = await new HttpClient(direct.url).call(
        "POST",
        "/api/login",
        { username: `guess.${i}`, password: "not-the-password" },
        { "x-forwarded-for": `198.51.100.${i + 1}` },
      );
      statuses.push(res.status);
    }
    // 30 failed logins per address in 15 minutes, each for another account: the 31st is refused.
    expect(statuses.slice(0, 30)).toEqual(Array(30).fill(401));
    expect(statuses[30]).toBe(429);
  });

  it("cannot escape the per-address reset limit with a new forged chain each time", async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 11; i++) {
      statuses.push((await reset(direct, `10.9.${i}.1, 192.0.2.${i + 1}`)).status);
    }
    expect(statuses.slice(0, 10)).toEqual(Array(10).fill(200));
    expect(statuses[10]).toBe(429);
    // Without any header it is still the same caller.
    expect((await reset(direct)).status).toBe(429);
  });
});

describe("clients behind one trusted proxy", () => {
  it("each have their own bucket, and a forged entry before the proxy's lands in the real one", async () => {
    for (let i = 0; i < 10; i++) expect((await reset(proxied, "203.0.113.7")).status).toBe(200);
    expect((await reset(proxied, "203.0.113.7")).status).toBe(429);
    // Another client through the same proxy is not held back by the first one's requests.
    expect((await reset(proxied, "203.0.113.8")).status).toBe(200);
    // The client's own claims come before what the proxy appended: they change nothing.
    expect((await reset(proxied, "1.2.3.4, 203.0.113.7")).status).toBe(429);
    expect((await reset(proxied, "203.0.113.8, 203.0.113.7")).status).toBe(429);
  });

  it("cannot lock the superadmin out: ten failures shut out the attacker's address, not the owner's", async () => {
    const login = (password: string, forwardedFor: string) =>
      new HttpClient(proxied.url).call(
        "POST",
        "/api/login",
        { username: "superadmin", password },
        { "x-forwarded-for": forwardedFor },
      );
    for (let i = 0; i < 10; i++)
      expect((await login(`guess-${i}`, "203.0.113.60")).status).toBe(401);
    // The attacker's address is locked out of the account, even with the right password...
    expect((await login("address-superadmin", "203.0.113.60")).status).toBe(429);
    // ...while the owner, at another address behind the same proxy, signs in.
    expect((await login("address-superadmin", "203.0.113.61")).status).toBe(200);
  }, 60_000);
});

describe("a path that does not percent-decode", () => {
  const malformed = [
    "/api/%ff",
    "/%ff",
    "/api/orders/%E0%A4%A",
    "/api/login/%zz",
    "/settings/%C0%80",
    "/%",
    "/_next/static/%ff.js",
    "/icons/%ff.png",
  ];

  it.each(malformed)("answers %s with 400 and the error envelope", async (pathname) => {
    const get = await fetch(`${direct.url}${pathname}`);
    expect(get.status).toBe(400);
    expect(await get.json()).toEqual({
      message: "Malformed request path",
      error: "Malformed request path",
    });
    expect(get.headers.get("x-content-type-options")).toBe("nosniff");
    const post = await new HttpClient(direct.url).call("POST", pathname, {});
    expect(post.status).toBe(400);
  });

  it("leaves well-formed paths and queries to the app", async () => {
    expect((await fetch(`${direct.url}/api/health?note=%ff`)).status).toBe(200);
    const page = await fetch(`${direct.url}/caf%C3%A9`);
    expect(page.status).toBe(200);
    expect(page.headers.get("content-type")).toContain("text/html");
  });
});
