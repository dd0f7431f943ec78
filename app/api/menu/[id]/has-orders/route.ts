import { route } from "@/lib/api/handler";
import { menuItemHasOrders } from "@/lib/menu/menu-item-orders";
import { menuItemIdOrThrow } from "@/lib/menu/menu-items";

// GET /api/menu/{id}/has-orders — whether the name is locked (the editor asks before a rename).
export const GET = route({ access: { feature: "menu" } }, async ({ school, params }) =>
  menuItemHasOrders(school, menuItemIdOrThrow(params.id)),
);
