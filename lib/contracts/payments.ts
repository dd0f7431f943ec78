// The states of a payment attempt and the answers of the card payment calls (spec 000 §4, §7).
// `transactionStatus` is the money's state; `status` is the processing status the admin console
// shows (spec 001 §4). Pure: the payment domain, the validations and the screens all read them
// from here.

import type { TopUpReceiptDto } from "@/lib/contracts/wallet";

export const TX = {
  initiated: "initiated",
  verified: "verified",
  failed: "failed",
  cancelled: "cancelled",
} as const;

export const STATUS = {
  initiated: "Payment Initiated",
  verified: "Payment Verified",
  failed: "Payment Failed",
  abandoned: "Payment Abandoned",
  processing: "Processing Started",
  done: "Orders created successfully",
  error: "Failed",
} as const;

/** Live Orders' statuses (spec 001 §4 "Live order payment/order statuses"). */
export const LIVE_STATUSES = [
  STATUS.initiated,
  STATUS.verified,
  STATUS.failed,
  STATUS.abandoned,
  STATUS.processing,
  STATUS.done,
  STATUS.error,
] as const;
export type LiveStatus = (typeof LIVE_STATUSES)[number];

export function isLiveStatus(value: string): value is LiveStatus {
  return (LIVE_STATUSES as readonly string[]).includes(value);
}

/** Order Recovery's statuses, in the spec's order. */
export const RECOVERY = {
  started: "Processing started",
  inProgress: "Recovery in progress",
  notVerified: "Payment verification failed",
  invalidStudents: "Invalid student IDs provided",
  blockedDays: "Cannot create orders for blocked days",
  creationFailed: "Failed to create orders during recovery",
  done: "Orders created successfully",
} as const;
export const RECOVERY_STATUSES = Object.values(RECOVERY);
export type RecoveryStatus = (typeof RECOVERY_STATUSES)[number];

export function isRecoveryStatus(value: string): value is RecoveryStatus {
  return (RECOVERY_STATUSES as readonly string[]).includes(value);
}

/** POST /api/payments/create: the provider's token and where its pay page is (spec 000 §7). */
export type CreatePaymentAnswer = {
  Result: string;
  ResultExplanation: string;
  TransToken: string;
  companyRef: string;
  paymentUrl: string;
  amount: string;
};

/** POST /api/payments/payment-attempts: the caller's own attempt, as the server recorded it. */
export type AttemptDto = {
  id: number;
  transactionId: string | null;
  transactionRef: string;
  paymentAmount: string;
  transactionStatus: string;
  status: string;
  errorDetails: string | null;
  isRecovered: boolean;
};

/** POST /api/payments/verify/{token} and /payment-attempts/update: what the provider said. */
export type VerifyPaymentAnswer = {
  success: boolean;
  message: string;
  Result: string;
  ResultExplanation: string;
  TransactionStatus: string;
  /** The return page's receipt (issue 24 §4): present on the payer's own verify when paid. */
  receipt?: PaymentReceiptDto;
  /** A paid wallet top-up (issue 47), instead of a receipt: the amount and the wallet after it. */
  topUp?: TopUpReceiptDto;
};

/** What a card payment paid for: one line per meal, the total and the payment's reference. */
export type PaymentReceiptDto = {
  /** Our reference of the payment (the CompanyRef the provider shows too). */
  reference: string;
  /** The amount paid, 2-decimal string. */
  total: string;
  lines: {
    orderId: number;
    studentName: string;
    weekNumber: number;
    dayOfWeek: number;
    /** The school day, ISO date. */
    date: string;
    meal: string;
    amount: string;
  }[];
};
