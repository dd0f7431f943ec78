import { route } from "@/lib/api/handler";
import { listPendingPayments } from "@/lib/orders/pending-payments";
import { adminPageQuerySchema } from "@/lib/validations/payments-admin";

// GET /api/payments/pending?page= — orders awaiting payment, grouped by parent, 50 groups a page.
export const GET = route(
  { access: { feature: "pending_payments" }, query: adminPageQuerySchema },
  async ({ school, query }) => listPendingPayments(school, query.page),
);
