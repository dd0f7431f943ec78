// The family wallet (issue 47): the account's credit, topped up by card or mobile money. Pure: the
// server's checks and the parent's screen read the same limits and texts. Amounts are 2-decimal
// kwacha strings.
import { formatNgwee, toNgwee } from "@/lib/money";

/** A school's limits per top-up, in ngwee, both ends allowed (issue 47: K20 to K2,000). */
export const DEFAULT_TOP_UP_LIMITS = { minNgwee: 20_00, maxNgwee: 2_000_00 } as const;

/** GET and POST /api/settings/wallet: the school's limits per top-up. */
export type WalletSettingsDto = { minTopUp: string; maxTopUp: string };

/** `paymentMethod` of POST /api/account/top-up: a card (DPO's pay page) or a mobile-money push. */
export const TOP_UP_METHODS = ["CC", "MOBILE"] as const;
export type TopUpMethod = (typeof TOP_UP_METHODS)[number];

/** The refusal of an amount outside the school's limits. */
export function topUpLimitError(ngwee: number, limits: WalletSettingsDto): string | null {
  const min = toNgwee(limits.minTopUp);
  const max = toNgwee(limits.maxTopUp);
  if (ngwee >= min && ngwee <= max) return null;
  return `A top-up must be between ${formatNgwee(min)} and ${formatNgwee(max)}.`;
}

/** A top-up attempt's cart key: the prefix, then the amount (the same amount reuses it). */
export const TOP_UP_KEY_PREFIX = "topup:";

/** What a paid top-up's return page shows instead of a meal receipt. */
export type TopUpReceiptDto = {
  /** Our reference of the payment (the CompanyRef the provider shows too). */
  reference: string;
  amount: string;
  /** The wallet after it. */
  balance: string;
};

/** GET and PUT /api/account/wallet: the parent's own wallet settings (issue 47). */
export type WalletDto = {
  /** Below this balance a spend sends one message a day; null: no message. */
  lowBalanceThreshold: string | null;
  /** Each counter purchase is e-mailed to the parent (issue 47: "can be told of each one"). */
  counterReceipts: boolean;
};
