// The states of a payment attempt. `transactionStatus` is the money's state; `status` is the
// processing status the admin console shows (spec 001 §4). Pure: the payment domain, the
// validations and the console screens all read them from here.

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
