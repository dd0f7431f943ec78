import { z } from "zod";
import { MOBILE_OPERATORS } from "@/lib/contracts/mobile-money";
import { TOP_UP_METHODS } from "@/lib/contracts/wallet";
import { toNgwee } from "@/lib/money";
import { singleLine } from "@/lib/validations/text";

// The wallet's calls (issue 47). Amounts are kwacha with at most 2 decimals, read as ngwee; the
// browser's return addresses are accepted for the spec's shape and never used (as for a cart).

export const AMOUNT_FORMAT = "Amount must be in kwacha, like 150 or 150.00";

/** A positive kwacha amount (a number or a string), as ngwee. */
const ngwee = z.union([z.number(), z.string().max(20)]).transform((value, ctx) => {
  try {
    // A number as it was written (12.345 stays 12.345 and is refused), not rounded to 2 decimals.
    const parsed = toNgwee(typeof value === "number" ? String(value) : value);
    if (parsed > 0) return parsed;
  } catch {
    // Reported below, as every other unreadable amount.
  }
  ctx.addIssue({ code: "custom", message: AMOUNT_FORMAT });
  return z.NEVER;
});
/** The same amount for the wallet's other calls (a withdrawal, issue 47). */
export const positiveKwacha = ngwee;
const text = (label: string, max: number) => z.string().check(singleLine(label)).max(max).nullish();

/** POST /api/account/top-up. */
export const topUpSchema = z.object({
  amount: ngwee,
  paymentMethod: z.preprocess(
    (value) => (typeof value === "string" ? value.trim().toUpperCase() : value),
    z.enum(TOP_UP_METHODS, 'Payment method must be "CC" (card) or "MOBILE" (mobile money)'),
  ),
  mobileNumber: text("Mobile number", 40),
  mobileOperator: z.enum(MOBILE_OPERATORS, "Mobile operator must be airtel or mtn").nullish(),
  redirectURL: text("Redirect URL", 2000),
  backURL: text("Back URL", 2000),
});
export type TopUpInput = z.output<typeof topUpSchema>;

/** The largest top-up a school may allow: the most either operator takes in one payment. */
export const MAX_TOP_UP_LIMIT_NGWEE = 20_000_00;
export const TOP_UP_LIMITS_ORDER = "The smallest top-up cannot be more than the largest";
export const TOP_UP_LIMIT_TOO_HIGH = "The largest top-up can be at most K20,000.00";

/** POST /api/settings/wallet: the school's limits per top-up. */
export const walletSettingsSchema = z
  .object({ minTopUp: ngwee, maxTopUp: ngwee })
  .refine((limits) => limits.minTopUp <= limits.maxTopUp, {
    message: TOP_UP_LIMITS_ORDER,
    path: ["minTopUp"],
  })
  .refine((limits) => limits.maxTopUp <= MAX_TOP_UP_LIMIT_NGWEE, {
    message: TOP_UP_LIMIT_TOO_HIGH,
    path: ["maxTopUp"],
  });
export type WalletSettingsInput = z.output<typeof walletSettingsSchema>;

export const THRESHOLD_TOO_HIGH = "The low-balance alert can be at most K20,000.00";

/** PUT /api/account/wallet: a threshold in kwacha, or null to turn the message off. */
export const walletSchema = z.object({
  lowBalanceThreshold: ngwee
    .refine((value) => value <= MAX_TOP_UP_LIMIT_NGWEE, THRESHOLD_TOO_HIGH)
    .nullable(),
  /** Left out: unchanged. */
  counterReceipts: z.boolean({ error: "Counter receipts must be true or false" }).optional(),
});
export type WalletInput = z.output<typeof walletSchema>;
