import { route } from "@/lib/api/handler";
import { menuItemsHaveOrders } from "@/lib/menu/menu-item-orders";
import { hasOrdersBatchSchema } from "@/lib/validations/menu";

// POST /api/menu/has-orders-batch — { "12": true, "13": false } for the listed items.
export const POST = route(
  { access: { feature: "menu" }, body: hasOrdersBatchSchema },
  async ({ school, body }) => menuItemsHaveOrders(school, body.menuItemIds),
);
