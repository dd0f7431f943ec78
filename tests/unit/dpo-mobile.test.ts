import { afterAll, beforeAll, beforeEach, describe, expect, it } from "@jest/globals";
import { loadEnv } from "@/lib/env";
import { chargeTokenMobile, mnoOf, type ChargeMobileInput } from "@/lib/payments/dpo-mobile";
import type { DpoConfig } from "@/lib/payments/dpo-transport";
import {
  FakeDpo,
  HTML_ERROR_PAGE,
  mobileXml,
  pushSentXml,
  resultXml,
} from "@/tests/support/fake-dpo";

// ChargeTokenMobile against a real HTTP server speaking DPO's XML: its answer is a Code and an
// Explanation (not a Result); 130 and 000 are a push sent, anything else a refusal, and no answer
// or garbage is neither.

const fake = new FakeDpo();
let config: DpoConfig;
const push: ChargeMobileInput = {
  token: "TOKEN-1",
  phoneNumber: "260977123456",
  mno: "AirtelZM",
  country: "zambia",
};

beforeAll(async () => {
  await fake.start();
  config = { apiUrl: fake.url, companyToken: "COMPANY-TOKEN", serviceType: "3854", timeoutMs: 500 };
});
afterAll(() => fake.stop());
beforeEach(() => fake.reset());

describe("chargeTokenMobile", () => {
  it("sends the token, the number without +, the MNO and the country", async () => {
    const result = await chargeTokenMobile(config, push);
    expect(result).toEqual({
      ok: true,
      kind: "sent",
      code: "130",
      explanation: "New invoice",
      instructions: "Please approve the payment on your phone by entering your PIN.",
    });
    const [request] = fake.requestsNamed("ChargeTokenMobile");
    expect(request?.fields).toEqual({
      CompanyToken: "COMPANY-TOKEN",
      Request: "ChargeTokenMobile",
      TransactionToken: "TOKEN-1",
      PhoneNumber: "260977123456",
      MNO: "AirtelZM",
      MNOcountry: "zambia",
    });
    expect(request?.xml).toMatch(/^<\?xml version="1.0" encoding="utf-8"\?><API3G>/);
  });

  it("counts 000 as sent, with or without instructions", async () => {
    fake.onChargeTokenMobile(() => mobileXml("000", "Request sent"));
    expect(await chargeTokenMobile(config, push)).toEqual({
      ok: true,
      kind: "sent",
      code: "000",
      explanation: "Request sent",
      instructions: "",
    });
  });

  it("reports any other code as a refusal with DPO's explanation", async () => {
    fake.onChargeTokenMobile(() => mobileXml("999", "Invalid MSISDN"), { once: true });
    fake.onChargeTokenMobile(() => resultXml("802", "Company token does not exist"), {
      once: true,
    });
    expect(await chargeTokenMobile(config, push)).toEqual({
      ok: false,
      kind: "refused",
      code: "999",
      explanation: "Invalid MSISDN",
    });
    expect(await chargeTokenMobile(config, push)).toMatchObject({
      kind: "refused",
      code: "802",
      explanation: "Company token does not exist",
    });
  });

  it("never calls garbage, HTML, a codeless document or silence a refusal", async () => {
    fake.onChargeTokenMobile(() => "garbage <<", { once: true });
    fake.onChargeTokenMobile(() => ({ body: HTML_ERROR_PAGE }), { once: true });
    fake.onChargeTokenMobile(() => "<API3G><Explanation>?</Explanation></API3G>", { once: true });
    fake.onChargeTokenMobile(() => ({ status: 500, body: "oops" }), { once: true });
    fake.onChargeTokenMobile(() => ({ hang: true }), { once: true });
    fake.onChargeTokenMobile(() => ({ close: true }), { once: true });
    const kinds = [];
    for (let i = 0; i < 6; i++) kinds.push((await chargeTokenMobile(config, push)).kind);
    expect(kinds).toEqual([
      "invalid-response",
      "invalid-response",
      "invalid-response",
      "unreachable",
      "unreachable",
      "unreachable",
    ]);
  });

  it("escapes what it sends", async () => {
    await chargeTokenMobile(config, { ...push, mno: "A&B<Z>" });
    const [request] = fake.requestsNamed("ChargeTokenMobile");
    expect(request?.xml).toContain("<MNO>A&amp;B&lt;Z&gt;</MNO>");
    expect(request?.fields.MNO).toBe("A&B<Z>");
    expect(pushSentXml()).toContain("<Code>130</Code>");
  });
});

describe("mnoOf", () => {
  it("takes the operators' names and the country from the configuration", () => {
    const env = loadEnv({ NODE_ENV: "test", PGLITE_DATA_DIR: "memory://", DPO_MNO_MTN: "MTN" });
    expect(mnoOf(env, "airtel")).toEqual({ mno: "AirtelZM", country: "zambia" });
    expect(mnoOf(env, "mtn")).toEqual({ mno: "MTN", country: "zambia" });
  });
});
