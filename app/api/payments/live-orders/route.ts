import { route } from "@/lib/api/handler";
import { listLiveOrders } from "@/lib/payments/admin/live-orders";
import { liveOrdersQuerySchema } from "@/lib/validations/live-orders";

// GET /api/payments/live-orders — every payment attempt, filtered and paged (50), newest first.
export const GET = route(
  { access: { feature: "live_orders" }, query: liveOrdersQuerySchema },
  async ({ school, query }) => listLiveOrders(school, query),
);
