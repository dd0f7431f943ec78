import "server-only";
import { createHmac, timingSafeEqual } from "node:crypto";
import { ApiError } from "@/lib/api/errors";
import { DEFAULT_SCHOOL_ID, type SchoolContext } from "@/lib/contracts/schools";
import { env, type Env } from "@/lib/env";
import type { DpoConfig } from "@/lib/payments/dpo-transport";
import { log } from "@/lib/observability/log";
import { decryptSchoolPayment, type SchoolPayment } from "@/lib/schools/payment-credentials";
import { schoolEntry } from "@/lib/schools/resolve-school";

// Which card provider the app talks to, and how. The sandbox speaks DPO's own XML protocol at an
// address of this app, so the client code is the same for both. Per school (issue 45): the
// school's own provider once it has one (schoolPayment, the one seam), else the environment's;
// the sandbox's pay page at the school's own origin, its API (called by the server) at APP_URL.

export type PaymentProviderConfig = {
  provider: "dpo" | "sandbox";
  /** True when payments go to the built-in sandbox: no account, no network, no money. */
  sandbox: boolean;
  client: DpoConfig;
  /** The hosted pay page; open it with payPageUrl(payUrl, token). */
  payUrl: string;
};

export const PAYMENTS_NOT_CONFIGURED =
  "Card payments are not set up yet. Please contact the school office.";

export const SANDBOX_SERVICE_TYPE = "SANDBOX-SERVICE";
export const SANDBOX_API_PATH = "/api/payments/sandbox/api";
export const SANDBOX_PAY_PATH = "/payment/sandbox";

/**
 * The school's own provider (its DPO account, or the sandbox), or null when it has none and pays
 * through the environment's configuration. The one place where a school's own configuration is
 * read: kept encrypted (lib/schools/payment-credentials.ts: AES-256-GCM with the school's id as
 * additional data), decrypted here, never answered or logged. One indexed read by primary key.
 */
async function schoolPayment(school: SchoolContext): Promise<SchoolPayment | null> {
  // Read with the directory of schools (a few seconds old at most, like its hosts and status), so
  // a payment reads no more than it did before schools had their own providers.
  const entry = await schoolEntry(school.id);
  return decryptSchoolPayment(school.id, entry?.storedPayment) ?? null;
}

/** The provider a school's payments go to: its own, else the environment's. */
export async function providerFor(school: SchoolContext): Promise<PaymentProviderConfig> {
  return providerConfigFrom(withSchoolPayment(env(), await schoolPayment(school)), school);
}

/** Whether the school pays through the built-in sandbox (its pages and API answer only then). */
export async function isSandboxFor(school: SchoolContext): Promise<boolean> {
  return withSchoolPayment(env(), await schoolPayment(school)).PAYMENT_PROVIDER === "sandbox";
}

function withSchoolPayment(config: Env, own: SchoolPayment | null): Env {
  if (!own) return config;
  if (own.provider === "sandbox") return { ...config, PAYMENT_PROVIDER: "sandbox" };
  return {
    ...config,
    PAYMENT_PROVIDER: "dpo",
    DPO_COMPANY_TOKEN: own.companyToken,
    DPO_SERVICE_TYPE: own.serviceType,
  };
}

/**
 * The sandbox's company token: a secret of this install that only the app's own provider client
 * sends, so its API answers nobody else (issue 43 §1, decision 0066). Derived from SESSION_SECRET,
 * which is random per install and shared by every instance on one database (given in production
 * with PostgreSQL, kept beside the embedded database otherwise), so any instance can answer for a
 * token another created. One-way: the token reveals nothing of the session secret. One per school
 * (the default school's is the install's token of before): a school's sandbox answers only the
 * app acting for that school.
 */
export function sandboxCompanyToken(
  config: Pick<Env, "SESSION_SECRET"> = env(),
  schoolId: number = DEFAULT_SCHOOL_ID,
): string {
  const purpose =
    schoolId === DEFAULT_SCHOOL_ID
      ? "payment sandbox company token"
      : `payment sandbox company token of school ${schoolId}`;
  const mac = createHmac("sha256", config.SESSION_SECRET).update(purpose).digest("base64url");
  // Another school's token names it, as a DPO company token names its merchant: the sandbox's
  // API is one address for the platform (APP_URL), and the token says which school calls.
  return schoolId === DEFAULT_SCHOOL_ID ? mac : `school-${schoolId}.${mac}`;
}

/** The school a sandbox company token claims to act for (checked by isSandboxCompanyToken). */
export function sandboxSchoolOf(token: string | undefined): number | undefined {
  if (!token) return undefined;
  const named = /^school-(\d{1,9})\./.exec(token);
  return named ? Number(named[1]) : DEFAULT_SCHOOL_ID;
}

/** Whether `token` is the school's sandbox company token (compared in constant time). */
export function isSandboxCompanyToken(schoolId: number, token: string | undefined): boolean {
  if (!token) return false;
  const expected = Buffer.from(sandboxCompanyToken(env(), schoolId));
  const given = Buffer.from(token);
  return given.length === expected.length && timingSafeEqual(given, expected);
}

/**
 * The configuration for a given environment and school (separate from env() so it can be
 * tested); without a school, the default school at APP_URL.
 */
export function providerConfigFrom(
  config: Env,
  school: Pick<SchoolContext, "id" | "origin"> = { id: DEFAULT_SCHOOL_ID, origin: config.APP_URL },
): PaymentProviderConfig {
  if (config.PAYMENT_PROVIDER === "sandbox") {
    const base = school.origin.replace(/\/+$/, "");
    return {
      provider: "sandbox",
      sandbox: true,
      client: {
        // The server's own call: at APP_URL, which it can always reach (decision 0066).
        apiUrl: `${config.APP_URL.replace(/\/+$/, "")}${SANDBOX_API_PATH}`,
        companyToken: sandboxCompanyToken(config, school.id),
        serviceType: SANDBOX_SERVICE_TYPE,
        timeoutMs: config.DPO_TIMEOUT_MS,
      },
      payUrl: `${base}${SANDBOX_PAY_PATH}`,
    };
  }
  if (!config.DPO_COMPANY_TOKEN || !config.DPO_SERVICE_TYPE) {
    log.error(
      "DPO_COMPANY_TOKEN and DPO_SERVICE_TYPE are required with PAYMENT_PROVIDER=dpo " +
        "(or use PAYMENT_PROVIDER=sandbox outside production)",
    );
    throw new ApiError(503, PAYMENTS_NOT_CONFIGURED);
  }
  return {
    provider: "dpo",
    sandbox: false,
    client: {
      apiUrl: config.DPO_API_URL,
      companyToken: config.DPO_COMPANY_TOKEN,
      serviceType: config.DPO_SERVICE_TYPE,
      timeoutMs: config.DPO_TIMEOUT_MS,
    },
    payUrl: config.DPO_PAY_URL,
  };
}
