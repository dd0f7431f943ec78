import { notFound } from "@/lib/api/errors";
import { route } from "@/lib/api/handler";
import { checkPaymentStatus } from "@/lib/payments/check-status";

// POST /api/payments/check-status/{transactionId} — an admin asks the provider about a payment.
export const POST = route(
  { access: { feature: "live_orders" } },
  async ({ school, user, params }) => {
    const id = typeof params.transactionId === "string" ? params.transactionId : "";
    if (!id || id.length > 200) throw notFound("Payment not found");
    return checkPaymentStatus(school, user, id);
  },
);
