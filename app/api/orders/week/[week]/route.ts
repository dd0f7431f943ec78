import { route } from "@/lib/api/handler";
import { kitchenPagingSchema, listKitchenOrders, parseKitchenWeek } from "@/lib/kitchen/kitchen";

// GET /api/orders/week/{week}?page=1&pageSize=100 — the kitchen's live orders for one cycle week.
export const GET = route(
  { access: { feature: "kitchen" }, query: kitchenPagingSchema },
  async ({ user, params, query }) =>
    listKitchenOrders(user, { kind: "week", week: parseKitchenWeek(params.week) }, query),
);
