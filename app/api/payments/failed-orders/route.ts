import { route } from "@/lib/api/handler";
import { listFailedOrders } from "@/lib/payments/admin/failed-orders";
import { failedOrdersQuerySchema } from "@/lib/validations/live-orders";

// GET /api/payments/failed-orders — Order Recovery's paid carts that did not become orders.
export const GET = route(
  { access: { feature: "order_recovery" }, query: failedOrdersQuerySchema },
  async ({ school, query }) => ({ ...(await listFailedOrders(school, query.status)) }),
);
