import { beforeAll, describe, expect, it } from "@jest/globals";
import * as decideRoute from "@/app/api/payments/sandbox/decide/route";
import * as userRoute from "@/app/api/user/route";
import type { SessionUser } from "@/lib/auth/session";
import type { SchoolContext } from "@/lib/contracts/schools";
import { defaultSchool, testDb } from "@/tests/support/school";
import { env } from "@/lib/env";
import {
  cancelToken,
  createToken,
  payPageUrl,
  sameAmount,
  sameCurrency,
  verifyToken,
  type CreateTokenInput,
  type DpoConfig,
} from "@/lib/payments/dpo-client";
import {
  providerConfigFrom,
  sandboxCompanyToken,
  SANDBOX_SERVICE_TYPE,
} from "@/lib/payments/provider-config";
import { getSandboxPayment } from "@/lib/payments/sandbox";
import { teacher } from "@/tests/support/api-access";
import { signedInSuperadmin, signedUpParent } from "@/tests/support/fixtures";
import { Browser } from "@/tests/support/http";
import { api3g, rawApi, sandboxFetch } from "@/tests/support/sandbox-api";

// The DPO client pointed at the built-in sandbox through the sandbox's real route handlers and this
// file's database: the same code path as PAYMENT_PROVIDER=sandbox, minus the HTTP hop.

function client(): DpoConfig {
  return { ...providerConfigFrom(env()).client, fetchImpl: sandboxFetch };
}

let counter = 0;
function order(overrides: Partial<CreateTokenInput> = {}): CreateTokenInput {
  counter += 1;
  return {
    amount: "150.00",
    currency: "ZMW",
    companyRef: `ATTEMPT-${counter}`,
    redirectUrl: `http://localhost:3000/payment/success?attempt=${counter}`,
    backUrl: `http://localhost:3000/payment/cancel?attempt=${counter}`,
    customerFirstName: "Mary",
    customerLastName: "Banda",
    serviceDescription: "School lunches",
    serviceDate: "2026/11/23 10:00",
    ...overrides,
  };
}

type Payer = { id: number; browser: Browser };
/** The parent whose payments this file's tokens are, unless a test says otherwise. */
let payer: Payer;
let school: SchoolContext;
beforeAll(async () => {
  school = await defaultSchool();
  payer = await signedUpParent();
});

/**
 * As the app does: the payer's attempt (its transactionRef is the CompanyRef), then the token. The
 * attempt is written as already settled so that one payer may hold many tokens here (the app
 * allows one open attempt per user); the sandbox looks only at whose attempt it is.
 */
async function newToken(overrides: Partial<CreateTokenInput> = {}, owner: Payer = payer) {
  const input = order(overrides);
  const db = await testDb();
  await db.paymentAttempt.create({
    data: {
      userId: owner.id,
      transactionRef: input.companyRef,
      paymentAmount: input.amount,
      cartItems: { lines: [], total: input.amount },
      transactionStatus: "failed",
    },
  });
  const created = await createToken(client(), input);
  if (!created.ok) throw new Error(`createToken failed: ${JSON.stringify(created)}`);
  return { input, token: created.transToken };
}

async function decide(token: string, action: string, as: Browser = payer.browser) {
  return as.call<{ redirectTo?: string; message?: string }>(
    decideRoute.POST,
    "POST",
    "/api/payments/sandbox/decide",
    { body: { token, action } },
  );
}

/** The pay page's read, as the payer (only the id is looked at). */
function asUser(owner: Payer): SessionUser {
  return { id: owner.id } as SessionUser;
}

async function sandboxStatus(token: string) {
  return (await getSandboxPayment(school, asUser(payer), token))?.status;
}

async function withProvider<T>(provider: "dpo" | "sandbox", run: () => Promise<T>): Promise<T> {
  // env() is parsed once per process; switch the cached value for this test only.
  const config = env();
  const previous = config.PAYMENT_PROVIDER;
  config.PAYMENT_PROVIDER = provider;
  try {
    return await run();
  } finally {
    config.PAYMENT_PROVIDER = previous;
  }
}

describe("payment sandbox", () => {
  it("is the default provider in tests, at this app's own addresses", () => {
    const provider = providerConfigFrom(env());
    expect(provider.sandbox).toBe(true);
    expect(provider.client.apiUrl).toBe("http://localhost:3000/api/payments/sandbox/api");
    expect(payPageUrl(provider.payUrl, "T-1")).toBe("http://localhost:3000/payment/sandbox?ID=T-1");
  });

  it("creates a token, takes the payment and verifies it as paid with the same amount", async () => {
    const { input, token } = await newToken({ amount: "245.50" });
    expect(await verifyToken(client(), token)).toMatchObject({ kind: "pending", result: "900" });
    expect(await getSandboxPayment(school, asUser(payer), token)).toMatchObject({
      amount: "245.50",
      currency: "ZMW",
      companyRef: input.companyRef,
      customer: "Mary Banda",
      status: "created",
    });

    const paid = await decide(token, "pay");
    expect(paid.status).toBe(200);
    const back = new URL(paid.body.redirectTo ?? "");
    expect(`${back.origin}${back.pathname}`).toBe("http://localhost:3000/payment/success");
    expect(back.searchParams.get("attempt")).toBe(String(counter));
    expect(back.searchParams.get("TransID")).toBe(token);
    expect(back.searchParams.get("TransactionToken")).toBe(token);
    expect(back.searchParams.get("CompanyRef")).toBe(input.companyRef);
    expect(back.searchParams.get("PnrID")).toBe(input.companyRef);
    const approval = back.searchParams.get("CCDapproval");
    expect(approval).toMatch(/^\d{10}$/);

    const verified = await verifyToken(client(), token);
    expect(verified).toMatchObject({ kind: "paid", result: "000", approval });
    if (verified.kind !== "paid") throw new Error("expected paid");
    expect(sameAmount(verified.amount, input.amount)).toBe(true);
    expect(sameCurrency(verified.currency, "ZMW")).toBe(true);
    expect(await sandboxStatus(token)).toBe("paid");
  });

  it("sends a decline to the redirect URL and verifies it as 901", async () => {
    const { input, token } = await newToken();
    const declined = await decide(token, "decline");
    expect(declined.status).toBe(200);
    const back = new URL(declined.body.redirectTo ?? "");
    expect(back.pathname).toBe("/payment/success");
    expect(back.searchParams.get("TransactionToken")).toBe(token);
    expect(back.searchParams.get("CompanyRef")).toBe(input.companyRef);
    expect(await verifyToken(client(), token)).toEqual({
      kind: "failed",
      result: "901",
      explanation: "Transaction Declined",
    });
  });

  it("sends a cancel to the back URL and verifies it as 904", async () => {
    const { input, token } = await newToken();
    const cancelled = await decide(token, "cancel");
    expect(cancelled.status).toBe(200);
    const back = new URL(cancelled.body.redirectTo ?? "");
    expect(`${back.origin}${back.pathname}`).toBe("http://localhost:3000/payment/cancel");
    expect(back.searchParams.get("attempt")).toBe(String(counter));
    expect(back.searchParams.get("TransactionToken")).toBe(token);
    expect(back.searchParams.get("CompanyRef")).toBe(input.companyRef);
    expect(back.searchParams.has("TransID")).toBe(false);
    expect(await verifyToken(client(), token)).toMatchObject({ kind: "failed", result: "904" });
  });

  it("decides once only", async () => {
    const { token } = await newToken();
    expect((await decide(token, "pay")).status).toBe(200);
    const again = await decide(token, "decline");
    expect(again.status).toBe(409);
    expect(again.body.message).toBe("This test payment is already paid.");
    expect((await verifyToken(client(), token)).kind).toBe("paid");
  });

  it("answers 902 for an unknown token and 404 on the pay page's decision", async () => {
    expect(await verifyToken(client(), "NO-SUCH-TOKEN")).toMatchObject({
      kind: "failed",
      result: "902",
    });
    expect((await decide("NO-SUCH-TOKEN", "pay")).status).toBe(404);
    expect(await getSandboxPayment(school, asUser(payer), "NO-SUCH-TOKEN")).toBeNull();
  });

  // Issue 43 §1: re-creating an unpaid CompanyRef replaced its transaction (a new token, amount,
  // addresses and name), so the payer's own token became unknown.
  it("refuses a repeated CompanyRef with 940, paid or not, and leaves its transaction as it was", async () => {
    const { input, token } = await newToken({ amount: "61.00" });
    const db = await testDb();
    const before = await db.sandboxTransaction.findUniqueOrThrow({
      where: { schoolId_token: { schoolId: 1, token } },
    });
    const refused = {
      ok: false,
      kind: "declined",
      result: "940",
      explanation: "CompanyRef already exists",
    };
    expect(
      await createToken(client(), { ...input, amount: "1.00", customerFirstName: "Mallory" }),
    ).toEqual(refused);
    expect(
      await db.sandboxTransaction.findUniqueOrThrow({
        where: { schoolId_token: { schoolId: 1, token } },
      }),
    ).toEqual(before);
    expect(await verifyToken(client(), token)).toMatchObject({ kind: "pending", result: "900" });

    await decide(token, "pay");
    expect(await createToken(client(), { ...input })).toEqual(refused);
    expect(await sandboxStatus(token)).toBe("paid");
  });

  it("cancels an open token through the API, and refuses to cancel a paid one", async () => {
    const open = await newToken();
    expect(await cancelToken(client(), open.token)).toMatchObject({ ok: true, result: "000" });
    expect(await verifyToken(client(), open.token)).toMatchObject({ result: "904" });
    expect((await decide(open.token, "pay")).status).toBe(409);

    const paid = await newToken();
    await decide(paid.token, "pay");
    expect(await cancelToken(client(), paid.token)).toMatchObject({
      ok: false,
      kind: "refused",
      result: "999",
    });
  });

  it("reports 903 once the payment time limit has passed", async () => {
    const { token } = await newToken();
    const db = await testDb();
    await db.sandboxTransaction.update({
      where: { schoolId_token: { schoolId: 1, token } },
      data: { createdAt: new Date(Date.now() - 61 * 60_000) },
    });
    expect(await verifyToken(client(), token)).toMatchObject({ kind: "failed", result: "903" });
    expect(await sandboxStatus(token)).toBe("expired");
    expect((await decide(token, "pay")).status).toBe(409);
  });

  it.each([
    ["an unsupported currency", { currency: "EUR" }, "904"],
    ["an amount over the limit", { amount: "250000.00" }, "905"],
    ["a redirect URL on another site", { redirectUrl: "https://evil.example/pay" }, "902"],
    ["a back URL that is not a URL", { backUrl: "javascript:alert(1)" }, "902"],
  ])("declines %s like DPO would", async (_label, overrides, code) => {
    const result = await createToken(client(), order(overrides as Partial<CreateTokenInput>));
    expect(result).toMatchObject({ ok: false, kind: "declined", result: code });
  });

  it("answers the app's unknown requests with 803", async () => {
    // The sandbox speaks what the app sends (refundToken too, since issue 49); DPO's other
    // requests, such as the recurring-billing ones, it does not.
    const unknown = await rawApi(api3g(sandboxCompanyToken(), "createSubscription", {}));
    expect(unknown.status).toBe(200);
    expect(unknown.type).toMatch(/^application\/xml/);
    expect(unknown.text).toContain("<Result>803</Result>");
  });

  it("keeps a customer name with XML special characters intact", async () => {
    const name = `O'Neil <Mwale> & "Sons"`;
    const { token } = await newToken({ customerFirstName: name, customerLastName: undefined });
    expect((await getSandboxPayment(school, asUser(payer), token))?.customer).toBe(name);
  });

  it("validates the pay page's decision", async () => {
    const { token } = await newToken();
    expect((await decide(token, "refund")).status).toBe(422);
    expect((await decide("", "pay")).status).toBe(422);
  });

  // Issue 22 part 9: the decision was public, so anybody holding a token (it travels in the pay
  // page's address, the return URLs and logs) could pay, decline or cancel another parent's cart.
  it.each(["pay", "decline", "cancel"])(
    "lets nobody but the payer %s the test payment, and their attempts change nothing",
    async (action) => {
      const { token } = await newToken();
      const otherParent = await signedUpParent();
      const unknown = await decide("NO-SUCH-TOKEN", action, otherParent.browser);
      for (const stranger of [otherParent.browser, await teacher()]) {
        const refused = await decide(token, action, stranger);
        // The same answer as a token that does not exist: it says nothing about this one.
        expect(refused.status).toBe(404);
        expect(refused.body).toEqual(unknown.body);
      }
      expect((await decide(token, action, new Browser())).status).toBe(401);
      const admin = await signedInSuperadmin();
      expect((await decide(token, action, admin)).status).toBe(403);

      expect(await sandboxStatus(token)).toBe("created");
      expect(await verifyToken(client(), token)).toMatchObject({ kind: "pending", result: "900" });
      // Nor does the pay page show it (amount, reference, the payer's name) to anybody else.
      expect(await getSandboxPayment(school, asUser(otherParent), token)).toBeNull();

      const own = await decide(token, action);
      expect(own.status).toBe(200);
      expect(await sandboxStatus(token)).toBe(
        { pay: "paid", decline: "declined", cancel: "cancelled" }[action],
      );
    },
  );

  it("lets a teacher decide their own payment", async () => {
    const browser = await teacher();
    const me = await browser.call<{ id: number; role: string }>(userRoute.GET, "GET", "/api/user");
    expect(me.body.role).toBe("teacher");
    const { token } = await newToken({}, { id: me.body.id, browser });
    expect((await decide(token, "pay", browser)).status).toBe(200);
    expect((await decide(token, "decline")).status).toBe(404);
  });

  it("answers 404 everywhere when the sandbox is disabled", async () => {
    const { token } = await newToken();
    await withProvider("dpo", async () => {
      const own = await rawApi(
        api3g(sandboxCompanyToken(), "verifyToken", { TransactionToken: token }),
      );
      expect(own.status).toBe(404);
      expect((await decide(token, "pay")).status).toBe(404);
      // A client still pointed at the sandbox learns nothing: unreachable, not declined.
      expect(await verifyToken(sandboxClientWhileDisabled(), token)).toMatchObject({
        kind: "unreachable",
      });
    });
    expect(await sandboxStatus(token)).toBe("created");
  });
});

/** The sandbox client as configured before the switch (providerConfigFrom(env()) now says DPO). */
function sandboxClientWhileDisabled(): DpoConfig {
  return {
    apiUrl: "http://localhost:3000/api/payments/sandbox/api",
    companyToken: sandboxCompanyToken(),
    serviceType: SANDBOX_SERVICE_TYPE,
    fetchImpl: sandboxFetch,
  };
}
