import { route } from "@/lib/api/handler";
import {
  kitchenOrdersQuerySchema,
  listKitchenOrders,
  parseKitchenWeek,
} from "@/lib/kitchen/kitchen";

// GET /api/orders/week/{week}?page=1&pageSize=100 — the kitchen's live orders for one cycle week.
// `&cycleId=` reads a chosen cycle (issue 44 §7); without it, the cycle the kitchen serves.
export const GET = route(
  { access: { feature: "kitchen" }, query: kitchenOrdersQuerySchema },
  async ({ school, user, params, query }) =>
    listKitchenOrders(school, user, { kind: "week", week: parseKitchenWeek(params.week) }, query),
);
