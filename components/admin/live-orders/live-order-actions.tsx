"use client";

import { toastFailure, toastSuccess } from "@/components/notifications/toast";
import { Button } from "@/components/ui/button";
import { api } from "@/lib/client/api";
import type { LiveOrder } from "@/lib/contracts/live-orders";
import { STATUS } from "@/lib/contracts/payments";
import { abandonPlan, liveActions, type LiveAction } from "@/lib/payments/attempt-transitions";

// The actions of a live order by status (spec 001 §4) with the toasts of §8. The rule table in
// lib/payments/attempt-transitions.ts decides which buttons show; the server checks it again.

const LABELS: Record<LiveAction, string> = {
  retry: "Retry",
  "check-payment": "Check Payment",
  "submit-order": "Submit Order",
  verify: "Verify",
  abandon: "Abandon",
};

const ACTION_FAILED = "Cannot abandon an order without a transaction ID. Please contact support.";

export type LiveActionRequest = { order: LiveOrder; action: LiveAction };

/** Runs one action and reports its answer (the failures are reported by useLiveOrderAction). */
export async function performLiveAction({ order, action }: LiveActionRequest): Promise<void> {
  switch (action) {
    case "retry": {
      const answer = await api(`/api/payments/orders/${order.id}/retry`, {
        method: "POST",
      });
      if (answer.success) {
        toastSuccess("Order Retry Initiated", answer.message);
      } else {
        toastFailure("Retry Failed", answer.message);
      }
      return;
    }
    case "check-payment":
    case "verify": {
      const answer = await api(
        `/api/payments/check-status/${encodeURIComponent(order.transactionId ?? "")}`,
        { method: "POST" },
      );
      if (answer.status === "PAID") {
        toastSuccess("Payment Verified", answer.message || "The payment was successful.");
      } else {
        toastFailure("Payment Failed", answer.message || "The payment was not successful.");
      }
      return;
    }
    case "submit-order": {
      const answer = await api(`/api/payments/orders/${order.id}/process`, {
        method: "POST",
      });
      if (answer.success) {
        toastSuccess("Order Processed", answer.message);
      } else {
        toastFailure("Processing Failed", answer.message);
      }
      return;
    }
    case "abandon": {
      const plan = abandonPlan(order);
      if (plan === "no-transaction-id") {
        toastFailure("Action Failed", ACTION_FAILED);
        return;
      }
      const key = plan === "abandon" ? order.transactionId! : order.transactionRef;
      const status = plan === "abandon" ? STATUS.abandoned : STATUS.done;
      const answer = await api(`/api/payments/payment-attempts/${encodeURIComponent(key)}/status`, {
        method: "PUT",
        body: { status },
      });
      toastSuccess("Status Updated", answer.message);
      return;
    }
  }
}

export function LiveOrderActions({
  order,
  pending,
  onAction,
}: {
  order: LiveOrder;
  pending: boolean;
  onAction: (order: LiveOrder, action: LiveAction) => void;
}) {
  const actions = liveActions(order);
  if (actions.length === 0) return <span className="text-muted-foreground">—</span>;
  return (
    <div className="flex flex-wrap gap-2">
      {actions.map((action) => (
        <Button
          key={action}
          size="sm"
          variant={action === "abandon" ? "destructive" : "outline"}
          disabled={pending}
          onClick={() => onAction(order, action)}
          aria-label={`${LABELS[action]} order ${order.id}`}
        >
          {LABELS[action]}
        </Button>
      ))}
    </div>
  );
}
