// The environment the benchmarks (`npm run bench`, `npm run bench:capacity`) give the deploy steps
// and the production server: production mode, the fake DPO as the card provider, no mail, the
// default log level; and the names of what they run on.
import { readFileSync } from "node:fs";
import path from "node:path";
import { ROOT } from "./proc";

export const SUPERADMIN_PASSWORD = "bench-superadmin";
export const SESSION_SECRET = "bench-session-secret-0123456789abcdef0123456789";
export const POSTGRES_URL =
  process.env.BENCH_POSTGRES_URL || "postgresql://postgres@127.0.0.1:5432";

export function baseEnv(): NodeJS.ProcessEnv {
  const env = { ...process.env };
  for (const key of ["DATABASE_URL", "PGLITE_DATA_DIR", "DB_AUTO_SETUP", "SEED_DEMO", "APP_URL"]) {
    delete env[key];
  }
  return {
    ...env,
    // An empty DATABASE_URL counts as unset, and a .env file cannot fill it in behind our back.
    DATABASE_URL: "",
    NODE_ENV: "production",
    NEXT_TELEMETRY_DISABLED: "1",
    SESSION_SECRET,
    SEED_DEMO: "0",
    SEED_SUPERADMIN_PASSWORD: SUPERADMIN_PASSWORD,
    // The payment provider is the fake DPO in its own process (startFakeDpo), so its work is not
    // counted as the app's; DPO_API_URL is added when it answers.
    PAYMENT_PROVIDER: "dpo",
    DPO_PAY_URL: "https://pay.example.test/payv2.php",
    DPO_COMPANY_TOKEN: "BENCH-COMPANY",
    DPO_SERVICE_TYPE: "5525",
    SMTP_URL: "",
    // Production requires it (lib/env.ts); the seed steps never use it, the server gets its own.
    APP_URL: "http://127.0.0.1",
    // The default log level (info: one JSON line per request), as a deployment runs it.
    LOG_LEVEL: process.env.BENCH_LOG_LEVEL ?? "info",
  };
}

export function pgliteVersion(): string {
  try {
    const file = path.join(ROOT, "node_modules/@electric-sql/pglite/package.json");
    return (JSON.parse(readFileSync(file, "utf8")) as { version: string }).version;
  } catch {
    return "";
  }
}

export function redact(url: string): string {
  try {
    const u = new URL(url);
    if (u.password) u.password = "***";
    return u.toString();
  } catch {
    return url;
  }
}

export const mb = (bytes: number) => `${(bytes / 1024 ** 2).toFixed(0)} MB`;
