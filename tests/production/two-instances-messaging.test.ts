import { afterAll, beforeAll, describe, expect, it } from "@jest/globals";
import { randomBytes } from "node:crypto";
import pg from "pg";
import { FakeAfricasTalking } from "@/tests/support/fake-africastalking";
import { cartOf, registeredParent, twoMeals, type CrowdParent } from "@/tests/production/crowd";
import { startServer, type RunningServer, withAdminClient } from "@/tests/production/server";

// Issue 48's outbox on two production instances sharing one PostgreSQL, each sweeping every
// second and each kicking the outbox after the payments it takes. Africa's Talking (a local fake
// speaking its HTTP) is down while a crowd of parents pays: every confirmation SMS is tried, fails
// with 503 and waits for its back-off. When the provider is back, the two instances together send
// every text exactly once, and the delivery reports, posted to either instance and then again to
// the other, mark each one delivered once.

const PARENTS = 10;
const CALLBACK_SECRET = randomBytes(16).toString("hex");
const baseUrl = process.env.TEST_DATABASE_URL ?? "postgresql://postgres@127.0.0.1:5432/postgres";
const dbUrl = new URL(baseUrl);
dbUrl.pathname = `/canteen_sms_${randomBytes(5).toString("hex")}`;

const at = new FakeAfricasTalking();
let a: RunningServer;
let b: RunningServer;
let db: pg.Client;

const admin = <T>(run: (client: pg.Client) => Promise<T>) => withAdminClient(baseUrl, run);

beforeAll(async () => {
  const host = new URL(baseUrl).hostname;
  if (!["127.0.0.1", "localhost", "::1"].includes(host)) {
    throw new Error(`Refusing to run against a non-local database (${host}).`);
  }
  await at.start();
  await admin((c) => c.query(`CREATE DATABASE "${dbUrl.pathname.slice(1)}"`));
  const common = {
    DATABASE_URL: dbUrl.toString(),
    SESSION_SECRET: randomBytes(32).toString("base64url"),
    APP_URL: "http://127.0.0.1:3331",
    PAYMENT_PROVIDER: "sandbox",
    PAYMENT_SANDBOX_ALLOWED_IN_PRODUCTION: "true",
    SEED_SUPERADMIN_PASSWORD: "sms-superadmin",
    SEED_DEMO: "1",
    SWEEP_INTERVAL_SECONDS: "1",
    SMS_PROVIDER: "africastalking",
    AT_USERNAME: at.username,
    AT_API_KEY: at.apiKey,
    AT_API_URL: at.url,
    AT_CALLBACK_SECRET: CALLBACK_SECRET,
    MESSAGING_TIMEOUT_MS: "3000",
  };
  a = await startServer(3331, { ...common, DB_AUTO_SETUP: "1" });
  b = await startServer(3332, { ...common, DB_AUTO_SETUP: "0" });
  db = new pg.Client({ connectionString: dbUrl.toString() });
  await db.connect();
});

afterAll(async () => {
  await db?.end();
  await Promise.all([a?.stop(), b?.stop()]);
  await at.stop();
  await admin((c) => c.query(`DROP DATABASE IF EXISTS "${dbUrl.pathname.slice(1)}" WITH (FORCE)`));
});

const phoneOf = (i: number) => `+26097700${String(1000 + i)}`;

/** Proves the parent's phone with the code the fake provider received. */
async function provePhone(parent: CrowdParent, phone: string) {
  const sent = await parent.client.call("POST", "/api/account/phone/verify", { phone });
  expect(sent.status).toBe(200);
  const deadline = Date.now() + 30_000;
  let code: string | undefined;
  while (!code) {
    if (Date.now() > deadline) throw new Error(`no code reached ${phone}`);
    const text = at.messages.find((m) => m.to === phone)?.message ?? "";
    code = /\b(\d{6})\b/.exec(text)?.[1];
    if (!code) await new Promise((r) => setTimeout(r, 200));
  }
  const confirmed = await parent.client.call("POST", "/api/account/phone/confirm", { code });
  expect(confirmed.status).toBe(200);
}

type SmsRow = {
  id: number;
  to: string;
  status: string;
  attempts: number;
  providerMessageId: string | null;
  lastError: string | null;
};

/** The payment confirmations' outbox rows (the phone codes were erased once sent). */
async function confirmationRows(): Promise<SmsRow[]> {
  const { rows } = await db.query<SmsRow>(
    `SELECT id, "to", status::text AS status, attempts, "providerMessageId", "lastError"
     FROM "EmailOutbox" WHERE channel = 'sms' AND kind = 'payments' ORDER BY id`,
  );
  return rows;
}

async function waitFor(what: string, done: (rows: SmsRow[]) => boolean, ms = 150_000) {
  const deadline = Date.now() + ms;
  for (;;) {
    const rows = await confirmationRows();
    if (done(rows)) return rows;
    if (Date.now() > deadline) {
      const events = [...a.logs, ...b.logs].filter((l) => l.level !== "info");
      throw new Error(`${what}: ${JSON.stringify(rows)} ${JSON.stringify(events.slice(-10))}`);
    }
    await new Promise((r) => setTimeout(r, 500));
  }
}

describe("the outbox on two instances on one PostgreSQL", () => {
  it("sends each parent's payment text exactly once after the provider's outage, and records each delivery once", async () => {
    const servers = [a, b];
    const parents = await Promise.all(
      Array.from({ length: PARENTS }, (_, i) => registeredParent(i, servers[i % 2]!)),
    );
    for (const [i, parent] of parents.entries()) await provePhone(parent, phoneOf(i));
    const { items, amount } = await twoMeals(parents[0]!);

    // The provider is down: every request is answered 503.
    at.every(() => ({ status: 503, body: "Service Unavailable", contentType: "text/plain" }));
    const outageStart = at.requests.length;
    await Promise.all(
      parents.map(async (parent, i) => {
        const here = servers[i % 2]!;
        const there = servers[(i + 1) % 2]!;
        const created = await parent.client
          .use(here.url)
          .call<{ TransToken: string }>("POST", "/api/payments/create", {
            amount,
            cartItems: cartOf(parent, items, 1 + (i % 5)),
          });
        expect(created.status).toBe(200);
        const token = created.body.TransToken;
        const paid = await parent.client
          .use(there.url)
          .call("POST", "/api/payments/sandbox/decide", { token, action: "pay" });
        expect(paid.status).toBe(200);
        const verified = await parent.client
          .use(here.url)
          .call("POST", `/api/payments/verify/${token}`);
        expect(verified.status).toBe(200);
      }),
    );
    // Every confirmation was queued, tried and refused, and waits for its back-off.
    await waitFor(
      "every confirmation tried during the outage",
      (rows) =>
        rows.length === PARENTS &&
        rows.every((r) => r.status === "pending" && r.attempts >= 1 && r.lastError !== null),
    );
    expect(at.requests.length).toBeGreaterThan(outageStart);
    expect(at.messages.filter((m) => /booked/.test(m.message))).toEqual([]);

    // The provider is back: the next tries (30 s later) succeed, on whichever instance.
    at.every(() => undefined);
    const sent = await waitFor("every confirmation sent", (rows) =>
      rows.every((r) => r.status === "sent"),
    );
    const texts = at.messages.filter((m) => /booked/.test(m.message));
    expect(texts.map((m) => m.to).sort()).toEqual(parents.map((_, i) => phoneOf(i)).sort());
    expect(new Set(sent.map((r) => r.providerMessageId)).size).toBe(PARENTS);
    expect(sent.map((r) => r.providerMessageId).sort()).toEqual(
      texts.map((m) => m.messageId).sort(),
    );
    expect(sent.every((r) => r.attempts >= 2)).toBe(true);

    // Delivery reports to one instance, then the same reports again to the other.
    const callback = (server: RunningServer) =>
      `${server.url}/api/webhooks/sms/africastalking/${CALLBACK_SECRET}`;
    for (const [k, text] of texts.entries()) {
      const report = FakeAfricasTalking.deliveryReport(text.messageId, "Success", {
        phoneNumber: text.to,
      });
      expect((await FakeAfricasTalking.post(callback(servers[k % 2]!), report)).status).toBe(200);
    }
    for (const [k, text] of texts.entries()) {
      const again = FakeAfricasTalking.deliveryReport(text.messageId, "Failed", {
        phoneNumber: text.to,
        failureReason: "DeliveryFailure",
      });
      expect((await FakeAfricasTalking.post(callback(servers[(k + 1) % 2]!), again)).status).toBe(
        200,
      );
    }
    const unknown = FakeAfricasTalking.deliveryReport("ATXid_never_sent", "Success");
    expect((await FakeAfricasTalking.post(callback(b), unknown)).status).toBe(200);
    const delivered = await confirmationRows();
    expect(delivered.map((r) => r.status)).toEqual(Array(PARENTS).fill("delivered"));
    expect(texts).toHaveLength(PARENTS);
  });
});
