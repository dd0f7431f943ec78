import { afterAll, beforeAll, describe, expect, it } from "@jest/globals";
import { mkdtempSync, rmSync } from "node:fs";
import http from "node:http";
import { tmpdir } from "node:os";
import type { AddressInfo } from "node:net";
import path from "node:path";
import { menuTypeForGrade } from "@/lib/school-calendar";
import { createdXml } from "@/tests/support/fake-dpo";
import { HttpClient, startServer, type RunningServer } from "@/tests/production/server";

// The production build behind https (APP_URL), as a school would deploy it: its headers, its
// session cookie, the x-middleware-subrequest bypass, and a graceful stop. Embedded database.

const PORT = 3311;
// The public address: browsers reach the app there, through the TLS proxy, and send its Origin.
const APP_URL = "https://canteen.test";
const SUPERADMIN_PASSWORD = "prod-superadmin-pass";
const dataDir = mkdtempSync(path.join(tmpdir(), "canteen-prod-"));
let server: RunningServer;
let dpoDelayMs = 0;
// A stand-in for DPO that answers createToken after `dpoDelayMs`.
const dpo = http.createServer((req, res) => {
  req.resume();
  req.on("end", () => {
    setTimeout(() => {
      res.writeHead(200, { "content-type": "application/xml" });
      res.end(createdXml("SLOW-TOKEN-1", "R7654321"));
    }, dpoDelayMs);
  });
});

beforeAll(async () => {
  await new Promise<void>((resolve) => dpo.listen(0, "127.0.0.1", resolve));
  const dpoPort = (dpo.address() as AddressInfo).port;
  server = await startServer(PORT, {
    APP_URL,
    PGLITE_DATA_DIR: path.join(dataDir, "pglite"),
    SEED_SUPERADMIN_PASSWORD: SUPERADMIN_PASSWORD,
    SEED_DEMO: "1",
    PAYMENT_PROVIDER: "dpo",
    DPO_API_URL: `http://127.0.0.1:${dpoPort}/`,
    DPO_COMPANY_TOKEN: "TEST-COMPANY",
    DPO_SERVICE_TYPE: "1234",
  });
});

afterAll(async () => {
  await server?.stop("SIGKILL");
  dpo.close();
  rmSync(dataDir, { recursive: true, force: true });
});

function scriptNonces(html: string): (string | null)[] {
  return [...html.matchAll(/<script\b[^>]*>/g)].map(
    (m) => /nonce="([^"]+)"/.exec(m[0])?.[1] ?? null,
  );
}

describe("response headers", () => {
  it("gives every page a fresh script nonce, no inline scripts without it, and refuses framing", async () => {
    const client = new HttpClient(server.url, APP_URL);
    const first = await client.call<string>("GET", "/");
    const second = await client.call<string>("GET", "/");
    const csp = first.headers.get("content-security-policy") ?? "";
    const scriptSrc = csp
      .split(";")
      .map((d) => d.trim())
      .find((d) => d.startsWith("script-src"));
    expect(scriptSrc).toMatch(/'nonce-[A-Za-z0-9+/=]+'/);
    expect(scriptSrc).not.toContain("'unsafe-inline'");
    expect(scriptSrc).not.toContain("'unsafe-eval'");
    expect(csp).toContain("frame-ancestors 'none'");
    const nonce = /'nonce-([^']+)'/.exec(csp)?.[1];
    const nonces = scriptNonces(first.body);
    expect(nonces.length).toBeGreaterThan(0);
    expect(nonces.every((n) => n === nonce)).toBe(true);
    expect(second.headers.get("content-security-policy")).not.toBe(csp);

    for (const res of [first, await client.call("GET", "/api/health")]) {
      expect(res.headers.get("x-frame-options")).toBe("DENY");
      expect(res.headers.get("x-content-type-options")).toBe("nosniff");
      expect(res.headers.get("referrer-policy")).toBe("strict-origin-when-cross-origin");
      expect(res.headers.get("strict-transport-security")).toMatch(/max-age=\d{7,}/);
      expect(res.headers.get("x-powered-by")).toBeNull();
    }
  });
});

describe("session cookie in production", () => {
  it("is __Host- prefixed, Secure, HttpOnly and SameSite=Lax, for the whole site only", async () => {
    const client = new HttpClient(server.url, APP_URL);
    const login = await client.call("POST", "/api/login", {
      username: "superadmin",
      password: SUPERADMIN_PASSWORD,
    });
    expect(login.status).toBe(200);
    const cookie = client.lastSetCookies.find((c) => c.startsWith("__Host-"));
    expect(cookie).toBeDefined();
    const attributes = cookie!.split(";").map((a) => a.trim().toLowerCase());
    expect(attributes).toEqual(
      expect.arrayContaining(["secure", "httponly", "samesite=lax", "path=/"]),
    );
    expect(attributes.some((a) => a.startsWith("domain="))).toBe(false);
    expect((await client.call("GET", "/api/user")).status).toBe(200);
  });
});

describe("x-middleware-subrequest", () => {
  const variants = [
    "proxy",
    "middleware",
    "proxy:proxy:proxy:proxy:proxy",
    "middleware:middleware:middleware:middleware:middleware",
    "src/middleware:src/middleware:src/middleware:src/middleware:src/middleware",
  ];

  it.each(variants)("grants nothing to a signed-out visitor (%s)", async (value) => {
    const client = new HttpClient(server.url, APP_URL);
    const headers = { "x-middleware-subrequest": value };
    const api = await client.call("GET", "/api/order-cycles/history?page=1", undefined, headers);
    expect(api.status).toBe(401);
    const page = await client.call<string>("GET", "/settings", undefined, headers);
    expect(page.body).not.toContain("Discount Codes");
    expect(page.body).not.toContain("Order Settings");
    const user = await client.call("GET", "/api/user", undefined, headers);
    expect(user.status).toBe(401);
  });

  it("gives a signed-in parent no admin page or call", async () => {
    const parent = new HttpClient(server.url, APP_URL);
    expect(
      (
        await parent.call("POST", "/api/login", {
          username: "demo.parent",
          password: "demo-parent",
        })
      ).status,
    ).toBe(200);
    const headers = { "x-middleware-subrequest": variants[2]! };
    const page = await parent.call<string>("GET", "/settings", undefined, headers);
    expect(page.status).toBe(404);
    const api = await parent.call("GET", "/api/order-cycles/history?page=1", undefined, headers);
    expect(api.status).toBe(403);
  });
});

describe("an unknown /api path (issue 43)", () => {
  it("answers 404 with the JSON envelope for every method, signed out and signed in, never the login page", async () => {
    const parent = new HttpClient(server.url, APP_URL);
    expect(
      (
        await parent.call("POST", "/api/login", {
          username: "demo.parent",
          password: "demo-parent",
        })
      ).status,
    ).toBe(200);
    for (const client of [new HttpClient(server.url, APP_URL), parent]) {
      for (const method of ["GET", "POST", "PUT", "DELETE"]) {
        for (const pathname of ["/api/anything", "/api/orders/1/nothing", "/api"]) {
          const body = method === "GET" ? undefined : {};
          const answer = await client.call(method, pathname, body);
          expect({ method, pathname, status: answer.status, body: answer.body }).toEqual({
            method,
            pathname,
            status: 404,
            body: { message: "API endpoint not found", error: "API endpoint not found" },
          });
        }
      }
    }
    // A real handler still answers before the catch-all.
    expect((await new HttpClient(server.url, APP_URL).call("GET", "/api/user")).status).toBe(401);
  });
});

describe("graceful shutdown", () => {
  it("stops being ready at once, finishes the payment in flight, then exits cleanly", async () => {
    const parent = new HttpClient(server.url, APP_URL);
    expect(
      (
        await parent.call("POST", "/api/login", {
          username: "demo.parent",
          password: "demo-parent",
        })
      ).status,
    ).toBe(200);
    const students = await parent.call<{ id: number; grade: string }[]>("GET", "/api/students");
    const student = students.body[0]!;
    const menu = await parent.call<
      {
        id: number;
        price: string;
        discountPrice: string | null;
        type: string;
        categories: string[];
        sideDishes: string[];
      }[]
    >("GET", "/api/menu");
    const item = menu.body.find(
      (m) => !m.discountPrice && m.type === menuTypeForGrade(student.grade),
    )!;
    // The provider takes two seconds to answer: the stop signal arrives while the parent's
    // payment is being created.
    dpoDelayMs = 2000;
    const paying = parent.call<{ TransToken: string }>("POST", "/api/payments/create", {
      amount: item.price,
      cartItems: [
        {
          menuItemId: item.id,
          studentId: student.id,
          weekNumber: 3,
          dayOfWeek: 2,
          category: item.categories[0],
          sideDish: item.sideDishes[0],
        },
      ],
    });
    let settled = false;
    void paying.then(() => (settled = true));
    await new Promise((r) => setTimeout(r, 500));
    if (settled) throw new Error(`payment answered early: ${JSON.stringify(await paying)}`);
    server.process.kill("SIGTERM");
    await new Promise((r) => setTimeout(r, 300));
    const ready = await fetch(`${server.url}/api/health/ready`);
    expect(ready.status).toBe(503);

    const payment = await paying;
    expect(payment).toMatchObject({ status: 200 });
    expect(payment.body.TransToken).toBe("SLOW-TOKEN-1");
    expect(await server.stop()).toBe(0);
    const messages = server.logs.map((l) => l.msg);
    expect(messages).toEqual(
      expect.arrayContaining(["shutting down: draining requests", "stopped"]),
    );
  });
});
