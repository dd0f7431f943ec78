import "server-only";
import { createHmac, timingSafeEqual } from "node:crypto";
import { ApiError } from "@/lib/api/errors";
import { env, type Env } from "@/lib/env";
import type { DpoConfig } from "@/lib/payments/dpo-transport";
import { log } from "@/lib/observability/log";

// Which card provider the app talks to, and how. The sandbox speaks DPO's own XML protocol at an
// address of this app, so the client code is the same for both.

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

export function paymentProviderConfig(): PaymentProviderConfig {
  return providerConfigFrom(env());
}

export function isSandboxEnabled(): boolean {
  return env().PAYMENT_PROVIDER === "sandbox";
}

/**
 * The sandbox's company token: a secret of this install that only the app's own provider client
 * sends, so its API answers nobody else (issue 43 §1, decision 0066). Derived from SESSION_SECRET,
 * which is random per install and shared by every instance on one database (given in production
 * with PostgreSQL, kept beside the embedded database otherwise), so any instance can answer for a
 * token another created. One-way: the token reveals nothing of the session secret.
 */
export function sandboxCompanyToken(config: Pick<Env, "SESSION_SECRET"> = env()): string {
  return createHmac("sha256", config.SESSION_SECRET)
    .update("payment sandbox company token")
    .digest("base64url");
}

/** Whether `token` is this install's sandbox company token (compared in constant time). */
export function isSandboxCompanyToken(token: string | undefined): boolean {
  if (!token) return false;
  const expected = Buffer.from(sandboxCompanyToken());
  const given = Buffer.from(token);
  return given.length === expected.length && timingSafeEqual(given, expected);
}

/** The configuration for a given environment (separate from env() so it can be tested). */
export function providerConfigFrom(config: Env): PaymentProviderConfig {
  if (config.PAYMENT_PROVIDER === "sandbox") {
    const base = config.APP_URL.replace(/\/+$/, "");
    return {
      provider: "sandbox",
      sandbox: true,
      client: {
        apiUrl: `${base}${SANDBOX_API_PATH}`,
        companyToken: sandboxCompanyToken(config),
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
