import { afterAll, beforeAll, beforeEach, describe, expect, it } from "@jest/globals";
import * as checkStatus from "@/app/api/payments/check-status/[transactionId]/route";
import * as create from "@/app/api/payments/create/route";
import * as orders from "@/app/api/orders/route";
import * as attempts from "@/app/api/payments/payment-attempts/route";
import * as update from "@/app/api/payments/payment-attempts/update/route";
import { observeQueries } from "@/lib/db";
import { testDb } from "@/tests/support/school";
import { reconcileOpenPayments } from "@/lib/payments/reconcile";
import { cycleDayDate, toIsoDate } from "@/lib/school-calendar";
import { createdXml, paidXml, resultXml, startFakeDpoProvider } from "@/tests/support/fake-dpo";
import { activeCycle, addMenuItem, signedInSuperadmin } from "@/tests/support/fixtures";
import { ordersOf, parentWithChild, verifyCall } from "@/tests/support/payment-fixtures";

// The card payment against a local fake DPO server that speaks the XML protocol. The environment
// is set before anything reads it (env() is parsed on first use, in the setup's beforeAll).
const fake = await startFakeDpoProvider();

let tokens = 0;
let meal: { id: number; name: string };

beforeAll(async () => {
  await activeCycle();
  meal = await addMenuItem({ price: "45.50", categories: [], sideDishes: [] });
});
beforeEach(() => {
  fake.reset();
  fake.onCreateToken(() => createdXml(`TOKEN-${++tokens}`));
});
afterAll(async () => fake.stop());

const line = (studentId: number, weekNumber: number, dayOfWeek: number) => ({
  menuItemId: meal.id,
  studentId,
  weekNumber,
  dayOfWeek,
});

type Created = { TransToken: string; companyRef: string; paymentUrl: string; Result: string };

async function startPayment(
  p: Awaited<ReturnType<typeof parentWithChild>>,
  days: [number, number][],
  amount?: string,
) {
  const total = (days.length * 45.5).toFixed(2);
  return p.browser.call<Created>(create.POST, "POST", "/api/payments/create", {
    body: {
      amount: amount ?? total,
      currency: "ZMW",
      cartItems: days.map(([w, d]) => line(p.child.id, w, d)),
    },
  });
}

describe("POST /api/payments/create", () => {
  it("asks the provider for the server's total in ZMW with our return addresses", async () => {
    const p = await parentWithChild();
    const answer = await startPayment(p, [
      [1, 1],
      [1, 2],
    ]);
    expect(answer.status).toBe(200);
    expect(answer.body).toMatchObject({
      Result: "000",
      TransToken: expect.stringMatching(/^TOKEN-/),
    });
    expect(answer.body.paymentUrl).toBe(
      `https://pay.example.test/payv2.php?ID=${answer.body.TransToken}`,
    );
    const [request] = fake.requestsNamed("createToken");
    expect(request?.fields).toMatchObject({
      CompanyToken: "COMPANY-TOKEN",
      PaymentAmount: "91.00",
      PaymentCurrency: "ZMW",
      CompanyRef: answer.body.companyRef,
      CompanyRefUnique: "1",
      RedirectURL: "http://localhost:3000/payment/success",
      BackURL: "http://localhost:3000/payment/cancel",
      ServiceType: "5525",
    });
    const attempt = await (
      await testDb()
    ).paymentAttempt.findUnique({
      where: { schoolId_transactionId: { schoolId: 1, transactionId: answer.body.TransToken } },
    });
    expect(attempt).toMatchObject({ transactionStatus: "initiated", status: "Payment Initiated" });
    expect(attempt?.paymentAmount.toFixed(2)).toBe("91.00");
  });

  it("refuses an amount that is not the cart's total, and never calls the provider", async () => {
    const p = await parentWithChild();
    const answer = await startPayment(p, [[1, 3]], "1.00");
    expect(answer.status).toBe(422);
    expect(answer.body).toMatchObject({ message: "Payment amount does not match cart total" });
    expect(fake.requestsNamed("createToken")).toHaveLength(0);
  });

  it("gives the same token back for the same open cart (one open transaction per user)", async () => {
    const p = await parentWithChild();
    const [a, b] = await Promise.all([startPayment(p, [[2, 1]]), startPayment(p, [[2, 1]])]);
    // Two taps at once: one starts the payment, the other is told to wait (or gets the same token).
    const ok = [a, b].filter((x) => x.status === 200);
    expect(ok.length).toBeGreaterThanOrEqual(1);
    expect([a, b].every((x) => x.status === 200 || x.status === 409)).toBe(true);
    expect(new Set(ok.map((x) => x.body.TransToken)).size).toBe(1);
    const again = await startPayment(p, [[2, 1]]);
    expect(again.body.TransToken).toBe(ok[0]!.body.TransToken);
    expect(fake.requestsNamed("createToken")).toHaveLength(1);
  });

  it("cancels the open unpaid transaction when the cart changes", async () => {
    const p = await parentWithChild();
    const first = await startPayment(p, [[2, 2]]);
    const second = await startPayment(p, [
      [2, 2],
      [2, 3],
    ]);
    expect(second.status).toBe(200);
    expect(second.body.TransToken).not.toBe(first.body.TransToken);
    expect(fake.requestsNamed("cancelToken").map((r) => r.fields.TransactionToken)).toEqual([
      first.body.TransToken,
    ]);
    const old = await (
      await testDb()
    ).paymentAttempt.findUnique({
      where: { schoolId_transactionId: { schoolId: 1, transactionId: first.body.TransToken } },
    });
    expect(old).toMatchObject({ transactionStatus: "cancelled", status: "Payment Abandoned" });
  });

  it("reports a provider refusal with its explanation and frees the slot", async () => {
    const p = await parentWithChild();
    fake.onCreateToken(() => resultXml("905", "Transaction amount exceeds limit"), { once: true });
    const refused = await startPayment(p, [[3, 1]]);
    expect(refused.status).toBe(502);
    expect(refused.body).toMatchObject({
      message: "Transaction amount exceeds limit",
      Result: "905",
    });
    expect((await startPayment(p, [[3, 1]])).status).toBe(200);
  });

  it("says 'Payment initialization failed' when the provider is unreachable", async () => {
    const p = await parentWithChild();
    fake.onCreateToken(() => ({ close: true }), { once: true });
    const answer = await startPayment(p, [[3, 2]]);
    expect(answer.status).toBe(502);
    expect(answer.body).toMatchObject({ message: "Payment initialization failed" });
  });
});

describe("statements of a first card payment", () => {
  it("checks the cart and credit, opens the attempt and records the token in five statements", async () => {
    // Session; the versions of the cycle, menu and cut-off (one query); the children, code, live
    // orders of the cart and the account's spendable credit (issue 17) in one query (issue 20);
    // the attempt's insert (no read of an open one first); the token's update. The same for a
    // cart of four days.
    const counts: number[] = [];
    for (const days of [1, 1, 4]) {
      const p = await parentWithChild();
      const statements: string[] = [];
      const stop = observeQueries((sql) => statements.push(sql));
      const answer = await startPayment(
        p,
        Array.from({ length: days }, (_, i): [number, number] => [3, 1 + i]),
      );
      stop();
      expect(answer.status).toBe(200);
      counts.push(
        statements.filter((sql) => !/^(BEGIN|COMMIT|ROLLBACK)\b/i.test(sql.trim())).length,
      );
    }
    // The first payment may load the menu into memory; the next ones are counted.
    expect(counts.slice(1)).toEqual([5, 5]);
  });

  it("replaces a parent's open card payment by a changed cart without a failed statement or a second read", async () => {
    // The open attempt is found by the insert returning no row (ON CONFLICT DO NOTHING), read once
    // and verified with that row, and closed by one update (it holds no credit); then the new
    // attempt's insert and its token's update, after the cart's three reads as above.
    const p = await parentWithChild();
    expect((await startPayment(p, [[3, 3]])).status).toBe(200);
    fake.requests.length = 0;
    const statements: string[] = [];
    const stop = observeQueries((sql) => statements.push(sql));
    const answer = await startPayment(p, [[3, 4]]);
    stop();
    expect(answer.status).toBe(200);
    expect(fake.requests.map((r) => r.name)).toEqual(["verifyToken", "cancelToken", "createToken"]);
    expect(statements.filter((sql) => /^(BEGIN|ROLLBACK)\b/i.test(sql.trim()))).toEqual([]);
    expect(statements).toHaveLength(8);
    const attempts = await (
      await testDb()
    ).paymentAttempt.findMany({
      where: { userId: p.id },
      orderBy: { id: "asc" },
      select: { transactionStatus: true },
    });
    expect(attempts.map((a) => a.transactionStatus)).toEqual(["cancelled", "initiated"]);
  });
});

describe("POST /api/payments/verify/{token}", () => {
  it("creates the paid cart's orders once, even for ten verifications at once and a replay", async () => {
    const p = await parentWithChild();
    const started = await startPayment(p, [
      [4, 1],
      [4, 2],
    ]);
    fake.onVerifyToken(() => paidXml("91.00", "ZMW"));
    const answers = await Promise.all(
      Array.from({ length: 10 }, () => verifyCall(p, started.body.TransToken)),
    );
    expect(answers.every((a) => a.status === 200 && a.body.success === true)).toBe(true);
    expect(await ordersOf(p.id)).toHaveLength(2);
    const replay = await verifyCall(p, started.body.TransToken);
    expect(replay.body).toMatchObject({ success: true, message: "Transaction Paid" });
    const orders = await ordersOf(p.id);
    expect(orders).toHaveLength(2);
    expect(
      orders.every((o) => o.paymentStatus === "confirmed" && o.paymentProcessor === "DPO"),
    ).toBe(true);
    const attempt = await (
      await testDb()
    ).paymentAttempt.findUnique({
      where: { schoolId_transactionId: { schoolId: 1, transactionId: started.body.TransToken } },
    });
    expect(attempt).toMatchObject({
      transactionStatus: "verified",
      status: "Orders created successfully",
    });
    const mail = await (
      await testDb()
    ).emailOutbox.count({ where: { to: p.email!, subject: { startsWith: "Order confirmation" } } });
    expect(mail).toBe(1);
  });

  it("answers the payer with a receipt, whose reference Order History shows (issue 24 §4)", async () => {
    const p = await parentWithChild("Bwalya");
    const started = await startPayment(p, [
      [4, 2],
      [4, 1],
    ]);
    fake.onVerifyToken(() => paidXml("91.00", "ZMW"));
    const answer = await verifyCall(p, started.body.TransToken);
    const cycle = await (await testDb()).orderCycle.findFirstOrThrow({ where: { isActive: true } });
    const day = (w: number, d: number) => cycleDayDate(toIsoDate(cycle.startDate), w, d);
    expect(answer.body.receipt).toEqual({
      reference: started.body.companyRef,
      total: "91.00",
      lines: [
        expect.objectContaining({
          studentName: "Bwalya",
          weekNumber: 4,
          dayOfWeek: 1,
          date: day(4, 1),
          meal: meal.name,
          amount: "45.50",
        }),
        expect.objectContaining({
          studentName: "Bwalya",
          weekNumber: 4,
          dayOfWeek: 2,
          date: day(4, 2),
          meal: meal.name,
          amount: "45.50",
        }),
      ],
    });
    const history = await p.browser.call<{ paymentReference: string | null }[]>(
      orders.GET,
      "GET",
      "/api/orders",
      { query: { includeAll: "true" } },
    );
    expect(history.body.map((o) => o.paymentReference)).toEqual([
      started.body.companyRef,
      started.body.companyRef,
    ]);
  });

  it("creates nothing when the provider reports another amount or currency", async () => {
    for (const [amount, currency] of [
      ["1.00", "ZMW"],
      ["45.50", "USD"],
    ] as const) {
      const p = await parentWithChild();
      const started = await startPayment(p, [[4, 3]]);
      fake.onVerifyToken(() => paidXml(amount, currency), { once: true });
      const answer = await verifyCall(p, started.body.TransToken);
      expect(answer.body.success).toBe(false);
      expect(await ordersOf(p.id)).toHaveLength(0);
    }
  });

  it("keeps 900 pending, fails 901 with the reason, and treats an unreachable provider as not a decline", async () => {
    const p = await parentWithChild();
    const started = await startPayment(p, [[4, 4]]);
    const token = started.body.TransToken;
    const db = await testDb();

    fake.onVerifyToken(() => ({ close: true }), { once: true });
    const down = await verifyCall(p, token);
    expect(down.body).toMatchObject({ success: false, TransactionStatus: "pending" });
    expect(
      (
        await db.paymentAttempt.findUnique({
          where: { schoolId_transactionId: { schoolId: 1, transactionId: token } },
        })
      )?.transactionStatus,
    ).toBe("initiated");

    fake.onVerifyToken(() => resultXml("900", "Transaction not paid yet"), { once: true });
    expect((await verifyCall(p, token)).body).toMatchObject({
      success: false,
      TransactionStatus: "pending",
    });

    fake.onVerifyToken(() => resultXml("802", "Company token does not exist"), { once: true });
    expect((await verifyCall(p, token)).body).toMatchObject({
      success: false,
      TransactionStatus: "pending",
    });
    expect(
      (
        await db.paymentAttempt.findUnique({
          where: { schoolId_transactionId: { schoolId: 1, transactionId: token } },
        })
      )?.transactionStatus,
    ).toBe("initiated");

    fake.onVerifyToken(() => resultXml("901", "Transaction Declined"), { once: true });
    const declined = await verifyCall(p, token);
    expect(declined.body).toMatchObject({
      success: false,
      TransactionStatus: "failed",
      Result: "901",
    });
    const attempt = await db.paymentAttempt.findUnique({
      where: { schoolId_transactionId: { schoolId: 1, transactionId: token } },
    });
    expect(attempt).toMatchObject({ transactionStatus: "failed", status: "Payment Failed" });
    expect(attempt?.errorDetails).toContain("Transaction Declined");
    expect(await ordersOf(p.id)).toHaveLength(0);
  });

  it("answers 404 for another user's token, and asks the provider nothing", async () => {
    const owner = await parentWithChild();
    const other = await parentWithChild();
    const started = await startPayment(owner, [[3, 3]]);
    const answer = await verifyCall(other, started.body.TransToken);
    expect(answer.status).toBe(404);
    expect(fake.requestsNamed("verifyToken")).toHaveLength(0);
    const recorded = await other.browser.call(
      attempts.POST,
      "POST",
      "/api/payments/payment-attempts",
      {
        body: { transactionId: started.body.TransToken },
      },
    );
    expect(recorded.status).toBe(404);
  });
});

describe("reports from the browser", () => {
  it("cancels an unpaid transaction at the provider when the parent cancelled", async () => {
    const p = await parentWithChild();
    const started = await startPayment(p, [[3, 4]]);
    fake.onVerifyToken(() => resultXml("900", "Transaction not paid yet"));
    const answer = await p.browser.call(
      update.POST,
      "POST",
      "/api/payments/payment-attempts/update",
      {
        body: {
          transactionId: started.body.TransToken,
          transactionStatus: "cancelled",
          errorDetails: "Back button",
        },
      },
    );
    expect(answer.body).toMatchObject({ TransactionStatus: "cancelled" });
    expect(fake.requestsNamed("cancelToken")).toHaveLength(1);
  });

  it("still turns a paid transaction into orders when the browser claims it failed", async () => {
    const p = await parentWithChild();
    const started = await startPayment(p, [[3, 5]]);
    fake.onVerifyToken(() => paidXml("45.50", "ZMW"));
    await p.browser.call(update.POST, "POST", "/api/payments/payment-attempts/update", {
      body: { transactionId: started.body.TransToken, transactionStatus: "failed" },
    });
    expect(await ordersOf(p.id)).toHaveLength(1);
  });
});

describe("reconciliation", () => {
  it("turns a payment whose tab was closed into orders on the next sweep, once", async () => {
    const p = await parentWithChild();
    const started = await startPayment(p, [[2, 4]]);
    const db = await testDb();
    await db.$executeRaw`UPDATE "PaymentAttempt" SET "updatedAt" = now() - interval '10 minutes' WHERE "schoolId" = 1 AND "transactionId" = ${started.body.TransToken}`;
    fake.onVerifyToken((token) =>
      token === started.body.TransToken ? paidXml("45.50", "ZMW") : resultXml("900", "Not paid"),
    );
    await Promise.all([reconcileOpenPayments(), reconcileOpenPayments()]);
    expect(await ordersOf(p.id)).toHaveLength(1);
    expect(
      fake
        .requestsNamed("verifyToken")
        .filter((r) => r.fields.TransactionToken === started.body.TransToken),
    ).toHaveLength(1);
  });

  it("lets an admin with live orders check a payment ('PAID')", async () => {
    const p = await parentWithChild();
    const started = await startPayment(p, [[2, 5]]);
    fake.onVerifyToken(() => paidXml("45.50", "ZMW"));
    const admin = await signedInSuperadmin();
    const answer = await admin.call(checkStatus.POST, "POST", "/x", {
      params: { transactionId: started.body.TransToken },
    });
    expect(answer.body).toMatchObject({ success: true, status: "PAID" });
    expect(await ordersOf(p.id)).toHaveLength(1);
    const parentTry = await p.browser.call(checkStatus.POST, "POST", "/x", {
      params: { transactionId: started.body.TransToken },
    });
    expect(parentTry.status).toBe(403);
  });
});
