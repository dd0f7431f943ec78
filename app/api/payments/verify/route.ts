import { route } from "@/lib/api/handler";
import { verifyPendingPayments } from "@/lib/orders/pending-payments";
import { verifyPaymentsSchema } from "@/lib/validations/payments-admin";

// PUT /api/payments/verify — marks the selected orders' payments as received ({ updated }).
export const PUT = route(
  { access: { feature: "pending_payments" }, body: verifyPaymentsSchema },
  async ({ school, user, body }) => verifyPendingPayments(school, user, body.orderIds),
);
