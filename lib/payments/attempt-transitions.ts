import { RECOVERY, STATUS } from "@/lib/contracts/payments";

// The rule table of a payment attempt's admin actions (spec 001 §4 "Live order payment/order
// statuses" and "Failed-order attempt statuses"). Pure, no server-only: the server refuses what the
// table refuses (409), and the Live Orders screen shows only the buttons the table allows.

/** The filter's labels (spec 001 §4): two statuses are shown under another name. */
export function recoveryStatusLabel(status: string): string {
  if (status === RECOVERY.started) return "New Attempts";
  if (status === RECOVERY.done) return "Completed";
  return status;
}

/** Retry is refused (and its button disabled) once recovered or while a recovery runs. */
export function canRetryRecovery(status: string | null): boolean {
  return status !== RECOVERY.done && status !== RECOVERY.inProgress;
}

/** Badge colour of a recovery status (spec 001 §4). */
export function recoveryBadgeVariant(
  status: string,
): "destructive" | "default" | "success" | "secondary" {
  const lower = status.toLowerCase();
  if (lower.includes("failed")) return "destructive";
  if (status === RECOVERY.started || status === RECOVERY.inProgress) return "default";
  if (lower.includes("successfully")) return "success";
  return "secondary";
}

export type LiveAction = "retry" | "check-payment" | "submit-order" | "verify" | "abandon";

/** What the table needs to know about an attempt. */
export type AttemptFacts = {
  status: string;
  transactionId: string | null;
  /** The amount to pay, a 2-decimal string. */
  amount: string;
  isRecovered: boolean;
};

function isZero(amount: string): boolean {
  return /^0+(?:\.0+)?$/.test(amount.trim());
}

/**
 * The actions the console offers for an attempt. None for a recovered attempt. Abandon is offered
 * for every Processing Started attempt: with a transaction id it abandons, with none and nothing to
 * pay it completes the (free) orders, and otherwise the screen explains it cannot (Action Failed).
 */
export function liveActions(facts: AttemptFacts): LiveAction[] {
  if (facts.isRecovered) return [];
  switch (facts.status) {
    case STATUS.error:
      return ["retry"];
    case STATUS.initiated:
      return facts.transactionId ? ["check-payment"] : [];
    case STATUS.verified:
      return ["submit-order"];
    case STATUS.processing:
      return facts.transactionId ? ["verify", "abandon"] : ["abandon"];
    default:
      return [];
  }
}

export function canDo(facts: AttemptFacts, action: LiveAction): boolean {
  return liveActions(facts).includes(action);
}

/** What an Abandon does: mark the attempt abandoned, complete a free one, or nothing. */
export type AbandonPlan = "abandon" | "complete-free" | "no-transaction-id";

export function abandonPlan(facts: AttemptFacts): AbandonPlan {
  if (facts.transactionId) return "abandon";
  return isZero(facts.amount) ? "complete-free" : "no-transaction-id";
}

export type StatusChange =
  { ok: true; effect: "abandon" | "complete-free" } | { ok: false; message: string };

export const changeRefused = (from: string, to: string) =>
  `Cannot change payment status from ${from} to ${to}`;

/**
 * PUT /payment-attempts/{id}/status (spec 001 §4): Processing Started → Payment Abandoned with a
 * transaction id and money not yet received; Processing Started → Orders created successfully with
 * no transaction id and amount 0 (the free orders are created). Anything else is refused.
 */
export function statusChange(
  facts: AttemptFacts & { moneyVerified: boolean; fulfilled: boolean },
  target: string,
): StatusChange {
  const refused = { ok: false, message: changeRefused(facts.status, target) } as const;
  if (facts.isRecovered || facts.fulfilled || facts.status !== STATUS.processing) return refused;
  if (target === STATUS.abandoned) {
    return facts.transactionId && !facts.moneyVerified ? { ok: true, effect: "abandon" } : refused;
  }
  if (target === STATUS.done) {
    return !facts.transactionId && isZero(facts.amount)
      ? { ok: true, effect: "complete-free" }
      : refused;
  }
  return refused;
}
