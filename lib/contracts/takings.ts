// Takings and settlement matching (issue 49, decision 0116): the shapes of GET /api/revenue/takings,
// GET /api/revenue/takings/payments and POST /api/revenue/settlement, shared by the handlers and
// the Revenue section's tabs. Amounts are 2-decimal strings ("1234.50"); days are the school's.

/** Every line of the takings, in the order the screen and the CSV show them. */
export const TAKINGS_LINES = [
  "card",
  "airtel",
  "mtn",
  "transfer",
  "credit_spent",
  "counter",
  "refund_cash",
  "refund_mobile_money",
  "refund_bank",
  "refund_card_reversal",
  "refund_card_dpo",
  "payout",
] as const;
export type TakingsLine = (typeof TAKINGS_LINES)[number];

/** received: money that came in; credit: paid from families' wallets; out: money that went back. */
export type TakingsGroup = "received" | "credit" | "out";

export const TAKINGS_LINE_INFO: Record<TakingsLine, { label: string; group: TakingsGroup }> = {
  card: { label: "Card (DPO)", group: "received" },
  airtel: { label: "Airtel Money (DPO)", group: "received" },
  mtn: { label: "MTN MoMo (DPO)", group: "received" },
  transfer: { label: "Bank transfer or mobile money, verified by the office", group: "received" },
  credit_spent: { label: "Meals paid from credit", group: "credit" },
  counter: { label: "Counter sales", group: "credit" },
  refund_cash: { label: "Refunds in cash", group: "out" },
  refund_mobile_money: { label: "Refunds by mobile money", group: "out" },
  refund_bank: { label: "Refunds by bank transfer", group: "out" },
  refund_card_reversal: { label: "Refunds by card reversal", group: "out" },
  refund_card_dpo: { label: "Refunds to card through DPO", group: "out" },
  payout: { label: "Wallet payouts", group: "out" },
};

export function isTakingsLine(value: string): value is TakingsLine {
  return (TAKINGS_LINES as readonly string[]).includes(value);
}

/** One payment (or sale, refund, payout) behind a figure. */
export type TakingsItemDto = {
  line: TakingsLine;
  /** "payment-12", "order-40", "sale-3", "refund-7", "withdrawal-2": unique across lines. */
  key: string;
  /** The school's date of the money movement (YYYY-MM-DD). */
  day: string;
  /** When it happened (ISO instant). */
  at: string;
  amount: string;
  /** The account's name (the family, or the teacher). */
  account: string | null;
  /** DPO's transaction token, the office's reference, or the order or sale number. */
  reference: string | null;
};

export type TakingsLineDto = { line: TakingsLine; count: number; amount: string };

export type TakingsDayDto = { day: string; lines: TakingsLineDto[]; received: string };

export type TakingsDto = {
  from: string;
  to: string;
  timeZone: string;
  /** The period's lines (every line, zeros included). */
  lines: TakingsLineDto[];
  /** Days with any movement, oldest first, each with its lines that moved. */
  days: TakingsDayDto[];
  totals: { received: string; fromCredit: string; out: string; net: string };
  /** Every account's credit at the end of the period's last day. */
  creditOutstanding: string;
};

export type TakingsPaymentsDto = { items: TakingsItemDto[]; truncated: boolean };

/** The most items one drill-down answers (the figure's total is still exact). */
export const TAKINGS_ITEMS_LIMIT = 1000;
/** The longest period asked at once. */
export const TAKINGS_MAX_DAYS = 366;
export const SETTLEMENT_SPAN_MESSAGE = `A settlement report covers at most ${TAKINGS_MAX_DAYS} days: upload it in parts`;

// Settlement matching.

export type SettlementLineStatus = "paid" | "not_paid";

/** One line of DPO's settlement report as accepted. */
export type SettlementLine = {
  /** The line's number in the file (the header is line 1). */
  lineNumber: number;
  token: string;
  reference: string | null;
  amount: string;
  currency: string;
  date: string;
  status: SettlementLineStatus;
};

export type SettlementMatchKind =
  | "matched"
  | "amount_differs"
  | "currency_differs"
  | "not_in_books"
  | "duplicate"
  | "not_paid_at_dpo";

export type SettlementMatchDto = {
  kind: SettlementMatchKind;
  line: SettlementLine;
  /** The payment it names, when there is one. */
  payment: { id: number; token: string; reference: string; amount: string; at: string } | null;
};

export type SettlementDto = {
  lines: number;
  matches: SettlementMatchDto[];
  /** Paid payments of the report's dates with no line in the report. */
  missingFromReport: {
    id: number;
    token: string | null;
    reference: string;
    amount: string;
    at: string;
  }[];
  summary: Record<SettlementMatchKind | "missing_from_report", number>;
  /** The report's first and last date: the payments compared with it. */
  from: string | null;
  to: string | null;
};

export type SettlementLineError = { line: number; message: string };
