import "server-only";
import { createHash, randomUUID } from "node:crypto";
import { XMLBuilder } from "fast-xml-parser";
import { conflict, notFound } from "@/lib/api/errors";
import { isUniqueViolation } from "@/lib/api/prisma-errors";
import type { SessionUser } from "@/lib/auth/session";
import type { SchoolContext } from "@/lib/contracts/schools";
import { schoolDb } from "@/lib/db";
import { env } from "@/lib/env";
import { parseApi3g } from "@/lib/payments/dpo-transport";
import { sandboxRefundToken } from "@/lib/payments/sandbox-refund";
import {
  isSandboxCompanyToken,
  isSandboxFor,
  sandboxSchoolOf,
} from "@/lib/payments/provider-config";
import { schoolById, schoolEntry } from "@/lib/schools/resolve-school";
import {
  listSandboxPushes,
  sandboxChargeTokenMobile,
  type SandboxPush,
} from "@/lib/payments/sandbox-mobile";

// The built-in payment sandbox (PAYMENT_PROVIDER=sandbox): a stand-in for DPO Pay that speaks its
// API3G XML, so the same client drives both, and whose hosted page (/payment/sandbox) lets the
// tester pay, decline or cancel. No money moves. Its state lives in the database so that any
// instance can answer for a token another instance created.
//
// The pay page and its decision belong to the parent or teacher who started the payment: the
// token travels in addresses (the pay page's, the return URLs, logs, Referer), and whoever holds
// it must not be able to pay, decline or cancel somebody else's cart, nor read their name. A
// transaction's CompanyRef is the transactionRef of the PaymentAttempt that asked for it, written
// before the token is requested, so the attempt's user is the owner. To anybody else the token is
// unknown (404), exactly like a token that does not exist.
//
// Each school has its own sandbox (issue 45): its transactions are the school's rows, and its pay
// page and return addresses are on the school's own addresses. Like DPO, the sandbox's API is one
// service for the whole platform, reached by the server at APP_URL (a school's own host may not
// resolve from the server: *.localhost does not): the company token names the school it acts for.

export type SandboxAction = "pay" | "decline" | "cancel";
export type SandboxStatus = "created" | "paid" | "declined" | "cancelled" | "expired";

export type SandboxPayment = {
  token: string;
  companyRef: string;
  amount: string;
  currency: string;
  customer: string | null;
  status: SandboxStatus;
};

/** Like DPO with PTL=60 / PTLtype=minutes (what the client always asks for). */
export const SANDBOX_PTL_MINUTES = 60;
const SUPPORTED_CURRENCIES = new Set(["ZMW", "USD"]);
/** Above this DPO answers 905 ("amount over transaction limit"); the sandbox does the same. */
const SANDBOX_LIMIT_NGWEE = 100_000_00n;

const builder = new XMLBuilder({ processEntities: true, suppressEmptyNode: false });

/**
 * Answers one API3G request document with the API3G response document DPO would send, or null when
 * the request is not this app's own (not an API3G document carrying this install's sandbox company
 * token): the route then answers 404, as if it did not exist. Only the app calls this API, on its
 * payer's behalf (issue 43 §1); a stranger cannot cancel, verify, charge or create anything.
 */
export async function handleSandboxApiRequest(xml: string): Promise<string | null> {
  const fields = parseApi3g(xml);
  const schoolId = fields ? sandboxSchoolOf(fields.CompanyToken) : undefined;
  if (!fields || schoolId === undefined || !isSandboxCompanyToken(schoolId, fields.CompanyToken)) {
    return null;
  }
  const school = await schoolById(schoolId);
  if (!school || !(await isSandboxFor(school))) return null;
  switch (fields.Request) {
    case "createToken":
      return createToken(school, await schoolOrigins(school.id), fields);
    case "verifyToken":
      return verifyToken(school.id, fields);
    case "cancelToken":
      return cancelToken(school.id, fields);
    case "ChargeTokenMobile":
      return sandboxChargeTokenMobile(school.id, fields, ptlStart());
    case "refundToken":
      return answer(...(await sandboxRefundToken(school.id, fields)));
    default:
      return answer("803", "No request or error in Request type name");
  }
}

/** The sandbox transaction behind a pay-page token, or null when it is not `actor`'s payment. */
export async function getSandboxPayment(
  school: SchoolContext,
  actor: SessionUser,
  token: string,
): Promise<SandboxPayment | null> {
  const row = await findOwnTransaction(school.id, actor, token);
  if (!row) return null;
  return {
    token: row.token,
    companyRef: row.companyRef,
    amount: row.amount.toFixed(2),
    currency: row.currency,
    customer: row.customer,
    status: statusOf(row),
  };
}

/** The test page of mobile-money pushes: the signed-in payer's open ones. */
export async function getSandboxPushes(
  school: SchoolContext,
  actor: SessionUser,
): Promise<SandboxPush[]> {
  return listSandboxPushes(school.id, actor, ptlStart());
}

/**
 * The tester's choice on the pay page (or on a push: Approve is pay, Decline is decline). Returns where DPO would send the browser: the RedirectURL
 * for a payment and for a decline (verifyToken then says 000 or 901), the BackURL for a cancel.
 */
export async function decideSandboxPayment(
  school: SchoolContext,
  actor: SessionUser,
  token: string,
  action: SandboxAction,
): Promise<string> {
  const schoolId = school.id;
  if (!(await findOwnTransaction(schoolId, actor, token))) throw notFound(UNKNOWN_PAYMENT);
  const db = await schoolDb(schoolId);
  const status = { pay: "paid", decline: "declined", cancel: "cancelled" }[action];
  // One conditional update: two clicks (or two tabs) cannot both decide.
  const { count } = await db.sandboxTransaction.updateMany({
    where: { schoolId, token, status: "created", createdAt: { gt: ptlStart() } },
    data: { status },
  });
  const row = await db.sandboxTransaction.findUnique({ where: tokenKey(schoolId, token) });
  if (!row) throw notFound(UNKNOWN_PAYMENT);
  if (count === 0) throw conflict(`This test payment is already ${statusOf(row)}.`);

  if (action === "cancel") {
    return withParams(row.backUrl, { TransactionToken: row.token, CompanyRef: row.companyRef });
  }
  return withParams(row.redirectUrl, {
    TransID: row.token,
    CCDapproval: action === "pay" ? approvalOf(row.token) : "",
    PnrID: row.companyRef,
    TransactionToken: row.token,
    CompanyRef: row.companyRef,
  });
}

const UNKNOWN_PAYMENT = "This test payment does not exist.";

const tokenKey = (schoolId: number, token: string) => ({ schoolId_token: { schoolId, token } });

/** The school's transaction behind `token` when `actor` started the attempt it belongs to. */
async function findOwnTransaction(schoolId: number, actor: SessionUser, token: string) {
  const db = await schoolDb(schoolId);
  const row = await db.sandboxTransaction.findUnique({ where: tokenKey(schoolId, token) });
  if (!row) return null;
  const owned = await db.paymentAttempt.count({
    where: { schoolId, transactionRef: row.companyRef, userId: actor.id },
  });
  return owned > 0 ? row : null;
}

/** Every origin the school answers at (its hosts with APP_URL's scheme). */
async function schoolOrigins(schoolId: number): Promise<string[]> {
  const entry = await schoolEntry(schoolId);
  const scheme = new URL(env().APP_URL).protocol;
  return (entry?.hosts ?? []).map((host) => `${scheme}//${host}`);
}

async function createToken(
  school: SchoolContext,
  origins: string[],
  f: Record<string, string>,
): Promise<string> {
  const { PaymentAmount: amount, CompanyRef: companyRef } = f;
  const { RedirectURL: redirectUrl, BackURL: backUrl } = f;
  const currency = f.PaymentCurrency?.toUpperCase();
  if (!amount || !currency || !companyRef || !redirectUrl || !backUrl) {
    return answer("950", "Request missing mandatory fields");
  }
  const ngwee = /^\d{1,10}(\.\d{1,2})?$/.test(amount) ? toNgwee(amount) : 0n;
  if (ngwee <= 0n) return answer("902", "Data mismatch in one of the fields - PaymentAmount");
  if (!SUPPORTED_CURRENCIES.has(currency)) return answer("904", "Currency not supported");
  if (ngwee > SANDBOX_LIMIT_NGWEE) {
    return answer("905", "The transaction amount has exceeded your allowed transaction limit");
  }
  // The pay page sends the browser to these: only addresses of this site (no open redirect).
  if (!onSite(origins, redirectUrl) || !onSite(origins, backUrl)) {
    return answer("902", "Data mismatch in one of the fields - RedirectURL / BackURL");
  }
  const customer = [f.customerFirstName, f.customerLastName].filter(Boolean).join(" ") || null;
  const data = {
    amount: `${ngwee / 100n}.${String(ngwee % 100n).padStart(2, "0")}`,
    currency,
    redirectUrl,
    backUrl,
    customer,
    status: "created",
    createdAt: new Date(),
  };

  const db = await schoolDb(school.id);
  // companyRef is unique, as with CompanyRefUnique=1: a reference already used is refused, paid or
  // not, and its transaction left as it is (the app makes a new reference for every attempt, so
  // only a replay would repeat one). ON CONFLICT DO NOTHING: one statement, no failed insert;
  // retried once should the new token collide.
  for (let attempt = 0; attempt < 2; attempt++) {
    const token = randomUUID().toUpperCase();
    try {
      const rows = await db.$queryRaw<{ token: string }[]>`
        INSERT INTO "SandboxTransaction" ("schoolId", "token", "companyRef", "amount",
          "currency", "redirectUrl", "backUrl", "customer", "status", "createdAt", "updatedAt")
        VALUES (${school.id}, ${token}, ${companyRef}, ${data.amount}::numeric, ${data.currency},
          ${data.redirectUrl}, ${data.backUrl}, ${data.customer}, ${data.status},
          ${data.createdAt}, now())
        ON CONFLICT ("schoolId", "companyRef") DO NOTHING
        RETURNING "token"`;
      if (rows.length === 0) return answer("940", COMPANY_REF_EXISTS);
    } catch (error) {
      if (isUniqueViolation(error) && attempt === 0) continue;
      throw error;
    }
    return answer("000", "Transaction created", {
      TransToken: token,
      TransRef: `R${token.replace(/-/g, "").slice(0, 8)}`,
    });
  }
  return answer("940", COMPANY_REF_EXISTS);
}

const COMPANY_REF_EXISTS = "CompanyRef already exists";

async function verifyToken(schoolId: number, f: Record<string, string>): Promise<string> {
  if (!f.TransactionToken && !f.CompanyRef)
    return answer("950", "Request missing mandatory fields");
  const db = await schoolDb(schoolId);
  const row = f.TransactionToken
    ? await db.sandboxTransaction.findUnique({ where: tokenKey(schoolId, f.TransactionToken) })
    : await db.sandboxTransaction.findUnique({
        where: { schoolId_companyRef: { schoolId, companyRef: f.CompanyRef ?? "" } },
      });
  if (!row) return answer("902", "Data mismatch in one of the fields - TransactionToken");
  switch (statusOf(row)) {
    case "paid": {
      const amount = row.amount.toFixed(2);
      return answer("000", "Transaction Paid", {
        CustomerName: row.customer ?? "",
        CustomerCredit: row.mobileNumber ?? "4242",
        CustomerCreditType: row.mno ?? "Visa",
        TransactionApproval: approvalOf(row.token),
        TransactionCurrency: row.currency,
        TransactionAmount: amount,
        FraudAlert: "000",
        FraudExplnation: "Low Risk (Not checked)",
        TransactionNetAmount: amount,
        TransactionSettlementDate: new Date().toISOString().slice(0, 10).replace(/-/g, "/"),
        TransactionFinalAmount: amount,
        TransactionFinalCurrency: row.currency,
        AccRef: "",
      });
    }
    case "declined":
      return answer("901", "Transaction Declined");
    case "cancelled":
      return answer("904", "Transaction cancelled");
    case "expired":
      return answer("903", "The transaction passed the Payment Time Limit");
    case "created":
      return answer("900", "Transaction not paid yet");
  }
}

async function cancelToken(schoolId: number, f: Record<string, string>): Promise<string> {
  const token = f.TransactionToken;
  if (!token) return answer("950", "Request missing mandatory fields");
  const db = await schoolDb(schoolId);
  const { count } = await db.sandboxTransaction.updateMany({
    where: { schoolId, token, status: "created" },
    data: { status: "cancelled" },
  });
  if (count === 1) return answer("000", "Transaction cancelled");
  const row = await db.sandboxTransaction.findUnique({ where: tokenKey(schoolId, token) });
  if (!row) return answer("999", "Transaction not found");
  // Cancelling twice is not an error; cancelling a paid or declined transaction is.
  if (row.status === "cancelled") return answer("000", "Transaction cancelled");
  return answer("999", `Transaction cannot be cancelled: ${row.status}`);
}

function answer(result: string, explanation: string, extra: Record<string, string> = {}): string {
  const xml = builder.build({
    API3G: { Result: result, ResultExplanation: explanation, ...extra },
  });
  return `<?xml version="1.0" encoding="utf-8"?>${xml}`;
}

function statusOf(row: { status: string; createdAt: Date }): SandboxStatus {
  if (row.status === "created" && row.createdAt <= ptlStart()) return "expired";
  if (["created", "paid", "declined", "cancelled"].includes(row.status)) {
    return row.status as SandboxStatus;
  }
  return "expired";
}

function ptlStart(): Date {
  return new Date(Date.now() - SANDBOX_PTL_MINUTES * 60_000);
}

/** A stable approval code per token, so the return URL and verifyToken agree. */
function approvalOf(token: string): string {
  return String(createHash("sha256").update(token).digest().readUInt32BE(0)).padStart(10, "0");
}

function toNgwee(amount: string): bigint {
  const [whole = "0", fraction = ""] = amount.split(".");
  return BigInt(whole) * 100n + BigInt(fraction.padEnd(2, "0"));
}

/** Whether `address` is on one of the school's own addresses. */
function onSite(origins: string[], address: string): boolean {
  try {
    const url = new URL(address);
    return origins.some((origin) => url.origin === new URL(origin).origin);
  } catch {
    return false;
  }
}

/** DPO appends its parameters to whatever query string the URL already has. */
function withParams(address: string, params: Record<string, string>): string {
  const url = new URL(address);
  for (const [name, value] of Object.entries(params)) url.searchParams.append(name, value);
  return url.toString();
}
