// How a refunded order's money went back (issue 25 part 3): the methods Refund Management offers,
// the record the refund list shows, and the part of it a parent's Order History shows.

export const REFUND_METHODS = ["cash", "mobile_money", "bank", "card_reversal", "credit"] as const;
export type RefundMethod = (typeof REFUND_METHODS)[number];

export const REFUND_METHOD_LABELS: Record<RefundMethod, string> = {
  cash: "Cash at the shop",
  mobile_money: "Mobile money",
  bank: "Bank transfer",
  card_reversal: "Card reversal in DPO's portal",
  credit: "Account credit",
};

/**
 * Issue 49: the method recorded when DPO refunded the card (refundToken). Not one the office can
 * choose by hand: it is written only with DPO's 000.
 */
export const DPO_REFUND_METHOD = "dpo";
export type RecordedRefundMethod = RefundMethod | typeof DPO_REFUND_METHOD;

/** Longest reference (e.g. a mobile-money transaction id) and note kept. */
export const REFUND_REFERENCE_MAX = 100;
export const REFUND_NOTE_MAX = 500;

export function refundMethodLabel(method: string): string {
  if (method === DPO_REFUND_METHOD) return "Card refund through DPO";
  return (REFUND_METHOD_LABELS as Record<string, string>)[method] ?? method;
}

/** On the parent's order (OrderDto.refund): how and when the money went back. */
export type OrderRefundInfo = {
  method: RecordedRefundMethod;
  reference: string | null;
  refundedAt: string;
};

/** On a Refund Management row: the whole record, with the admin who made it. */
export type RefundRecordDto = OrderRefundInfo & { note: string | null; adminName: string | null };
