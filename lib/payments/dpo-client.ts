import "server-only";
import { TZDateMini as TZDate } from "@date-fns/tz/date/mini";
import { lightFormat } from "date-fns";
import {
  invalidResponse,
  postApi3g,
  type DpoConfig,
  type InvalidResponse,
  type Unreachable,
} from "@/lib/payments/dpo-transport";

// DPO Pay's card requests (see ../shared/reference/dpo-pay.md): createToken, verifyToken and
// cancelToken, whose answers carry a Result. The same client talks to DPO and to the built-in
// sandbox. No function here throws for anything the network or the provider does: each outcome is
// a value, and "unreachable" / "invalid-response" (we do not know what happened) are never a
// decline. Mobile money's push is in dpo-mobile.ts.

export type { DpoConfig, InvalidResponse, Unreachable } from "@/lib/payments/dpo-transport";

export type CreateTokenInput = {
  /** Two decimals, e.g. "150.00". */
  amount: string;
  currency: "ZMW";
  companyRef: string;
  redirectUrl: string;
  backUrl: string;
  customerEmail?: string | undefined;
  customerFirstName?: string | undefined;
  customerLastName?: string | undefined;
  customerPhone?: string | undefined;
  serviceDescription: string;
  /** "YYYY/MM/DD HH:mm" (see formatServiceDate). */
  serviceDate: string;
};

export type CreateTokenResult =
  | {
      ok: true;
      transToken: string;
      transRef: string | null;
      result: string;
      explanation: string;
    }
  | { ok: false; kind: "declined"; result: string; explanation: string }
  | Unreachable
  | InvalidResponse;

export type VerifyTokenResult =
  | {
      kind: "paid";
      result: "000";
      /** As DPO sent it: compare with sameAmount(), never with ===. */
      amount: string;
      currency: string;
      approval?: string;
      /** DPO's FraudAlert: 000 genuine, 001 action required, 002 blocked. */
      fraudAlert?: string;
      explanation: string;
    }
  /** 900 not paid yet, 001 authorized, 003 pending bank, 005 queued, 007 pending split: ask again. */
  | { kind: "pending"; result: string; explanation: string }
  /** 901 declined, 902 unknown token, 903 time limit passed, 904 cancelled, 002 over/under-paid … */
  | { kind: "failed"; result: string; explanation: string }
  | Omit<Unreachable, "ok">
  | Omit<InvalidResponse, "ok">;

export type CancelTokenResult =
  | { ok: true; kind: "cancelled"; result: string; explanation: string }
  | { ok: false; kind: "refused"; result: string; explanation: string }
  | Unreachable
  | InvalidResponse;

const PENDING_RESULTS = new Set(["900", "001", "003", "005", "007"]);

export async function createToken(
  config: DpoConfig,
  input: CreateTokenInput,
): Promise<CreateTokenResult> {
  if (!/^\d{1,10}\.\d{2}$/.test(input.amount)) {
    // A caller's bug, not a provider outcome.
    throw new RangeError(`createToken: amount must have two decimals, got "${input.amount}"`);
  }
  // Field order as in DPO's documentation; optional customer fields only when given.
  const transaction: Record<string, string> = {
    PaymentAmount: input.amount,
    PaymentCurrency: input.currency,
    CompanyRef: input.companyRef,
    CompanyRefUnique: "1",
    RedirectURL: input.redirectUrl,
    BackURL: input.backUrl,
    PTL: "60",
    PTLtype: "minutes",
  };
  if (input.customerEmail) transaction.customerEmail = input.customerEmail;
  if (input.customerFirstName) transaction.customerFirstName = input.customerFirstName;
  if (input.customerLastName) transaction.customerLastName = input.customerLastName;
  if (input.customerPhone) transaction.customerPhone = input.customerPhone;

  const answer = await call(config, "createToken", {
    Transaction: transaction,
    Services: {
      Service: {
        ServiceType: config.serviceType,
        ServiceDescription: input.serviceDescription,
        ServiceDate: input.serviceDate,
      },
    },
  });
  if (!answer.ok) return answer;
  const { result, explanation, fields } = answer;
  if (result !== "000") return { ok: false, kind: "declined", result, explanation };
  const transToken = fields.TransToken;
  if (!transToken) {
    return {
      ok: false,
      kind: "declined",
      result,
      explanation: `Transaction created without a TransToken (${explanation || "no explanation"})`,
    };
  }
  return { ok: true, transToken, transRef: fields.TransRef || null, result, explanation };
}

export async function verifyToken(config: DpoConfig, token: string): Promise<VerifyTokenResult> {
  const answer = await call(config, "verifyToken", { TransactionToken: token });
  if (!answer.ok) return { kind: answer.kind, error: answer.error };
  const { result, explanation, fields } = answer;
  if (result === "000") {
    const amount = fields.TransactionAmount;
    const currency = fields.TransactionCurrency;
    if (!amount || !currency) {
      return { kind: "failed", result, explanation: "Paid response without amount or currency" };
    }
    return {
      kind: "paid",
      result,
      amount,
      currency,
      ...(fields.TransactionApproval ? { approval: fields.TransactionApproval } : {}),
      ...(fields.FraudAlert ? { fraudAlert: fields.FraudAlert } : {}),
      explanation,
    };
  }
  if (PENDING_RESULTS.has(result)) return { kind: "pending", result, explanation };
  return { kind: "failed", result, explanation };
}

export async function cancelToken(config: DpoConfig, token: string): Promise<CancelTokenResult> {
  const answer = await call(config, "cancelToken", { TransactionToken: token });
  if (!answer.ok) return answer;
  const { result, explanation } = answer;
  return result === "000"
    ? { ok: true, kind: "cancelled", result, explanation }
    : { ok: false, kind: "refused", result, explanation };
}

export type RefundTokenResult =
  | { ok: true; kind: "refunded"; result: string; explanation: string }
  | { ok: false; kind: "refused"; result: string; explanation: string }
  | Unreachable
  | InvalidResponse;

/**
 * refundToken (issue 49): gives `amount` ("12.50") of a paid token back to the card. Only 000 is
 * a refund; 999 or any other Result is DPO's refusal, with its reason. Unreachable and
 * invalid-response mean we do not know whether DPO refunded.
 */
export async function refundToken(
  config: DpoConfig,
  input: { token: string; amount: string; details: string },
): Promise<RefundTokenResult> {
  if (!/^\d{1,10}\.\d{2}$/.test(input.amount)) {
    throw new RangeError(`refundToken: amount must have two decimals, got "${input.amount}"`);
  }
  const answer = await call(config, "refundToken", {
    TransactionToken: input.token,
    refundAmount: input.amount,
    refundDetails: input.details,
  });
  if (!answer.ok) return answer;
  const { result, explanation } = answer;
  return result === "000"
    ? { ok: true, kind: "refunded", result, explanation }
    : { ok: false, kind: "refused", result, explanation };
}

/** The hosted payment page for a token, keeping any query string the pay URL already has. */
export function payPageUrl(payUrl: string, token: string): string {
  const url = new URL(payUrl);
  const id = `ID=${encodeURIComponent(token)}`;
  url.search = url.search.length > 1 ? `${url.search}&${id}` : `?${id}`;
  return url.toString();
}

/**
 * Whether two amounts are the same number of ngwee ("150" = "150.0" = "150.00"). Anything that is
 * not a plain non-negative decimal, or has non-zero digits past the ngwee, is never the same.
 */
export function sameAmount(a: string, b: string): boolean {
  const x = toNgwee(a);
  const y = toNgwee(b);
  return x !== null && x === y;
}

/** ISO currency codes compared without regard to case or surrounding spaces. */
export function sameCurrency(a: string, b: string): boolean {
  return a.trim().toUpperCase() === b.trim().toUpperCase();
}

/** DPO's ServiceDate, "YYYY/MM/DD HH:mm", as the wall clock of `timeZone` at `date`. */
export function formatServiceDate(date: Date, timeZone: string): string {
  // date-fns's zoned date keeps one Intl formatter per zone: building a new one for every
  // payment was 8 % of the server's CPU under the payments' rush (decision 0059).
  return lightFormat(new TZDate(date.getTime(), timeZone), "yyyy/MM/dd HH:mm");
}

function toNgwee(value: string): bigint | null {
  const match = /^(\d{1,15})(?:\.(\d+))?$/.exec(value.trim());
  if (!match) return null;
  const fraction = match[2] ?? "";
  if (/[^0]/.test(fraction.slice(2))) return null;
  return BigInt(match[1] ?? "0") * 100n + BigInt(fraction.slice(0, 2).padEnd(2, "0"));
}

type Answer =
  | { ok: true; result: string; explanation: string; fields: Record<string, string> }
  | Unreachable
  | InvalidResponse;

/** One request whose answer must carry a three-digit Result. */
async function call(config: DpoConfig, request: string, body: object): Promise<Answer> {
  const answer = await postApi3g(config, request, body);
  if (!answer.ok) return answer;
  const { fields, text } = answer;
  const result = fields.Result;
  if (result === undefined || !/^\d{3}$/.test(result)) return invalidResponse(request, text);
  return { ok: true, result, explanation: fields.ResultExplanation ?? "", fields };
}
