import { route } from "@/lib/api/handler";
import { kitchenPagingSchema, listKitchenOrders } from "@/lib/kitchen/kitchen";

// GET /api/orders/today?page=1&pageSize=100 — the kitchen's live orders for the school's today.
export const GET = route(
  { access: { feature: "kitchen" }, query: kitchenPagingSchema },
  async ({ user, query }) => listKitchenOrders(user, { kind: "today" }, query),
);
