import { route } from "@/lib/api/handler";
import { listCycleOrders } from "@/lib/orders/admin-orders";
import { cycleOrdersQuerySchema } from "@/lib/validations/admin-orders";

// GET /api/cycle-orders — one cycle's orders, filtered and paged, for Cycle History and its export.
export const GET = route(
  { access: { feature: "history" }, query: cycleOrdersQuerySchema },
  async ({ school, query }) => listCycleOrders(school, query),
);
