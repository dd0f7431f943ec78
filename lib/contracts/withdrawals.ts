// The wallet's withdrawals (issue 47, decision 0103): a family asks the school to pay its credit
// out to a mobile-money number; the office pays it (method, reference) or declines it (reason, the
// credit comes back). Pure: the server's answers and the screens read the same shapes and texts.
// Amounts are 2-decimal kwacha strings. No fee, ever: what is asked is what is paid.
import type { PageMetadata } from "@/lib/contracts/paging";

export const WITHDRAWAL_STATUSES = ["pending", "paid", "declined"] as const;
export type WithdrawalStatus = (typeof WITHDRAWAL_STATUSES)[number];

export const WITHDRAWAL_STATUS_LABELS: Record<WithdrawalStatus, string> = {
  pending: "Waiting for the school",
  paid: "Paid out",
  declined: "Declined",
};

/** The ways the office pays out, offered in its Pay out dialog (any other text is accepted). */
export const PAYOUT_METHODS = ["Airtel Money", "MTN MoMo", "Bank transfer", "Cash"] as const;

export const PAYOUT_METHOD_MAX = 60;
export const PAYOUT_REFERENCE_MAX = 100;
export const DECLINE_REASON_MAX = 500;

/** One request as its family sees it (GET /api/account/withdrawals). */
export type WithdrawalDto = {
  id: number;
  amount: string;
  /** "097****456": the family's own number, masked on a shared screen. */
  mobileNumber: string | null;
  status: WithdrawalStatus;
  method: string | null;
  reference: string | null;
  reason: string | null;
  createdAt: string;
  decidedAt: string | null;
};

/** POST /api/account/withdraw → 201: the request and the wallet after it. */
export type WithdrawAnswer = { withdrawal: WithdrawalDto; balance: string };

/** One request as the office sees it (Refund Management): the whole number, to pay it. */
export type AdminWithdrawalDto = Omit<WithdrawalDto, "mobileNumber"> & {
  userId: number;
  /** The family's name ("Deleted account" once erased). */
  accountName: string;
  /** National form, "0977123456"; null once an erased account's request was decided. */
  mobileNumber: string | null;
  /** "Airtel Money", "MTN MoMo", or null when the number is not recognised. */
  operatorLabel: string | null;
  /** The account was erased while the request was pending: it can only be paid out. */
  accountDeleted: boolean;
  decidedByName: string | null;
};

export const WITHDRAWALS_PAGE_SIZE = 20;

/** GET /api/refunds/withdrawals?status=&page=: pending first, then newest first. */
export type WithdrawalsPageDto = { data: AdminWithdrawalDto[]; metadata: PageMetadata };

export const NOT_ENOUGH_TO_WITHDRAW = "You cannot withdraw more than your wallet holds.";
export const WITHDRAWAL_NOT_FOUND = "Withdrawal not found";
export const WITHDRAWAL_ALREADY_DECIDED = "This withdrawal has already been decided.";
export const DELETED_ACCOUNT_PAY_ONLY =
  "This family deleted their account: their withdrawal can only be paid out, not declined.";
