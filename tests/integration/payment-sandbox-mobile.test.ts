import { afterAll, beforeAll, describe, expect, it } from "@jest/globals";
import { NextRequest } from "next/server";
import { getGlobalDispatcher, MockAgent, setGlobalDispatcher } from "undici";
import * as create from "@/app/api/payments/create/route";
import * as sandboxApi from "@/app/api/payments/sandbox/api/route";
import * as decideRoute from "@/app/api/payments/sandbox/decide/route";
import * as update from "@/app/api/payments/payment-attempts/update/route";
import * as mobileSettings from "@/app/api/settings/mobile-money/route";
import type { SessionUser } from "@/lib/auth/session";
import { SANDBOX_API_PATH, sandboxCompanyToken } from "@/lib/payments/provider-config";
import { getSandboxPushes } from "@/lib/payments/sandbox";
import { SANDBOX_REFUSED_EXPLANATION } from "@/lib/payments/sandbox-mobile";
import { activeCycle, addMenuItem, signedInSuperadmin } from "@/tests/support/fixtures";
import {
  ordersOf,
  parentWithChild,
  verifyCall,
  type PayingParent,
} from "@/tests/support/payment-fixtures";
import { api3g } from "@/tests/support/sandbox-api";
import { defaultSchool } from "@/tests/support/school";
import type { SchoolContext } from "@/lib/contracts/schools";

// Mobile money through the built-in sandbox (PAYMENT_PROVIDER=sandbox, the tests' default): the
// app's own DPO client pushes to the sandbox's XML endpoint, the test page's Approve and Decline
// decide, and verifyToken settles, as in development with no network.

const SANDBOX_API = `http://localhost:3000${SANDBOX_API_PATH}`;
/**
 * The server's calls to the sandbox at APP_URL (lib/payments/dpo-transport.ts, undici's request),
 * answered in-process by its route handler: undici's own MockAgent, other addresses untouched.
 */
const realDispatcher = getGlobalDispatcher();
const mockAgent = new MockAgent();
mockAgent.enableNetConnect();
mockAgent
  .get("http://localhost:3000")
  .intercept({ path: SANDBOX_API_PATH, method: "POST" })
  .reply((request) => ({
    statusCode: 200,
    responseOptions: { headers: { "content-type": "text/xml; charset=utf-8" } },
    data: sandboxApi
      .POST(
        new NextRequest(SANDBOX_API, {
          method: "POST",
          headers: { ...(request.headers as Record<string, string>), host: "localhost:3000" },
          body: request.body as string,
        }),
      )
      .then((answer) => answer.text()),
  }))
  .persist();
setGlobalDispatcher(mockAgent);
afterAll(async () => {
  setGlobalDispatcher(realDispatcher);
  await mockAgent.close();
});

let meal: { id: number };
let school: SchoolContext;
beforeAll(async () => {
  school = await defaultSchool();
  await activeCycle();
  meal = await addMenuItem({ price: "30.00", categories: [], sideDishes: [] });
  const admin = await signedInSuperadmin();
  const saved = await admin.call(mobileSettings.POST, "POST", "/api/settings/mobile-money", {
    body: { enabled: true, operators: { airtel: true, mtn: true } },
  });
  expect(saved.status).toBe(200);
});

type Parent = PayingParent & { user: SessionUser };
async function payer(): Promise<Parent> {
  const parent = await parentWithChild("Mwila");
  return { ...parent, user: { id: parent.id } as SessionUser };
}

const pay = (p: Parent, day: number, mobileNumber = "0977123456") =>
  p.browser.call<{ TransToken: string; instructions: string; message?: string; Code?: string }>(
    create.POST,
    "POST",
    "/api/payments/create",
    {
      body: {
        amount: "30.00",
        paymentMethod: "MOBILE",
        mobileNumber,
        cartItems: [{ menuItemId: meal.id, studentId: p.child.id, weekNumber: 1, dayOfWeek: day }],
      },
    },
  );
const decide = (p: Parent, token: string, action: "pay" | "decline") =>
  p.browser.call(decideRoute.POST, "POST", "/api/payments/sandbox/decide", {
    body: { token, action },
  });

describe("mobile money through the sandbox", () => {
  it("lists the push on the payer's test page; Approve makes the orders", async () => {
    const p = await payer();
    const started = await pay(p, 1);
    expect(started.status).toBe(200);
    expect(started.body.instructions).toMatch(/\/payment\/sandbox\/mobile/);
    const pushes = await getSandboxPushes(school, p.user);
    expect(pushes).toEqual([
      expect.objectContaining({
        token: started.body.TransToken,
        amount: "30.00",
        mobileNumber: "097****456",
        mno: "AirtelZM",
      }),
    ]);
    expect((await verifyCall(p, started.body.TransToken)).body.TransactionStatus).toBe("pending");
    expect((await decide(p, started.body.TransToken, "pay")).status).toBe(200);
    expect((await verifyCall(p, started.body.TransToken)).body.success).toBe(true);
    expect(await ordersOf(p.id)).toHaveLength(1);
    expect(await getSandboxPushes(school, p.user)).toEqual([]);
  });

  it("Decline is verified as 901", async () => {
    const p = await payer();
    const started = await pay(p, 2, "+260 96 000 1234");
    expect((await decide(p, started.body.TransToken, "decline")).status).toBe(200);
    expect((await verifyCall(p, started.body.TransToken)).body).toMatchObject({
      success: false,
      Result: "901",
      TransactionStatus: "failed",
    });
    expect(await ordersOf(p.id)).toHaveLength(0);
  });

  it("refuses a push to a number ending in six zeros, and takes the corrected one", async () => {
    const p = await payer();
    const refused = await pay(p, 3, "0977000000");
    expect(refused.status).toBe(502);
    expect(refused.body).toMatchObject({ message: SANDBOX_REFUSED_EXPLANATION, Code: "999" });
    expect(await getSandboxPushes(school, p.user)).toEqual([]);
    const corrected = await pay(p, 3, "0977111222");
    expect(corrected.status).toBe(200);
    expect(corrected.body.TransToken).toBe(refused.body.TransToken);
    expect((await getSandboxPushes(school, p.user)).map((x) => x.mobileNumber)).toEqual([
      "097****222",
    ]);
  });

  it("shows nobody else the push, and lets nobody else decide it", async () => {
    const owner = await payer();
    const other = await payer();
    const started = await pay(owner, 4);
    expect(await getSandboxPushes(school, other.user)).toEqual([]);
    expect((await decide(other, started.body.TransToken, "pay")).status).toBe(404);
  });

  it("Cancel closes the push: it leaves the test page and cannot be approved", async () => {
    const p = await payer();
    const started = await pay(p, 5);
    const cancelled = await p.browser.call(
      update.POST,
      "POST",
      "/api/payments/payment-attempts/update",
      { body: { transactionId: started.body.TransToken, transactionStatus: "cancelled" } },
    );
    expect(cancelled.body).toMatchObject({ TransactionStatus: "cancelled" });
    expect(await getSandboxPushes(school, p.user)).toEqual([]);
    expect((await decide(p, started.body.TransToken, "pay")).status).toBe(409);
    expect(await ordersOf(p.id)).toHaveLength(0);
  });
});

describe("the sandbox's ChargeTokenMobile", () => {
  const push = async (fields: Record<string, string>) => {
    // As the app's own provider client sends it: with this install's sandbox company token.
    const body = api3g(sandboxCompanyToken(), "ChargeTokenMobile", fields);
    const res = await sandboxApi.POST(new NextRequest(SANDBOX_API, { method: "POST", body }));
    return res.text();
  };
  const all = { PhoneNumber: "260977123456", MNO: "AirtelZM", MNOcountry: "zambia" };

  it("answers DPO's Code and Explanation for a missing field, a bad number, an unknown or a paid token", async () => {
    expect(await push({ TransactionToken: "T" })).toContain(
      "<Code>950</Code><Explanation>Request missing mandatory fields</Explanation>",
    );
    expect(await push({ ...all, TransactionToken: "T", PhoneNumber: "0977123456" })).toContain(
      "<Code>999</Code><Explanation>Invalid phone number</Explanation>",
    );
    expect(await push({ ...all, TransactionToken: "NO-SUCH-TOKEN" })).toContain(
      "<Code>999</Code><Explanation>Transaction not found</Explanation>",
    );
    const p = await payer();
    const started = await pay(p, 1);
    await decide(p, started.body.TransToken, "pay");
    expect(await push({ ...all, TransactionToken: started.body.TransToken })).toContain(
      "<Code>999</Code><Explanation>Transaction cannot be charged: paid</Explanation>",
    );
  });
});
