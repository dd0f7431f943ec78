import "server-only";
import { XMLBuilder, XMLParser, XMLValidator } from "fast-xml-parser";
import { readTextCapped } from "@/lib/api/read-body";

// DPO Pay's API3G over XML (see ../shared/reference/dpo-pay.md). The same client talks to DPO and
// to the built-in sandbox. Requests are built with XMLBuilder (values are escaped, never
// concatenated); answers are parsed with every value kept as text ("000" stays "000"). No function
// here throws for anything the network or the provider does: each outcome is a value, and
// "unreachable" / "invalid-response" (we do not know what happened) are never a decline.

export type DpoConfig = {
  apiUrl: string;
  companyToken: string;
  serviceType: string;
  /** Per call, connection and body included. Default 15000. */
  timeoutMs?: number;
  /** A fetch-compatible transport (tests call the sandbox's route handler in-process). */
  fetchImpl?: typeof fetch;
};

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

/** Transport failures: we do not know whether the provider acted, so this is never a decline. */
export type Unreachable = { ok: false; kind: "unreachable"; error: string };
/** The provider answered something that is not an API3G document (HTML error page, garbage). */
export type InvalidResponse = { ok: false; kind: "invalid-response"; error: string };

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

const DEFAULT_TIMEOUT_MS = 15_000;
/** A DPO answer is a few hundred bytes; anything far larger is not one. */
const MAX_RESPONSE_BYTES = 256 * 1024;
const PENDING_RESULTS = new Set(["900", "001", "003", "005", "007"]);

const builder = new XMLBuilder({ processEntities: true, suppressEmptyNode: false });
const parser = new XMLParser({
  parseTagValue: false,
  parseAttributeValue: false,
  ignoreAttributes: true,
  ignoreDeclaration: true,
  processEntities: true,
  trimValues: true,
});

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
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat("en-GB", {
      timeZone,
      year: "numeric",
      month: "2-digit",
      day: "2-digit",
      hour: "2-digit",
      minute: "2-digit",
      hourCycle: "h23",
    })
      .formatToParts(date)
      .map((p) => [p.type, p.value]),
  );
  return `${parts.year}/${parts.month}/${parts.day} ${parts.hour}:${parts.minute}`;
}

function toNgwee(value: string): bigint | null {
  const match = /^(\d{1,15})(?:\.(\d+))?$/.exec(value.trim());
  if (!match) return null;
  const fraction = match[2] ?? "";
  if (/[^0]/.test(fraction.slice(2))) return null;
  return BigInt(match[1] ?? "0") * 100n + BigInt(fraction.slice(0, 2).padEnd(2, "0"));
}

/** An API3G request document. */
function buildApi3g(companyToken: string, request: string, body: object): string {
  const xml = builder.build({
    API3G: { CompanyToken: companyToken, Request: request, ...body },
  });
  return `<?xml version="1.0" encoding="utf-8"?>${xml}`;
}

/**
 * Parses an API3G document into its text fields (nested elements flattened into one record, the
 * first occurrence of a name winning), or null when the text is not one.
 */
export function parseApi3g(text: string): Record<string, string> | null {
  if (XMLValidator.validate(text) !== true) return null;
  let document: unknown;
  try {
    document = parser.parse(text);
  } catch {
    return null;
  }
  if (!isRecord(document) || !isRecord(document.API3G)) return null;
  const fields: Record<string, string> = {};
  flatten(document.API3G, fields);
  return fields;
}

function flatten(node: Record<string, unknown>, into: Record<string, string>) {
  // Direct text children first, so a top-level <Result> is never shadowed by a nested one.
  const nested: Record<string, unknown>[] = [];
  for (const [name, value] of Object.entries(node)) {
    const first: unknown = Array.isArray(value) ? value[0] : value;
    if (typeof first === "string") {
      if (!(name in into)) into[name] = first;
    } else if (isRecord(first)) {
      nested.push(first);
    }
  }
  for (const child of nested) flatten(child, into);
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

type Answer =
  | { ok: true; result: string; explanation: string; fields: Record<string, string> }
  | Unreachable
  | InvalidResponse;

async function call(config: DpoConfig, request: string, body: object): Promise<Answer> {
  const timeoutMs = config.timeoutMs ?? DEFAULT_TIMEOUT_MS;
  const doFetch = config.fetchImpl ?? fetch;
  let text: string;
  try {
    const response = await doFetch(config.apiUrl, {
      method: "POST",
      headers: { "Content-Type": "application/xml", Accept: "application/xml, text/xml" },
      body: buildApi3g(config.companyToken, request, body),
      signal: AbortSignal.timeout(timeoutMs),
      cache: "no-store",
      redirect: "error",
    });
    if (!response.ok) {
      await response.body?.cancel().catch(() => undefined);
      return unreachable(`${request}: HTTP ${response.status}`);
    }
    // A DPO answer is never that large.
    const received = await readTextCapped(response, MAX_RESPONSE_BYTES);
    if (received === null) {
      return { ok: false, kind: "invalid-response", error: `${request}: answer too large` };
    }
    text = received;
  } catch (error) {
    return unreachable(`${request}: ${describe(error, timeoutMs)}`);
  }
  const fields = parseApi3g(text);
  const result = fields?.Result;
  if (!fields || result === undefined || !/^\d{3}$/.test(result)) {
    return {
      ok: false,
      kind: "invalid-response",
      error: `${request}: not an API3G answer: ${JSON.stringify(text.slice(0, 120))}`,
    };
  }
  return { ok: true, result, explanation: fields.ResultExplanation ?? "", fields };
}

function unreachable(error: string): Unreachable {
  return { ok: false, kind: "unreachable", error };
}

function describe(error: unknown, timeoutMs: number): string {
  // Duck-typed: the abort's DOMException need not be an `Error` of this realm.
  const { name, message, cause } = (error ?? {}) as {
    name?: unknown;
    message?: unknown;
    cause?: unknown;
  };
  if (name === "TimeoutError") return `no answer within ${timeoutMs} ms`;
  if (typeof message !== "string") return String(error);
  const detail = (cause as { message?: unknown } | undefined)?.message;
  return typeof detail === "string" ? `${message} (${detail})` : message;
}
