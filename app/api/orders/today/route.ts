import { route } from "@/lib/api/handler";
import { kitchenOrdersQuerySchema, listKitchenOrders } from "@/lib/kitchen/kitchen";

// GET /api/orders/today?page=1&pageSize=100 — the kitchen's live orders for the school's today.
// `&cycleId=` reads a chosen cycle (issue 44 §7); without it, the cycle the kitchen serves.
export const GET = route(
  { access: { feature: "kitchen" }, query: kitchenOrdersQuerySchema },
  async ({ school, user, query }) => listKitchenOrders(school, user, { kind: "today" }, query),
);
