import { notFound } from "@/lib/api/errors";
import { route } from "@/lib/api/handler";
import { changeAttemptStatus } from "@/lib/payments/admin/live-actions";
import { attemptStatusSchema } from "@/lib/validations/live-orders";

// PUT /api/payments/payment-attempts/{transactionId}/status — Live Orders' Abandon: the provider's
// transaction id, or our reference for an attempt without one (the free completion).
export const PUT = route(
  { access: { feature: "live_orders" }, body: attemptStatusSchema },
  async ({ school, user, params, body }) => {
    const key = typeof params.transactionId === "string" ? params.transactionId : "";
    if (!key || key.length > 200) throw notFound("Payment not found");
    return changeAttemptStatus(school, user, key, body.status);
  },
);
