import { randomBytes } from "node:crypto";
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { z } from "zod";

// The environment, parsed once (on first use, so `next build` needs none of it).
const flag = z
  .enum(["1", "0", "true", "false", ""])
  .optional()
  .transform((v) => (v === undefined || v === "" ? undefined : v === "1" || v === "true"));

/** A name with a default, an empty value taking the default. */
const nameOr = (fallback: string) =>
  z.preprocess(
    (v) => (typeof v === "string" && v.trim() === "" ? undefined : v),
    z.string().trim().max(40).default(fallback),
  );

const optionalText = z
  .string()
  .trim()
  .optional()
  .or(z.literal("").transform(() => undefined))
  .transform((v) => (v === "" ? undefined : v));

const schema = z.object({
  NODE_ENV: z.enum(["development", "production", "test"]).default("development"),
  DATABASE_URL: z
    .url()
    .optional()
    .or(z.literal("").transform(() => undefined)),
  /** Named prepared statements on PostgreSQL (default on); off behind a pooler that drops them. */
  DATABASE_PREPARED_STATEMENTS: flag,
  PGLITE_DATA_DIR: z.string().min(1).default(".data/pglite"),
  /**
   * A dump of a migrated and seeded data folder (PGlite's `dumpDataDir`, a tar file) that an
   * in-memory embedded database starts from instead of an empty one: the test suite's
   * (tests/support/db-template.mjs, decision 0124). Used with `memory://` only.
   */
  PGLITE_TEMPLATE: optionalText,
  DB_AUTO_SETUP: flag,
  SESSION_SECRET: z
    .string()
    .min(32, "SESSION_SECRET must be at least 32 characters")
    .optional()
    .or(z.literal("").transform(() => undefined)),
  /** The public address; required in production, the local address and PORT in development. */
  APP_URL: z
    .url({
      protocol: /^https?$/,
      message: "APP_URL must be the app's public address, e.g. https://canteen.school.zm",
    })
    .optional()
    .or(z.literal("").transform(() => undefined)),
  PORT: z.coerce
    .number()
    .int()
    .min(1)
    .max(65_535)
    .optional()
    .or(z.literal("").transform(() => undefined)),
  TRUSTED_PROXY_HOPS: z.coerce.number().int().min(0).max(10).default(0),
  /** How often each instance runs the background sweep (payments, outbox, rate limits). */
  SWEEP_INTERVAL_SECONDS: z.coerce.number().int().min(1).max(3600).default(60),
  /** An open card payment older than this is asked about by the sweep. */
  RECONCILE_AFTER_SECONDS: z.coerce.number().int().min(0).max(86_400).default(120),
  SEED_SUPERADMIN_PASSWORD: z
    .string()
    .min(6)
    .optional()
    .or(z.literal("").transform(() => undefined)),
  SEED_DEMO: flag,
  /** The platform operator's first password (issue 45); generated into .data/platform-password if unset. */
  SEED_PLATFORM_PASSWORD: z.preprocess(
    (v) => (v === "" ? undefined : v),
    z.string().min(12, "SEED_PLATFORM_PASSWORD must be at least 12 characters").optional(),
  ),
  /** Where the operators' console answers (issue 45); APP_URL when unset. */
  PLATFORM_URL: z.preprocess(
    (v) => (v === "" ? undefined : v),
    z
      .url({ message: "PLATFORM_URL must be an address, e.g. https://platform.canteen.zm" })
      .optional(),
  ),
  /**
   * The ring of keys that encrypt schools' provider credentials (decision 0074), `id:base64,...`;
   * a key derived from SESSION_SECRET when unset.
   */
  SCHOOL_CREDENTIALS_KEYS: z.preprocess((v) => (v === "" ? undefined : v), z.string().optional()),
  SCHOOL_TIMEZONE: z
    .string()
    .default("Africa/Lusaka")
    .refine((tz) => {
      try {
        new Intl.DateTimeFormat("en", { timeZone: tz });
        return true;
      } catch {
        return false;
      }
    }, "SCHOOL_TIMEZONE must be an IANA time zone such as Africa/Lusaka"),
  SMTP_URL: z
    .string()
    .optional()
    .or(z.literal("").transform(() => undefined)),
  MAIL_FROM: z.string().default("School Canteen <no-reply@localhost>"),
  PAYMENT_PROVIDER: z
    .enum(["dpo", "sandbox"], "PAYMENT_PROVIDER must be dpo or sandbox")
    .optional()
    .or(z.literal("").transform(() => undefined)),
  PAYMENT_SANDBOX_ALLOWED_IN_PRODUCTION: flag,
  DPO_API_URL: z.url().default("https://secure.3gdirectpay.com/API/v6/"),
  DPO_PAY_URL: z.url().default("https://secure.3gdirectpay.com/payv2.php"),
  DPO_COMPANY_TOKEN: z
    .string()
    .optional()
    .or(z.literal("").transform(() => undefined)),
  DPO_SERVICE_TYPE: z
    .string()
    .optional()
    .or(z.literal("").transform(() => undefined)),
  DPO_TIMEOUT_MS: z.preprocess(
    (v) => (v === "" ? undefined : v),
    z.coerce.number().int().min(1000).max(120_000).default(15_000),
  ),
  /** Mobile money (ChargeTokenMobile): the operator names of the merchant's DPO set-up. */
  DPO_MNO_AIRTEL: nameOr("AirtelZM"),
  DPO_MNO_MTN: nameOr("MTNZM"),
  DPO_MNO_COUNTRY: nameOr("zambia"),
  /** SMS through Africa's Talking (issue 48): off unless named, with its username and key. */
  SMS_PROVIDER: z
    .enum(["africastalking"], "SMS_PROVIDER must be africastalking (or empty: no SMS)")
    .optional()
    .or(z.literal("").transform(() => undefined)),
  AT_USERNAME: optionalText,
  AT_API_KEY: optionalText,
  AT_API_URL: z.preprocess(
    (v) => (v === "" ? undefined : v),
    z.url().default("https://api.africastalking.com"),
  ),
  /** The secret path segment of the delivery-report and opt-out callbacks. */
  AT_CALLBACK_SECRET: optionalText,
  /** WhatsApp's Cloud API: off unless the token and the phone number id are set. */
  WHATSAPP_TOKEN: optionalText,
  WHATSAPP_PHONE_NUMBER_ID: optionalText,
  WHATSAPP_APP_SECRET: optionalText,
  WHATSAPP_VERIFY_TOKEN: optionalText,
  WHATSAPP_API_URL: z.preprocess(
    (v) => (v === "" ? undefined : v),
    z.url().default("https://graph.facebook.com/v21.0"),
  ),
  /** How long a call to the SMS or WhatsApp provider may take before it counts as down. */
  MESSAGING_TIMEOUT_MS: z.preprocess(
    (v) => (v === "" ? undefined : v),
    z.coerce.number().int().min(500).max(60_000).default(10_000),
  ),
  /** How long the Cart's waiting screen polls a push before handing over to the sweep. */
  MOBILE_MONEY_WAIT_SECONDS: z.preprocess(
    (v) => (v === "" ? undefined : v),
    z.coerce.number().int().min(10).max(900).default(180),
  ),
});

type RawEnv = z.infer<typeof schema>;

export type Env = Omit<
  RawEnv,
  | "APP_URL"
  | "SESSION_SECRET"
  | "DB_AUTO_SETUP"
  | "SEED_DEMO"
  | "PAYMENT_PROVIDER"
  | "PAYMENT_SANDBOX_ALLOWED_IN_PRODUCTION"
> & {
  /** The public address: APP_URL, or this machine at PORT outside production. */
  APP_URL: string;
  SESSION_SECRET: string;
  /** Apply migrations and seed an empty database on first use. */
  DB_AUTO_SETUP: boolean;
  SEED_DEMO: boolean;
  embedded: boolean;
  production: boolean;
  /** Cookies are Secure (and `__Host-` prefixed) when the app is served over https. */
  secureCookies: boolean;
  /** Card payments: DPO Pay, or the built-in sandbox (no account, no network, no money). */
  PAYMENT_PROVIDER: "dpo" | "sandbox";
  PAYMENT_SANDBOX_ALLOWED_IN_PRODUCTION: boolean;
};

let cached: Env | undefined;

export function env(): Env {
  cached ??= loadEnv(process.env);
  return cached;
}

export function loadEnv(source: NodeJS.ProcessEnv): Env {
  const parsed = schema.safeParse(source);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((i) => `${i.path.join(".")}: ${i.message}`);
    throw new Error(`Invalid environment:\n  ${problems.join("\n  ")}`);
  }
  const raw = parsed.data;
  const embedded = !raw.DATABASE_URL;
  const production = raw.NODE_ENV === "production";
  // `next build` also runs with NODE_ENV=production, but serves nobody: the address is asked for
  // when the server starts (scripts/serve.mjs and here), not when it is built.
  const building = source.NEXT_PHASE === "phase-production-build";
  const APP_URL = appUrl(raw, production && !building);
  return {
    ...raw,
    APP_URL,
    embedded,
    production,
    DB_AUTO_SETUP: raw.DB_AUTO_SETUP ?? embedded,
    SEED_DEMO: raw.SEED_DEMO ?? raw.NODE_ENV === "development",
    secureCookies: new URL(APP_URL).protocol === "https:",
    SESSION_SECRET: raw.SESSION_SECRET ?? localSessionSecret(raw, embedded, production),
    ...paymentProvider(raw, production),
  };
}

export const APP_URL_REQUIRED =
  "APP_URL is required in production: the address parents open, e.g. https://canteen.school.zm " +
  "(card payments return there and the server calls the payment sandbox there).";

/**
 * The public address (issue 24 §6). Development and tests default to this machine at PORT, so
 * `PORT=4000 npm run dev` pays through the sandbox without more; production has no safe guess.
 */
function appUrl(raw: RawEnv, production: boolean): string {
  if (raw.APP_URL) return raw.APP_URL;
  if (production) throw new Error(APP_URL_REQUIRED);
  return `http://localhost:${raw.PORT ?? 3000}`;
}

/** The sandbox takes no money: in production it must be asked for twice. */
function paymentProvider(raw: RawEnv, production: boolean) {
  const provider = raw.PAYMENT_PROVIDER ?? (production ? "dpo" : "sandbox");
  const sandboxAllowed = raw.PAYMENT_SANDBOX_ALLOWED_IN_PRODUCTION ?? false;
  if (production && provider === "sandbox" && !sandboxAllowed) {
    throw new Error(
      "PAYMENT_PROVIDER=sandbox takes no real payments and is refused in production. Use " +
        "PAYMENT_PROVIDER=dpo, or set PAYMENT_SANDBOX_ALLOWED_IN_PRODUCTION=1 for a demo server.",
    );
  }
  // Missing DPO credentials do not stop the portal: sign-in, menus and free orders keep working,
  // and card payments answer 503 with a plain message until they are set (lib/payments).
  return {
    PAYMENT_PROVIDER: provider,
    PAYMENT_SANDBOX_ALLOWED_IN_PRODUCTION: sandboxAllowed,
  } satisfies Pick<Env, "PAYMENT_PROVIDER" | "PAYMENT_SANDBOX_ALLOWED_IN_PRODUCTION">;
}

/**
 * Several instances must share one secret, so with PostgreSQL in production it has to be given.
 * The embedded database lives on one machine; its secret can live beside it in the data folder.
 */
function localSessionSecret(raw: RawEnv, embedded: boolean, production: boolean): string {
  if (production && !embedded) {
    throw new Error("SESSION_SECRET is required in production (at least 32 characters).");
  }
  if (raw.PGLITE_DATA_DIR.startsWith("memory://")) return randomBytes(32).toString("base64url");
  const file = path.join(path.dirname(path.resolve(raw.PGLITE_DATA_DIR)), "session-secret");
  if (existsSync(file)) {
    const saved = readFileSync(file, "utf8").trim();
    if (saved.length >= 32) return saved;
  }
  mkdirSync(path.dirname(file), { recursive: true });
  const secret = randomBytes(32).toString("base64url");
  try {
    // "wx": when two processes start at once, the first secret written wins and both use it.
    writeFileSync(file, secret, { mode: 0o600, flag: "wx" });
    return secret;
  } catch {
    return readFileSync(file, "utf8").trim();
  }
}
