// A family's statement (issue 49): what the account paid, ordered, got back and moved through
// its wallet over a period, as the PDF of GET /api/account/statement draws it. Amounts are
// 2-decimal strings (signed where money can go both ways); instants are ISO strings, read in the
// school's time zone when drawn.

/** The longest period one statement covers, in days (both ends counted). */
export const STATEMENT_MAX_DAYS = 366;

export const STATEMENT_DATES_REQUIRED = "Choose the first and the last day of the statement";
export const STATEMENT_BAD_DATE = "Dates must be real days written as YYYY-MM-DD";
export const STATEMENT_REVERSED = "The first day must not be after the last day";
export const STATEMENT_TOO_LONG = `A statement covers at most ${STATEMENT_MAX_DAYS} days`;

export type StatementPayment = {
  at: string;
  /** "Card", "Airtel Money 097****456", "Mobile money or bank transfer". */
  method: string;
  /** "Meals" or "Wallet top-up". */
  purpose: string;
  reference: string;
  amount: string;
};

export type StatementOrder = {
  orderId: number;
  placedAt: string;
  child: string;
  /** The meal's day, YYYY-MM-DD. */
  day: string;
  meal: string;
  amount: string;
  status: string;
  paymentStatus: string;
};

export type StatementRefund = {
  at: string;
  orderId: number;
  child: string;
  meal: string;
  /** "Mobile money", "Account credit", ... */
  method: string;
  reference: string | null;
  amount: string;
};

export type StatementMovement = {
  at: string;
  description: string;
  /** Signed: "-36.50" spent, "100.00" topped up. */
  amount: string;
  /** The wallet after this movement. */
  balance: string;
};

export type StatementDto = {
  schoolName: string;
  timeZone: string;
  accountName: string;
  /** The period, YYYY-MM-DD, both days included (school's calendar). */
  from: string;
  to: string;
  payments: StatementPayment[];
  orders: StatementOrder[];
  refunds: StatementRefund[];
  /** The wallet (account credit): its balance before the first day and after the last. */
  wallet: { opening: string; closing: string; movements: StatementMovement[] };
};
