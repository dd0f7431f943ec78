import { afterAll, beforeAll, beforeEach, describe, expect, it } from "@jest/globals";
import { createServer } from "node:net";
import { loadEnv } from "@/lib/env";
import {
  cancelToken,
  createToken,
  formatServiceDate,
  payPageUrl,
  sameAmount,
  sameCurrency,
  verifyToken,
  type CreateTokenInput,
  type DpoConfig,
} from "@/lib/payments/dpo-client";
import { providerConfigFrom } from "@/lib/payments/provider-config";
import {
  FakeDpo,
  HTML_ERROR_PAGE,
  createdXml,
  paidXml,
  resultXml,
  type ReceivedRequest,
} from "@/tests/support/fake-dpo";

// The DPO client against a real HTTP server that answers like DPO (and unlike it): every item of
// the failure checklist in dpo-pay.md.

const fake = new FakeDpo();
let config: DpoConfig;

const order: CreateTokenInput = {
  amount: "150.00",
  currency: "ZMW",
  companyRef: "PAY-0001",
  redirectUrl: "http://localhost:3000/payment/success?attempt=1",
  backUrl: "http://localhost:3000/payment/cancel",
  customerEmail: "mary@example.com",
  customerFirstName: "Mary",
  customerLastName: "Banda",
  customerPhone: "260971234567",
  serviceDescription: "School lunches",
  serviceDate: "2026/11/23 10:00",
};

beforeAll(async () => {
  await fake.start();
  config = {
    apiUrl: fake.url,
    companyToken: "COMPANY-TOKEN",
    serviceType: "3854",
    timeoutMs: 2000,
  };
});
afterAll(() => fake.stop());
beforeEach(() => fake.reset());

function only(name: string): ReceivedRequest {
  const found = fake.requestsNamed(name);
  expect(found).toHaveLength(1);
  return found[0] as ReceivedRequest;
}

/** An address where nothing listens: a port that was just free. */
async function closedPortUrl(): Promise<string> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as { port: number };
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return `http://127.0.0.1:${port}/API/v6/`;
}

describe("createToken", () => {
  it("sends DPO's fields in order and returns the token", async () => {
    fake.onCreateToken(() => createdXml("TOKEN-ABC", "R998877"));
    const result = await createToken(config, order);
    expect(result).toEqual({
      ok: true,
      transToken: "TOKEN-ABC",
      transRef: "R998877",
      result: "000",
      explanation: "Transaction created",
    });

    const request = only("createToken");
    expect(request.contentType).toMatch(/xml/);
    const api3g = (request.document as { API3G: Record<string, Record<string, unknown>> }).API3G;
    expect(Object.keys(api3g)).toEqual(["CompanyToken", "Request", "Transaction", "Services"]);
    expect(Object.keys(api3g.Transaction ?? {})).toEqual([
      "PaymentAmount",
      "PaymentCurrency",
      "CompanyRef",
      "CompanyRefUnique",
      "RedirectURL",
      "BackURL",
      "PTL",
      "PTLtype",
      "customerEmail",
      "customerFirstName",
      "customerLastName",
      "customerPhone",
    ]);
    expect(request.fields).toMatchObject({
      CompanyToken: "COMPANY-TOKEN",
      PaymentAmount: "150.00",
      PaymentCurrency: "ZMW",
      CompanyRef: "PAY-0001",
      CompanyRefUnique: "1",
      RedirectURL: "http://localhost:3000/payment/success?attempt=1",
      PTL: "60",
      PTLtype: "minutes",
      ServiceType: "3854",
      ServiceDescription: "School lunches",
      ServiceDate: "2026/11/23 10:00",
    });
  });

  it("leaves out the customer fields it was not given", async () => {
    const { customerEmail: _e, customerPhone: _p, ...rest } = order;
    await createToken(config, { ...rest, customerFirstName: undefined });
    const { fields } = only("createToken");
    expect(fields.customerEmail).toBeUndefined();
    expect(fields.customerFirstName).toBeUndefined();
    expect(fields.customerPhone).toBeUndefined();
    expect(fields.customerLastName).toBe("Banda");
  });

  it("escapes XML special characters in customer names and references", async () => {
    const name = `O'Neil <Mwale> & "Sons"`;
    await createToken(config, { ...order, customerLastName: name, companyRef: "A&B<1>" });
    const request = only("createToken");
    expect(request.xml).toContain("O&apos;Neil &lt;Mwale&gt; &amp; &quot;Sons&quot;");
    expect(request.xml).not.toContain("<Mwale>");
    expect(request.fields.customerLastName).toBe(name);
    expect(request.fields.CompanyRef).toBe("A&B<1>");
  });

  it.each([
    ["904", "Currency not supported"],
    ["905", "The transaction amount has exceeded your allowed transaction limit"],
    ["940", "CompanyRef already exists and paid"],
    ["801", "Request missing company token"],
  ])("reports Result %s as a decline with DPO's explanation", async (code, explanation) => {
    fake.onCreateToken(() => resultXml(code, explanation));
    expect(await createToken(config, order)).toEqual({
      ok: false,
      kind: "declined",
      result: code,
      explanation,
    });
  });

  it("treats 000 without a TransToken as a failure", async () => {
    fake.onCreateToken(() => resultXml("000", "Transaction created", { TransRef: "R1" }));
    const result = await createToken(config, order);
    expect(result).toMatchObject({ ok: false, kind: "declined", result: "000" });
    expect(result.ok === false && "explanation" in result && result.explanation).toMatch(
      /without a TransToken/,
    );
  });

  it.each([
    ["an HTML page", { body: HTML_ERROR_PAGE }],
    ["garbage", { body: "%%% not xml at all {" }],
    ["an empty body", { body: "" }],
    ["truncated XML", { body: "<API3G><Result>000</Result><TransToken>X" }],
    ["XML without a Result", { body: "<API3G><Message>hello</Message></API3G>" }],
    ["another document", { body: "<Error><Result>000</Result></Error>" }],
  ])("calls %s an invalid response, not a decline", async (_label, reply) => {
    fake.onCreateToken(() => reply);
    const result = await createToken(config, order);
    expect(result).toMatchObject({ ok: false, kind: "invalid-response" });
  });

  it("gives up after timeoutMs and calls it unreachable", async () => {
    fake.onCreateToken(() => ({ hang: true }));
    const started = Date.now();
    const result = await createToken({ ...config, timeoutMs: 200 }, order);
    expect(Date.now() - started).toBeLessThan(1500);
    expect(result).toMatchObject({ ok: false, kind: "unreachable" });
    expect(result.ok === false && "error" in result && result.error).toMatch(/200 ms/);
  });

  it("calls a dropped connection and an HTTP error unreachable", async () => {
    fake.onCreateToken(() => ({ close: true }), { once: true });
    fake.onCreateToken(() => ({ status: 502, body: HTML_ERROR_PAGE }), { once: true });
    expect(await createToken(config, order)).toMatchObject({ ok: false, kind: "unreachable" });
    expect(await createToken(config, order)).toMatchObject({
      ok: false,
      kind: "unreachable",
      error: "createToken: HTTP 502",
    });
  });

  it("stops reading an answer far larger than any DPO document, and keeps the connection usable", async () => {
    const huge = `<?xml version="1.0"?><API3G><Result>000</Result><Pad>${"x".repeat(300_000)}</Pad></API3G>`;
    fake.onCreateToken(() => ({ status: 200, contentType: "text/xml", body: huge }), {
      once: true,
    });
    expect(await createToken(config, order)).toMatchObject({
      ok: false,
      kind: "invalid-response",
      error: "createToken: answer too large",
    });
    // The next call is answered normally (a new connection if the cut one was dropped).
    expect(await createToken(config, order)).toMatchObject({ ok: true });
  });

  it("calls a closed port unreachable, never declined", async () => {
    const result = await createToken({ ...config, apiUrl: await closedPortUrl() }, order);
    expect(result).toMatchObject({ ok: false, kind: "unreachable" });
  });

  it("refuses an amount without two decimals (a caller's bug)", async () => {
    await expect(createToken(config, { ...order, amount: "150" })).rejects.toThrow(RangeError);
    expect(fake.requests).toHaveLength(0);
  });
});

describe("verifyToken", () => {
  it("sends the token and reports a payment with its amount, currency and approval", async () => {
    fake.onVerifyToken(() => paidXml("150.00", "ZMW", "123456"));
    expect(await verifyToken(config, "TOKEN & <1>")).toEqual({
      kind: "paid",
      result: "000",
      amount: "150.00",
      currency: "ZMW",
      approval: "123456",
      fraudAlert: "000",
      explanation: "Transaction Paid",
    });
    const request = only("verifyToken");
    expect(request.fields).toMatchObject({
      CompanyToken: "COMPANY-TOKEN",
      TransactionToken: "TOKEN & <1>",
    });
  });

  it.each([
    ["900", "Transaction not paid yet"],
    ["001", "Authorized"],
    ["003", "Pending bank"],
    ["005", "Queued authorization"],
    ["007", "Pending split payment"],
  ])("reports %s as pending (not paid, not failed)", async (code, explanation) => {
    fake.onVerifyToken(() => resultXml(code, explanation));
    expect(await verifyToken(config, "T")).toEqual({ kind: "pending", result: code, explanation });
  });

  it.each([
    ["901", "Transaction Declined"],
    ["902", "Data mismatch in one of the fields - TransactionToken"],
    ["903", "The transaction passed the Payment Time Limit"],
    ["904", "Transaction cancelled"],
    ["002", "Transaction overpaid/underpaid"],
    ["950", "Request missing mandatory fields"],
  ])("reports %s as failed, as it is", async (code, explanation) => {
    fake.onVerifyToken(() => resultXml(code, explanation));
    expect(await verifyToken(config, "T")).toEqual({ kind: "failed", result: code, explanation });
  });

  it("never calls 001 (authorized) or 002 (over/under-paid) paid even with an amount", async () => {
    fake.onVerifyToken(() => resultXml("001", "Authorized", { TransactionAmount: "150.00" }));
    expect((await verifyToken(config, "T")).kind).toBe("pending");
    fake.onVerifyToken(() => resultXml("002", "Overpaid", { TransactionAmount: "150.00" }));
    expect((await verifyToken(config, "T")).kind).toBe("failed");
  });

  it.each([
    ["no amount", { TransactionCurrency: "ZMW" }],
    ["no currency", { TransactionAmount: "150.00" }],
    ["empty amount", { TransactionAmount: "", TransactionCurrency: "ZMW" }],
  ])("treats 000 with %s as failed", async (_label, extra) => {
    fake.onVerifyToken(() => resultXml("000", "Transaction Paid", extra));
    expect(await verifyToken(config, "T")).toEqual({
      kind: "failed",
      result: "000",
      explanation: "Paid response without amount or currency",
    });
  });

  it("leaves the currency and amount check to the caller, with helpers that catch a mismatch", async () => {
    fake.onVerifyToken(() => paidXml("150.00", "USD"));
    const result = await verifyToken(config, "T");
    expect(result.kind).toBe("paid");
    if (result.kind !== "paid") return;
    expect(sameCurrency(result.currency, "ZMW")).toBe(false);
    expect(sameAmount(result.amount, "150.00")).toBe(true);

    fake.onVerifyToken(() => paidXml("15.00", "zmw"));
    const underpaid = await verifyToken(config, "T");
    if (underpaid.kind !== "paid") throw new Error("expected paid");
    expect(sameCurrency(underpaid.currency, "ZMW")).toBe(true);
    expect(sameAmount(underpaid.amount, "150.00")).toBe(false);
  });

  it("keeps 'unreachable' and 'invalid-response' apart from a decline", async () => {
    const closed = await verifyToken({ ...config, apiUrl: await closedPortUrl() }, "T");
    expect(closed.kind).toBe("unreachable");
    fake.onVerifyToken(() => ({ hang: true }));
    expect((await verifyToken({ ...config, timeoutMs: 150 }, "T")).kind).toBe("unreachable");
    fake.onVerifyToken(() => ({ body: HTML_ERROR_PAGE }));
    expect((await verifyToken(config, "T")).kind).toBe("invalid-response");
  });
});

describe("cancelToken", () => {
  it("reports 000 as cancelled and anything else as refused", async () => {
    fake.onCancelToken(() => resultXml("000", "Transaction cancelled"), { once: true });
    fake.onCancelToken(() => resultXml("999", "Transaction already paid"), { once: true });
    expect(await cancelToken(config, "T1")).toEqual({
      ok: true,
      kind: "cancelled",
      result: "000",
      explanation: "Transaction cancelled",
    });
    expect(await cancelToken(config, "T2")).toEqual({
      ok: false,
      kind: "refused",
      result: "999",
      explanation: "Transaction already paid",
    });
    expect(fake.requestsNamed("cancelToken").map((r) => r.fields.TransactionToken)).toEqual([
      "T1",
      "T2",
    ]);
  });

  it("calls a closed port unreachable", async () => {
    const result = await cancelToken({ ...config, apiUrl: await closedPortUrl() }, "T");
    expect(result).toMatchObject({ ok: false, kind: "unreachable" });
  });
});

describe("helpers", () => {
  it.each([
    ["150.00", "150.00"],
    ["150", "150.00"],
    ["150.5", "150.50"],
    ["150.000", "150.00"],
    [" 150.00 ", "150.00"],
  ])("sameAmount(%p, %p) is true", (a, b) => {
    expect(sameAmount(a, b)).toBe(true);
  });

  // A different amount, and anything that is not a plain positive decimal.
  it.each([
    ["150.01", "150.00"],
    ["150.001", "150.00"],
    ["1,500.00", "1500.00"],
    ["-150.00", "150.00"],
    ["", "0.00"],
    ["abc", "abc"],
    ["1e2", "100.00"],
  ])("sameAmount(%p, %p) is false", (a, b) => {
    expect(sameAmount(a, b)).toBe(false);
  });

  it("compares currencies without regard to case", () => {
    expect(sameCurrency("zmw", "ZMW")).toBe(true);
    expect(sameCurrency("ZMK", "ZMW")).toBe(false);
  });

  it("builds the pay page address, keeping an existing query string", () => {
    expect(payPageUrl("https://secure.3gdirectpay.com/payv2.php", "AB+C/1")).toBe(
      "https://secure.3gdirectpay.com/payv2.php?ID=AB%2BC%2F1",
    );
    expect(payPageUrl("http://localhost:3000/payment/sandbox?lang=en", "T1")).toBe(
      "http://localhost:3000/payment/sandbox?lang=en&ID=T1",
    );
  });

  it("formats DPO's ServiceDate in the school's time zone", () => {
    expect(formatServiceDate(new Date("2026-11-23T22:30:00Z"), "Africa/Lusaka")).toBe(
      "2026/11/24 00:30",
    );
    // A zone west of UTC, on either side of its summer time change.
    expect(formatServiceDate(new Date("2026-03-08T06:59:00Z"), "America/New_York")).toBe(
      "2026/03/08 01:59",
    );
    expect(formatServiceDate(new Date("2026-03-08T07:00:00Z"), "America/New_York")).toBe(
      "2026/03/08 03:00",
    );
  });
});

describe("payment provider environment", () => {
  const base = { NODE_ENV: "test", PGLITE_DATA_DIR: "memory://" } as const;

  it("uses the sandbox outside production, at this app's own addresses", () => {
    const env = loadEnv({ ...base, APP_URL: "https://canteen.school.zm/" });
    expect(env.PAYMENT_PROVIDER).toBe("sandbox");
    expect(env.DPO_TIMEOUT_MS).toBe(15000);
    const provider = providerConfigFrom(env);
    expect(provider.sandbox).toBe(true);
    expect(provider.client.apiUrl).toBe("https://canteen.school.zm/api/payments/sandbox/api");
    expect(provider.payUrl).toBe("https://canteen.school.zm/payment/sandbox");
  });

  it("uses DPO with its defaults when asked", () => {
    const env = loadEnv({
      ...base,
      PAYMENT_PROVIDER: "dpo",
      DPO_COMPANY_TOKEN: "TOKEN",
      DPO_SERVICE_TYPE: "3854",
      DPO_TIMEOUT_MS: "",
    });
    expect(providerConfigFrom(env)).toEqual({
      provider: "dpo",
      sandbox: false,
      client: {
        apiUrl: "https://secure.3gdirectpay.com/API/v6/",
        companyToken: "TOKEN",
        serviceType: "3854",
        timeoutMs: 15000,
      },
      payUrl: "https://secure.3gdirectpay.com/payv2.php",
    });
    // Without credentials, card payments answer 503 with a plain message; nothing else stops.
    expect(() => providerConfigFrom(loadEnv({ ...base, PAYMENT_PROVIDER: "dpo" }))).toThrow(
      "Card payments are not set up yet. Please contact the school office.",
    );
  });

  it("defaults to DPO in production, and the portal starts without its credentials", () => {
    const production = {
      ...base,
      NODE_ENV: "production" as const,
      SESSION_SECRET: "x".repeat(32),
      APP_URL: "https://canteen.school.zm",
    };
    expect(loadEnv(production).PAYMENT_PROVIDER).toBe("dpo");
    const env = loadEnv({ ...production, DPO_COMPANY_TOKEN: "T", DPO_SERVICE_TYPE: "1" });
    expect(env.PAYMENT_PROVIDER).toBe("dpo");
  });

  it("refuses the sandbox in production unless explicitly allowed", () => {
    const production = {
      ...base,
      NODE_ENV: "production" as const,
      SESSION_SECRET: "x".repeat(32),
      APP_URL: "https://canteen.school.zm",
    };
    expect(() => loadEnv({ ...production, PAYMENT_PROVIDER: "sandbox" })).toThrow(
      /PAYMENT_SANDBOX_ALLOWED_IN_PRODUCTION/,
    );
    const env = loadEnv({
      ...production,
      PAYMENT_PROVIDER: "sandbox",
      PAYMENT_SANDBOX_ALLOWED_IN_PRODUCTION: "1",
    });
    expect(env.PAYMENT_PROVIDER).toBe("sandbox");
  });

  it("refuses an unknown provider and an out-of-range time-out", () => {
    expect(() => loadEnv({ ...base, PAYMENT_PROVIDER: "paypal" })).toThrow(/PAYMENT_PROVIDER/);
    expect(() => loadEnv({ ...base, DPO_TIMEOUT_MS: "5" })).toThrow(/DPO_TIMEOUT_MS/);
  });
});
