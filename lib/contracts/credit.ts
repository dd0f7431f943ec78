// Account credit (issue 17): the ledger's movements as a parent and an admin see them, the answer
// of closing a day, and the processor of orders paid wholly by credit. Amounts are 2-decimal
// strings; an entry's amount is signed (negative takes credit away).
import { fromNgwee } from "@/lib/money";

export const CREDIT_KINDS = [
  "closure",
  "refund",
  "adjustment",
  "spent",
  "released",
  // Issue 47, the wallet: paid in, sold at the counter, held for a payout.
  "topup",
  "counter",
  "withdrawal",
] as const;
export type CreditKind = (typeof CREDIT_KINDS)[number];

/** The payment processor of orders paid wholly by account credit. */
export const CREDIT_PROCESSOR = "CREDIT";

export type CreditEntryDto = {
  id: number;
  /** Signed, 2 decimals: "36.50" credited, "-36.50" spent or removed. */
  amount: string;
  kind: CreditKind;
  description: string;
  createdAt: string;
};

/**
 * GET /api/account/credit and GET /api/parents/{id}/credit: newest movement first. `held` is the
 * part already taken by a card or mobile-money payment still open: a new checkout settles that
 * payment first, so it may spend balance + held.
 */
export type AccountCreditDto = { balance: string; held: string; entries: CreditEntryDto[] };

/** POST /api/order-cycles/{id}/close-day, and its preview (GET, nothing changed). */
export type CloseDayAnswer = { cancelledCount: number; creditedTotal: string };

/** How a movement reads in Order History and in Parents & Students. */
export function creditDescription(kind: CreditKind, reason: string | null): string {
  switch (kind) {
    case "closure":
      return reason ? `School closed: ${reason}` : "School closed";
    case "refund":
      return "Refund of a cancelled order";
    case "adjustment":
      return reason ? `Adjustment by the school: ${reason}` : "Adjustment by the school";
    case "spent":
      return "Paid for meals";
    case "released":
      return "Returned from a payment that did not go through";
    case "topup":
      return reason ? `Top-up: ${reason}` : "Top-up";
    case "counter":
      return reason ? `Counter: ${reason}` : "Bought at the counter";
    case "withdrawal":
      return reason ? `Withdrawal: ${reason}` : "Withdrawal";
  }
}

/** The credit a checkout spends: all of it, up to the cart's total (ngwee). */
export function creditToSpend(balanceNgwee: number, totalNgwee: number): number {
  return Math.max(0, Math.min(balanceNgwee, totalNgwee));
}

/** What is left to pay by card or mobile money once the credit is spent, 2 decimals. */
export function amountAfterCredit(balanceNgwee: number, totalNgwee: number): string {
  return fromNgwee(totalNgwee - creditToSpend(balanceNgwee, totalNgwee));
}
