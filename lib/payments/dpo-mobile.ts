import "server-only";
import type { MobileOperator } from "@/lib/contracts/mobile-money";
import type { Env } from "@/lib/env";
import {
  invalidResponse,
  postApi3g,
  type DpoConfig,
  type InvalidResponse,
  type Unreachable,
} from "@/lib/payments/dpo-transport";

// DPO's mobile-money push, ChargeTokenMobile (../shared/reference/dpo-pay.md), sent on a token
// that createToken made. Its answer is not a Result but a Code and an Explanation, with
// Instructions for the payer. 130 ("New invoice": the push was sent) and 000 are sent; any other
// code is a refused push whose Explanation the parent reads. Whether money moved is known from
// verifyToken alone, whatever the push answered.

export type ChargeMobileInput = {
  token: string;
  /** International form without "+": "260977123456". */
  phoneNumber: string;
  /** The operator's name in the merchant's set-up: AirtelZM, MTNZM. */
  mno: string;
  /** "zambia" */
  country: string;
};

export type ChargeMobileResult =
  | { ok: true; kind: "sent"; code: string; explanation: string; instructions: string }
  | { ok: false; kind: "refused"; code: string; explanation: string }
  | Unreachable
  | InvalidResponse;

const SENT_CODES = new Set(["130", "000"]);

export async function chargeTokenMobile(
  config: DpoConfig,
  input: ChargeMobileInput,
): Promise<ChargeMobileResult> {
  const request = "ChargeTokenMobile";
  const answer = await postApi3g(config, request, {
    TransactionToken: input.token,
    PhoneNumber: input.phoneNumber,
    MNO: input.mno,
    MNOcountry: input.country,
  });
  if (!answer.ok) return answer;
  const { fields, text } = answer;
  // Our own request refused (801-804, 950) comes as DPO's usual Result: a refusal all the same.
  const code = fields.Code ?? fields.Result;
  if (code === undefined || !/^\d{3}$/.test(code)) return invalidResponse(request, text);
  const explanation = fields.Explanation ?? fields.ResultExplanation ?? "";
  if (!SENT_CODES.has(code)) return { ok: false, kind: "refused", code, explanation };
  return { ok: true, kind: "sent", code, explanation, instructions: fields.Instructions ?? "" };
}

/** The MNO and MNOcountry of an operator, from the configuration. */
export function mnoOf(
  config: Pick<Env, "DPO_MNO_AIRTEL" | "DPO_MNO_MTN" | "DPO_MNO_COUNTRY">,
  operator: MobileOperator,
): { mno: string; country: string } {
  return {
    mno: operator === "airtel" ? config.DPO_MNO_AIRTEL : config.DPO_MNO_MTN,
    country: config.DPO_MNO_COUNTRY,
  };
}
