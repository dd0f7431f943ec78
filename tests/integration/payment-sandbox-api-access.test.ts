import { beforeAll, describe, expect, it } from "@jest/globals";
import * as decideRoute from "@/app/api/payments/sandbox/decide/route";
import type { SchoolContext } from "@/lib/contracts/schools";
import { createSchool, testDb } from "@/tests/support/school";
import { env } from "@/lib/env";
import { createToken, verifyToken, type DpoConfig } from "@/lib/payments/dpo-client";
import {
  providerConfigFrom,
  SANDBOX_API_PATH,
  sandboxCompanyToken,
} from "@/lib/payments/provider-config";
import { signedUpParent } from "@/tests/support/fixtures";
import type { Browser } from "@/tests/support/http";
import { api3g, rawApi, sandboxFetch } from "@/tests/support/sandbox-api";

// Issue 43 §1: the sandbox's provider API took no session and checked only a company token written
// in the source, so anybody could cancel another parent's payment, read its payer's name and
// amount by its CompanyRef, replace it by re-creating that CompanyRef, or write rows without end.
// It now answers only the app's own provider client, which sends this install's secret token;
// anything else is the JSON 404 of a path that does not exist, and changes nothing.

const THE_OLD_PUBLIC_TOKEN = "SANDBOX-COMPANY-TOKEN";
const NOT_FOUND = { message: "Not found", error: "Not found" };

const client = (): DpoConfig => ({ ...providerConfigFrom(env()).client, fetchImpl: sandboxFetch });

let payer: { id: number; browser: Browser };
beforeAll(async () => {
  payer = await signedUpParent();
});

let counter = 0;
/** The payer's card payment as the app starts it: their attempt, then the token of its reference. */
async function paymentOfPayer() {
  counter += 1;
  const companyRef = `ACCESS-${counter}-${Date.now()}`;
  const db = await testDb();
  await db.paymentAttempt.create({
    data: {
      userId: payer.id,
      transactionRef: companyRef,
      paymentAmount: "87.50",
      cartItems: { lines: [], total: "87.50" },
      transactionStatus: "failed",
    },
  });
  const created = await createToken(client(), {
    amount: "87.50",
    currency: "ZMW",
    companyRef,
    redirectUrl: "http://localhost:3000/payment/success",
    backUrl: "http://localhost:3000/payment/cancel",
    customerFirstName: "Mary",
    customerLastName: "Banda",
    serviceDescription: "School lunches",
    serviceDate: "2026/11/23 10:00",
  });
  if (!created.ok) throw new Error(`createToken failed: ${JSON.stringify(created)}`);
  const row = await db.sandboxTransaction.findUniqueOrThrow({
    where: { schoolId_token: { schoolId: 1, token: created.transToken } },
  });
  return { token: created.transToken, companyRef, row };
}

/** A stranger's request answers exactly what a path that does not exist answers. */
function expectNotFound(answer: Awaited<ReturnType<typeof rawApi>>) {
  expect(answer.status).toBe(404);
  expect(answer.type).toMatch(/^application\/json/);
  expect(JSON.parse(answer.text)).toEqual(NOT_FOUND);
}

const rowOf = async (token: string) =>
  (await testDb()).sandboxTransaction.findUnique({
    where: { schoolId_token: { schoolId: 1, token } },
  });

describe("the sandbox's provider API answers only the app", () => {
  it("refuses the issue's cancelToken with 404 and cancels nothing; the payer still pays", async () => {
    const { token, row } = await paymentOfPayer();
    const answer = await rawApi(
      `<API3G><CompanyToken>${THE_OLD_PUBLIC_TOKEN}</CompanyToken><Request>cancelToken</Request>` +
        `<TransactionToken>${token}</TransactionToken></API3G>`,
    );
    expectNotFound(answer);
    expect(answer.text).not.toContain("cancelled");
    expect(await rowOf(token)).toEqual(row);

    const paid = await payer.browser.call(
      decideRoute.POST,
      "POST",
      "/api/payments/sandbox/decide",
      { body: { token, action: "pay" } },
    );
    expect(paid.status).toBe(200);
    expect(await verifyToken(client(), token)).toMatchObject({ kind: "paid", result: "000" });
  });

  it.each([
    ["the old public token", THE_OLD_PUBLIC_TOKEN],
    ["no token", undefined],
    ["an empty token", ""],
    ["the token with one character changed", `${sandboxCompanyToken().slice(0, -1)}!`],
    ["the session secret itself", env().SESSION_SECRET],
  ])("refuses verify, cancel, charge and create with %s (404)", async (_label, companyToken) => {
    const { token, companyRef, row } = await paymentOfPayer();
    const db = await testDb();
    const rowsBefore = await db.sandboxTransaction.count();
    for (const [request, fields] of [
      ["verifyToken", { CompanyRef: companyRef }],
      ["verifyToken", { TransactionToken: token }],
      ["cancelToken", { TransactionToken: token }],
      [
        "ChargeTokenMobile",
        {
          TransactionToken: token,
          PhoneNumber: "260977123456",
          MNO: "AirtelZM",
          MNOcountry: "zambia",
        },
      ],
      // The takeover of an unpaid reference, and a new row.
      ["createToken", transaction(companyRef)],
      ["createToken", transaction(`STRANGER-${counter}`)],
      ["refundToken", {}],
    ] as const) {
      const answer = await rawApi(api3g(companyToken, request, fields));
      expectNotFound(answer);
      // Nothing of the payment comes back: neither the payer's name nor the amount.
      expect(answer.text).not.toMatch(/Mary|Banda|87\.50/);
    }
    expect(await rowOf(token)).toEqual(row);
    expect(await db.sandboxTransaction.count()).toBe(rowsBefore);
  });

  it("answers anything that is not the app's API3G document with the same 404", async () => {
    expectNotFound(await rawApi("not xml"));
    expectNotFound(await rawApi("<API3G/>"));
    expectNotFound(await rawApi(`<API3G>${"x".repeat(70 * 1024)}</API3G>`));
  });

  it("still answers the app's own requests, verify by CompanyRef included", async () => {
    const { token, companyRef } = await paymentOfPayer();
    const own = await rawApi(
      api3g(sandboxCompanyToken(), "verifyToken", { CompanyRef: companyRef }),
    );
    expect(own.status).toBe(200);
    expect(own.text).toContain("<Result>900</Result>");
    expect(await verifyToken(client(), token)).toMatchObject({ kind: "pending", result: "900" });
  });

  it("sends a secret of this install, not one written in the source", () => {
    const secret = providerConfigFrom(env()).client.companyToken;
    expect(secret).toBe(sandboxCompanyToken());
    expect(secret).not.toBe(THE_OLD_PUBLIC_TOKEN);
    expect(secret.length).toBeGreaterThanOrEqual(32);
    expect(secret).not.toContain(env().SESSION_SECRET);
    // The same for every instance that shares the session secret, another for another install.
    expect(sandboxCompanyToken({ SESSION_SECRET: env().SESSION_SECRET })).toBe(secret);
    expect(sandboxCompanyToken({ SESSION_SECRET: "another install's secret, 32+ chars" })).not.toBe(
      secret,
    );
  });
});

function transaction(companyRef: string): Record<string, string> {
  return {
    PaymentAmount: "1.00",
    PaymentCurrency: "ZMW",
    CompanyRef: companyRef,
    RedirectURL: "http://localhost:3000/payment/success",
    BackURL: "http://localhost:3000/payment/cancel",
    customerFirstName: "Mallory",
  };
}

describe("each school's own sandbox (issue 45)", () => {
  const B_HOST = "http://second.localhost:3000";
  let b: SchoolContext;
  let clientB: DpoConfig;
  beforeAll(async () => {
    b = await createSchool("second");
    clientB = { ...providerConfigFrom(env(), b).client, fetchImpl: sandboxFetch };
  });

  it("is called by the server at APP_URL, with a company token naming the school", () => {
    // Like DPO, one service for the platform; the server can always reach APP_URL, while a
    // school's own host (second.localhost) may not resolve from the server at all.
    expect(clientB.apiUrl).toBe(`http://localhost:3000${SANDBOX_API_PATH}`);
    expect(clientB.companyToken).toBe(sandboxCompanyToken(env(), b.id));
    expect(clientB.companyToken).toMatch(new RegExp(`^school-${b.id}\\.`));
    expect(clientB.companyToken).not.toBe(sandboxCompanyToken());
  });

  it("answers neither school's requests with the other's token, and keeps its rows apart", async () => {
    const a = await paymentOfPayer();
    // The same CompanyRef is another school's: B makes its own transaction of it.
    const createdB = await createToken(clientB, {
      ...order(a.companyRef),
      redirectUrl: `${B_HOST}/payment/success`,
      backUrl: `${B_HOST}/payment/cancel`,
    });
    if (!createdB.ok) throw new Error(`createToken at B failed: ${JSON.stringify(createdB)}`);
    const rowB = await (
      await testDb(b.id)
    ).sandboxTransaction.findUniqueOrThrow({
      where: { schoolId_token: { schoolId: b.id, token: createdB.transToken } },
    });

    const tokenA = sandboxCompanyToken();
    for (const [request, fields] of [
      ["verifyToken", { TransactionToken: createdB.transToken }],
      ["cancelToken", { TransactionToken: createdB.transToken }],
      ["createToken", transaction(`STRANGER-B-${counter}`)],
    ] as const) {
      // A token naming B with A's secret part, and B's secret part without B's name: neither is
      // a token of this install, wherever it is sent.
      expectNotFound(await rawApi(api3g(`school-${b.id}.${tokenA}`, request, fields), B_HOST));
      expectNotFound(
        await rawApi(api3g(clientB.companyToken.replace(/^school-\d+\./, ""), request, fields)),
      );
    }
    // A's own client knows nothing of B's token, and cannot cancel it.
    expect(await verifyToken(client(), createdB.transToken)).toMatchObject({ result: "902" });
    const cancelled = await rawApi(
      api3g(tokenA, "cancelToken", { TransactionToken: createdB.transToken }),
    );
    expect(cancelled.text).toContain("<Result>999</Result>");
    expect(await verifyToken(clientB, createdB.transToken)).toMatchObject({ result: "900" });
    expect(
      await (
        await testDb(b.id)
      ).sandboxTransaction.findUnique({
        where: { schoolId_token: { schoolId: b.id, token: createdB.transToken } },
      }),
    ).toEqual(rowB);
    expect(await rowOf(a.token)).toEqual(a.row);
  });

  it("sends the payer back only to the school's own site", async () => {
    const refused = await createToken(clientB, order(`B-ELSEWHERE-${++counter}`));
    expect(refused).toMatchObject({ ok: false, kind: "declined", result: "902" });
  });
});

function order(companyRef: string) {
  return {
    amount: "12.00",
    currency: "ZMW" as const,
    companyRef,
    redirectUrl: "http://localhost:3000/payment/success",
    backUrl: "http://localhost:3000/payment/cancel",
    serviceDescription: "School lunches",
    serviceDate: "2026/11/23 10:00",
  };
}
