import { afterAll, beforeAll, describe, expect, it } from "@jest/globals";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { HttpClient, startServer, type RunningServer } from "@/tests/production/server";
import { TAMPERINGS } from "@/tests/support/tampered-seals";

// A tampered session cookie on the production build (issue 14), as sqlmap sent it: the API, the
// pages and proxy.ts answer it exactly as they answer no cookie (401, the login screen), never a
// 500, and the log says a cookie was refused without writing the cookie.

const PORT = 3531;
const COOKIE = "canteen_session";
const LOGIN_SCREEN = "Sign in to order lunches and follow your orders.";
const dataDir = mkdtempSync(path.join(tmpdir(), "canteen-tampered-"));
let server: RunningServer;
let sealed: string;

beforeAll(async () => {
  server = await startServer(PORT, {
    PGLITE_DATA_DIR: path.join(dataDir, "pglite"),
    SESSION_SECRET: "tampered-cookie-test-secret-of-40-chars!",
    SEED_SUPERADMIN_PASSWORD: "prod-superadmin-pass",
    SEED_DEMO: "1",
  });
  const client = new HttpClient(server.url);
  const signIn = await client.call("POST", "/api/login", {
    username: "demo.parent",
    password: "demo-parent",
  });
  expect(signIn.status).toBe(200);
  sealed = client.jar.get(COOKIE)!;
  expect(sealed).toMatch(/^Fe26\.2\*/);
});

afterAll(async () => {
  await server?.stop("SIGKILL");
  rmSync(dataDir, { recursive: true, force: true });
});

/** A client whose only cookie is the session cookie `value` (none when undefined). */
function holding(value: string | undefined): HttpClient {
  const client = new HttpClient(server.url);
  if (value !== undefined) client.jar.set(COOKIE, value);
  return client;
}

/** The two variants sqlmap sent, then every named class of damage. */
const tampered = (): [name: string, value: string][] => [
  ["x<seal>", `x${sealed}`],
  ["Fe26.9*...", sealed.replace(/^Fe26\.2\*/, "Fe26.9*")],
  ...TAMPERINGS.map(([name, tamper]): [string, string] => [name, tamper(sealed)]),
];

describe("a tampered session cookie on the production build", () => {
  it("is answered by GET /api/user exactly as no cookie: 401", async () => {
    const none = await holding(undefined).call("GET", "/api/user");
    expect(none.status).toBe(401);
    for (const [name, value] of tampered()) {
      const answer = await holding(value).call("GET", "/api/user");
      expect({ name, status: answer.status, body: answer.body }).toEqual({
        name,
        status: 401,
        body: none.body,
      });
    }
    // The real cookie still works: the refusals were about the text, not the session.
    expect((await holding(sealed).call("GET", "/api/user")).status).toBe(200);
  });

  it("gets the login screen on a page, as a visitor without a cookie does, never a 500", async () => {
    const none = await holding(undefined).call<string>("GET", "/");
    expect(none.status).toBe(200);
    expect(none.body).toContain(LOGIN_SCREEN);
    for (const [name, value] of tampered()) {
      const page = await holding(value).call<string>("GET", "/");
      expect({ name, status: page.status }).toEqual({ name, status: 200 });
      expect(page.body).toContain(LOGIN_SCREEN);
    }
    // A page the proxy turns into the login screen for signed-out visitors.
    const deep = await holding(`x${sealed}`).call<string>("GET", "/settings");
    expect(deep.status).toBe(200);
    expect(deep.body).toContain(LOGIN_SCREEN);
  });

  it("logs each refusal at info with its reason and length, never the cookie's value", async () => {
    const value = `x${sealed}`;
    await holding(value).call("GET", "/api/user");
    const refusals = server.logs.filter((line) => line.msg === "session cookie refused");
    expect(refusals.length).toBeGreaterThan(0);
    expect(refusals).toContainEqual(
      expect.objectContaining({ level: "info", reason: "malformed", length: value.length }),
    );
    expect(refusals.every((line) => line.level === "info")).toBe(true);
    const output = server.output();
    // Not the seal, nor any long piece of it (salts, ciphertext, MAC).
    for (const part of sealed.split(/[*~]/).filter((p) => p.length > 8)) {
      expect(output).not.toContain(part);
    }
    expect(server.logs.filter((line) => line.level === "error")).toEqual([]);
  });
});
