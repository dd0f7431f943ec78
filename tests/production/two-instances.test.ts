import { afterAll, beforeAll, describe, expect, it } from "@jest/globals";
import { randomBytes } from "node:crypto";
import pg from "pg";
import { cartOf, registeredParent, twoMeals } from "@/tests/production/crowd";
import {
  HttpClient,
  startServer,
  type RunningServer,
  withAdminClient,
} from "@/tests/production/server";

// Two production instances on one PostgreSQL, as a school behind a load balancer would run them.
// A crowd of parents registers, orders and pays by card across both at once, each step landing on
// whichever instance: every order exists exactly once, sessions work on both, the login limit is
// shared, and the reconciliation sweep settles each forgotten payment on exactly one instance.

const PARENTS = 24;
const SECRET = randomBytes(32).toString("base64url");
const baseUrl = process.env.TEST_DATABASE_URL ?? "postgresql://postgres@127.0.0.1:5432/postgres";
const dbUrl = new URL(baseUrl);
dbUrl.pathname = `/canteen_multi_${randomBytes(5).toString("hex")}`;
const DATABASE_URL = dbUrl.toString();

let a: RunningServer;
let b: RunningServer;
let db: pg.Client;

const admin = <T>(run: (client: pg.Client) => Promise<T>) => withAdminClient(baseUrl, run);

const common = {
  DATABASE_URL,
  SESSION_SECRET: SECRET,
  APP_URL: "http://127.0.0.1:3321",
  PAYMENT_PROVIDER: "sandbox",
  PAYMENT_SANDBOX_ALLOWED_IN_PRODUCTION: "true",
  SEED_SUPERADMIN_PASSWORD: "multi-superadmin",
  SEED_DEMO: "1",
  SWEEP_INTERVAL_SECONDS: "2",
  RECONCILE_AFTER_SECONDS: "1",
};

beforeAll(async () => {
  const host = new URL(baseUrl).hostname;
  if (!["127.0.0.1", "localhost", "::1"].includes(host)) {
    throw new Error(`Refusing to run against a non-local database (${host}).`);
  }
  await admin((c) => c.query(`CREATE DATABASE "${dbUrl.pathname.slice(1)}"`));
  // The first instance migrates and seeds (as a deploy step would); the second only connects.
  a = await startServer(3321, { ...common, DB_AUTO_SETUP: "1" });
  b = await startServer(3322, { ...common, DB_AUTO_SETUP: "0" });
  db = new pg.Client({ connectionString: DATABASE_URL });
  await db.connect();
});

afterAll(async () => {
  await db?.end();
  await Promise.all([a?.stop(), b?.stop()]);
  await admin((c) => c.query(`DROP DATABASE IF EXISTS "${dbUrl.pathname.slice(1)}" WITH (FORCE)`));
});

describe("two instances on one PostgreSQL", () => {
  it("takes a crowd of card payments across both: every order once, and the sweep settles the forgotten ones once", async () => {
    const servers = [a, b];
    const parents = await Promise.all(
      Array.from({ length: PARENTS }, (_, i) => registeredParent(i, servers[i % 2]!)),
    );

    // Sessions made on one instance work on the other.
    for (const parent of parents.slice(0, 4)) {
      for (const server of servers) {
        expect((await parent.client.use(server.url).call("GET", "/api/user")).status).toBe(200);
      }
    }

    const { items, amount } = await twoMeals(parents[0]!);

    const forgotten = new Set<number>();
    await Promise.all(
      parents.map(async (parent, i) => {
        const cartItems = cartOf(parent, items, 1 + (i % 5));
        const here = servers[i % 2]!;
        const there = servers[(i + 1) % 2]!;
        // The same cart sent to both instances at once (a double tap): one open payment.
        const [first, second] = await Promise.all([
          parent.client.use(here.url).call<{ TransToken: string }>("POST", "/api/payments/create", {
            amount,
            cartItems,
          }),
          new HttpClient(there.url).call("GET", "/api/health"),
        ]);
        if (first.status !== 200) throw new Error(`create: ${JSON.stringify(first.body)}`);
        expect(second.status).toBe(200);
        const again = await parent.client
          .use(there.url)
          .call<{ TransToken: string }>("POST", "/api/payments/create", { amount, cartItems });
        expect(again.body.TransToken).toBe(first.body.TransToken);
        const token = first.body.TransToken;

        // The payer decides on the sandbox's pay page (only the payer may).
        const paid = await parent.client
          .use(there.url)
          .call("POST", "/api/payments/sandbox/decide", { token, action: "pay" });
        expect(paid.status).toBe(200);
        if (i % 4 === 3) {
          // Closed the tab after paying: only the sweep can finish this one.
          forgotten.add(parent.userId);
          return;
        }
        // The return page verifies on one instance while a retry lands on the other.
        const answers = await Promise.all(
          [here, there, here, there].map((server) =>
            parent.client.use(server.url).call("POST", `/api/payments/verify/${token}`),
          ),
        );
        for (const answer of answers) expect(answer.status).toBe(200);
      }),
    );

    // The forgotten payments are settled by the sweep within a few of its 2-second rounds.
    const deadline = Date.now() + 150_000;
    for (;;) {
      const { rows } = await db.query<{ n: string }>(
        `SELECT count(*) AS n FROM "PaymentAttempt" WHERE "fulfilledAt" IS NULL`,
      );
      if (Number(rows[0]!.n) === 0) break;
      if (Date.now() > deadline) {
        const open = await db.query(
          `SELECT id, "transactionStatus", status, "errorDetails", "reconcileLeaseUntil"
           FROM "PaymentAttempt" WHERE "fulfilledAt" IS NULL`,
        );
        const events = [...a.logs, ...b.logs].filter((l) => l.level !== "info");
        throw new Error(
          `${rows[0]!.n} payments never settled: ${JSON.stringify(open.rows)} ${JSON.stringify(events)}`,
        );
      }
      await new Promise((r) => setTimeout(r, 1000));
    }

    const perDay = await db.query<{ n: string }>(
      `SELECT count(*) AS n FROM "Order" GROUP BY "studentId", "cycleId", "weekNumber", "dayOfWeek"`,
    );
    expect(perDay.rows.every((r) => Number(r.n) === 1)).toBe(true);
    const total = await db.query<{ n: string }>(`SELECT count(*) AS n FROM "Order"`);
    expect(Number(total.rows[0]!.n)).toBe(PARENTS * items.length);
    const attempts = await db.query<{
      id: number;
      userId: number;
      orders: string;
      isRecovered: boolean;
    }>(
      `SELECT a.id, a."userId", a."isRecovered", count(o.id) AS orders FROM "PaymentAttempt" a
       LEFT JOIN "Order" o ON o."schoolId" = a."schoolId" AND o."paymentAttemptId" = a.id
       GROUP BY a."schoolId", a.id`,
    );
    expect(attempts.rows).toHaveLength(PARENTS);
    expect(attempts.rows.every((r) => Number(r.orders) === items.length)).toBe(true);

    // Each forgotten payment was settled by exactly one instance's sweep (which may also have
    // beaten a parent's own return page to some of the others: each still settled once).
    const settled = [...a.logs, ...b.logs].filter((l) => l.msg === "payment reconciled");
    const forgottenAttempts = attempts.rows.filter((r) => forgotten.has(r.userId));
    expect(forgottenAttempts).toHaveLength(forgotten.size);
    const settledIds = settled.map((l) => l.attemptId);
    expect(new Set(settledIds).size).toBe(settledIds.length);
    expect(settledIds).toEqual(expect.arrayContaining(forgottenAttempts.map((r) => r.id)));
    expect(forgottenAttempts.every((r) => r.isRecovered)).toBe(true);
  });

  it("shares the login limit: failures on either instance count together", async () => {
    const { username } = await registeredParent(99, a);
    const servers = [a, b];
    const statuses: number[] = [];
    for (let i = 0; i < 11; i++) {
      const res = await new HttpClient(servers[i % 2]!.url).call("POST", "/api/login", {
        username,
        password: "not-the-password",
      });
      statuses.push(res.status);
    }
    // Ten failures in all are allowed per account; the eleventh is refused on either instance.
    expect(statuses.slice(0, 10).every((s) => s === 401)).toBe(true);
    expect(statuses[10]).toBe(429);
    const right = await new HttpClient(b.url).call("POST", "/api/login", {
      username,
      password: "crowd-pass-1",
    });
    expect(right.status).toBe(429);
  });

  it("ends a session everywhere: logging out on one instance makes the cookie useless on the other", async () => {
    const parent = await registeredParent(100, a);
    const replay = new HttpClient(b.url);
    for (const [k, v] of parent.client.jar) replay.jar.set(k, v);
    expect((await replay.call("GET", "/api/user")).status).toBe(200);
    expect((await parent.client.use(a.url).call("POST", "/api/logout")).status).toBe(200);
    expect((await replay.call("GET", "/api/user")).status).toBe(401);
  });
});
