import { afterAll, beforeAll, describe, expect, it } from "@jest/globals";
import { randomBytes } from "node:crypto";
import net from "node:net";
import { chromium } from "@playwright/test";
import pg from "pg";
import { HttpClient, startServer, type RunningServer } from "@/tests/production/server";

// A database outage on the production build (issue 7). The app reaches PostgreSQL through a TCP
// relay that the test can cut, as a failed database host or network would. While it is cut the API
// answers 503 with a plain message, readiness fails, and a page shows a friendly error; when it
// comes back the same instance serves again, the same session still valid, without a restart.

const baseUrl = process.env.TEST_DATABASE_URL ?? "postgresql://postgres@127.0.0.1:5432/postgres";
const upstream = new URL(baseUrl);
const dbName = `canteen_outage_${randomBytes(5).toString("hex")}`;
const RELAY_PORT = 3341;
const sockets = new Set<net.Socket>();
let relay: net.Server | null = null;
let server: RunningServer;

function openRelay(): Promise<void> {
  relay = net.createServer((client) => {
    const db = net.connect(Number(upstream.port || 5432), upstream.hostname);
    for (const s of [client, db]) {
      sockets.add(s);
      s.on("close", () => sockets.delete(s));
      s.on("error", () => s.destroy());
    }
    client.pipe(db).pipe(client);
  });
  return new Promise((resolve) => relay!.listen(RELAY_PORT, "127.0.0.1", resolve));
}

function cutRelay(): Promise<void> {
  for (const s of sockets) s.destroy();
  return new Promise((resolve) => (relay ? relay.close(() => resolve()) : resolve()));
}

async function admin(sql: string) {
  const client = new pg.Client({ connectionString: baseUrl });
  await client.connect();
  try {
    await client.query(sql);
  } finally {
    await client.end();
  }
}

beforeAll(async () => {
  if (!["127.0.0.1", "localhost", "::1"].includes(upstream.hostname)) {
    throw new Error(`Refusing to run against a non-local database (${upstream.hostname}).`);
  }
  await admin(`CREATE DATABASE "${dbName}"`);
  await openRelay();
  const url = new URL(baseUrl);
  url.host = `127.0.0.1:${RELAY_PORT}`;
  url.pathname = `/${dbName}`;
  server = await startServer(3342, {
    DATABASE_URL: url.toString(),
    DB_AUTO_SETUP: "1",
    SESSION_SECRET: randomBytes(32).toString("base64url"),
    APP_URL: "http://127.0.0.1:3342",
    SEED_DEMO: "1",
    SEED_SUPERADMIN_PASSWORD: "outage-superadmin",
    PAYMENT_PROVIDER: "sandbox",
    PAYMENT_SANDBOX_ALLOWED_IN_PRODUCTION: "true",
  });
});

afterAll(async () => {
  await server?.stop("SIGKILL");
  await cutRelay();
  await admin(`DROP DATABASE IF EXISTS "${dbName}" WITH (FORCE)`);
});

describe("the database goes away and comes back", () => {
  it("answers 503 and a friendly page while it is away, and recovers without a restart", async () => {
    const parent = new HttpClient(server.url);
    const login = await parent.call("POST", "/api/login", {
      username: "demo.parent",
      password: "demo-parent",
    });
    expect(login.status).toBe(200);
    expect((await parent.call("GET", "/api/menu")).status).toBe(200);

    await cutRelay();

    const menu = await parent.call<{ message: string }>("GET", "/api/menu");
    expect(menu.status).toBe(503);
    expect(menu.body.message).toBe(
      "The service is temporarily unavailable. Please try again in a moment.",
    );
    const order = await parent.call("POST", "/api/orders", []);
    expect(order.status).toBe(503);
    expect((await parent.call("GET", "/api/health")).status).toBe(200);
    const ready = await parent.call<{ reason: string }>("GET", "/api/health/ready");
    expect(ready.status).toBe(503);
    expect(ready.body.reason).toBe("database unreachable");
    const html = await parent.call<string>("GET", "/");
    expect(html.status).toBe(500);
    expect(html.body).not.toMatch(/ECONNREFUSED|prisma|at \S+\.js/i);
    // What the parent's phone shows: the friendly error screen with a way to try again, which
    // brings the dashboard back once the database is reachable again, without a server restart.
    const browser = await chromium.launch({
      executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
      args: ["--no-sandbox", "--disable-gpu"],
    });
    let status = 0;
    try {
      const context = await browser.newContext();
      await context.addCookies(
        [...parent.jar].map(([name, value]) => ({ name, value, url: server.url })),
      );
      const page = await context.newPage();
      await page.goto(server.url);
      await page.getByRole("heading", { name: "Something went wrong" }).waitFor();
      const tryAgain = page.getByRole("button", { name: "Try again" });
      expect(await tryAgain.isVisible()).toBe(true);

      await openRelay();

      const deadline = Date.now() + 30_000;
      while (Date.now() < deadline) {
        status = (await parent.call("GET", "/api/menu")).status;
        if (status === 200) break;
        await new Promise((r) => setTimeout(r, 500));
      }
      await tryAgain.click();
      await page.getByRole("heading", { name: "Menu Calendar" }).waitFor({ timeout: 30_000 });
    } finally {
      await browser.close();
    }
    expect(status).toBe(200);
    expect((await parent.call("GET", "/api/user")).status).toBe(200);
    expect((await parent.call("GET", "/api/health/ready")).status).toBe(200);
    expect(server.process.exitCode).toBeNull();
  });
});
