import type { VerifyPaymentAnswer } from "@/lib/contracts/payments";
import { formatNgwee } from "@/lib/money";

// The Cart's mobile-money waiting screen, as pure functions (issue 16): its texts and what each
// verification answer means for it. The polling itself is components/portal/mobile-money/.

/** "We'll confirm …": the waiting screen gave up, the sweep and the e-mail take over. */
export const CONFIRM_LATER = "We'll confirm your order as soon as your operator does";

/** "K 45.50", "K 10,000.00": every amount written the one way (issue 44), lib/money.ts's. */
export function kwacha(totalNgwee: number): string {
  return formatNgwee(totalNgwee);
}

/** "Approve the payment of K 45.50 on your phone (097****456)" */
export function approveText(totalNgwee: number, maskedNumber: string): string {
  return `Approve the payment of ${kwacha(totalNgwee)} on your phone (${maskedNumber})`;
}

export type PushOutcome =
  | { kind: "paid" }
  | { kind: "declined"; reason: string }
  /** Paid, but a day was taken meanwhile: the office recovers the orders. */
  | { kind: "unfulfilled"; message: string }
  | { kind: "pending" };

/** What one verification says to the waiting screen. */
export function pushOutcome(answer: VerifyPaymentAnswer): PushOutcome {
  if (answer.success) return { kind: "paid" };
  if (answer.TransactionStatus === "paid-unfulfilled") {
    return { kind: "unfulfilled", message: answer.message };
  }
  if (answer.TransactionStatus === "failed" || answer.TransactionStatus === "cancelled") {
    return {
      kind: "declined",
      reason: answer.message || answer.ResultExplanation || "The payment was not approved.",
    };
  }
  return { kind: "pending" };
}
