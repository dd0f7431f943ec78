// Mobile money through DPO's push (issue 16): the operators, their limits, the method labels and
// the shapes of the calls. Pure: the server's checks and the Cart's screen read the same table.

import { formatNgwee } from "@/lib/money";

export const MOBILE_OPERATORS = ["airtel", "mtn"] as const;
export type MobileOperator = (typeof MOBILE_OPERATORS)[number];

export function isMobileOperator(value: unknown): value is MobileOperator {
  return (MOBILE_OPERATORS as readonly unknown[]).includes(value);
}

export type OperatorInfo = {
  /** What the parent reads: the wallet's own name. */
  label: string;
  /** The national prefixes without the leading 0 (097 → "97"). */
  prefixes: readonly string[];
  /** Per payment, in ngwee, both ends allowed. */
  minNgwee: number;
  maxNgwee: number;
};

/** Zambia's mobile-money operators (../shared/reference/dpo-pay.md). */
export const OPERATORS: Record<MobileOperator, OperatorInfo> = {
  airtel: { label: "Airtel Money", prefixes: ["97", "77"], minNgwee: 1_00, maxNgwee: 10_000_00 },
  mtn: { label: "MTN MoMo", prefixes: ["96", "76"], minNgwee: 10, maxNgwee: 20_000_00 },
};

/** Zamtel's prefixes: recognised so that the parent is told why, refused until supported. */
export const ZAMTEL_PREFIXES: readonly string[] = ["95", "75"];

/** `paymentMethod` of POST /api/payments/create and of a payment attempt. */
export const PAYMENT_METHODS = { card: "CARD", mobile: "MOBILE" } as const;
export type PaymentMethod = (typeof PAYMENT_METHODS)[keyof typeof PAYMENT_METHODS];

/** How an attempt was paid, as Live Orders, Order Recovery and Order History show it. */
export type PaymentMethodInfo = {
  method: PaymentMethod;
  operator: MobileOperator | null;
  /** "097****456" for mobile money, null for a card. */
  maskedNumber: string | null;
};

/** An attempt's columns as the screens read them; null when the order had no payment attempt. */
export function paymentInfoOf(row: {
  paymentMethod: string | null;
  mobileOperator: string | null;
  mobileNumber: string | null;
}): PaymentMethodInfo | null {
  if (row.paymentMethod === null) return null;
  const mobile = row.paymentMethod === PAYMENT_METHODS.mobile;
  return {
    method: mobile ? PAYMENT_METHODS.mobile : PAYMENT_METHODS.card,
    operator: mobile && isMobileOperator(row.mobileOperator) ? row.mobileOperator : null,
    maskedNumber: mobile ? row.mobileNumber : null,
  };
}

/** A payment attempt's method (every attempt has one: CARD unless it says MOBILE). */
export function attemptPayment(row: {
  paymentMethod: string;
  mobileOperator: string | null;
  mobileNumber: string | null;
}): PaymentMethodInfo {
  return paymentInfoOf(row) ?? { method: PAYMENT_METHODS.card, operator: null, maskedNumber: null };
}

/** "Card", "Airtel Money", "MTN MoMo". */
export function paymentMethodLabel(info: Pick<PaymentMethodInfo, "method" | "operator">): string {
  if (info.method === PAYMENT_METHODS.mobile && info.operator)
    return OPERATORS[info.operator].label;
  if (info.method === PAYMENT_METHODS.mobile) return "Mobile Money";
  return "Card";
}

/** "Airtel Money 097****456", "Card". */
export function paymentMethodText(info: PaymentMethodInfo): string {
  const label = paymentMethodLabel(info);
  return info.maskedNumber ? `${label} ${info.maskedNumber}` : label;
}

export const MOBILE_MONEY_OFF = "Mobile money is not available at the moment. Please pay by card.";
export const operatorOff = (label: string) =>
  `${label} is not accepted at the moment. Please use another number or pay by card.`;

/** The operator's limit refusal, or null when the amount is within it. */
export function operatorLimitError(operator: MobileOperator, totalNgwee: number): string | null {
  const { label, minNgwee, maxNgwee } = OPERATORS[operator];
  if (totalNgwee >= minNgwee && totalNgwee <= maxNgwee) return null;
  const range = `${formatNgwee(minNgwee)} to ${formatNgwee(maxNgwee)}`;
  return totalNgwee < minNgwee
    ? `${label} takes payments of ${range}. This order is below the minimum of ${formatNgwee(minNgwee)}.`
    : `${label} takes payments of ${range}. This order is above the limit of ${formatNgwee(maxNgwee)}: pay by card or split the order.`;
}

/** GET /api/settings/mobile-money: whether the Cart offers mobile money, and for which wallets. */
export type MobileMoneySettingsDto = {
  enabled: boolean;
  operators: Record<MobileOperator, boolean>;
  /** How long the waiting screen polls before it hands over to the sweep (seconds). */
  waitSeconds: number;
};

/** The waiting screen asks for the verification this often (issue 16). */
export const MOBILE_POLL_INTERVAL_MS = 3_000;
/** The production default of the wait (MOBILE_MONEY_WAIT_SECONDS). */
export const DEFAULT_MOBILE_WAIT_SECONDS = 180;

/** POST /api/payments/create with paymentMethod MOBILE: the push went out. */
export type MobilePaymentAnswer = {
  TransToken: string;
  Result: "000";
  companyRef: string;
  /** DPO's text for the payer ("Please approve the payment on your phone …"), may be empty. */
  instructions: string;
};

/** The error answer's extra fields when DPO refused the push or could not be asked. */
export type MobilePushFailure = {
  /** refused: DPO said no (correct the number and try again); unknown: no answer. */
  pushStatus: "refused" | "unknown";
  TransToken: string;
  companyRef: string;
  Code?: string;
};
