// The states of a payment attempt. `transactionStatus` is the money's state; `status` is the
// processing status the admin console shows (spec 001 §4).

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

/** DPO's payment time limit we ask for (PTL, minutes). */
export const PAYMENT_TIME_LIMIT_MINUTES = 60;
