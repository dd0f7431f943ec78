import { route } from "@/lib/api/handler";
import { validateMenuItems } from "@/lib/menu/validate-items";
import { validateMenuItemsSchema } from "@/lib/validations/orders";

// POST /api/menu-items/validate — which cart items are still orderable.
export const POST = route({ access: "user", body: validateMenuItemsSchema }, async ({ body }) =>
  validateMenuItems(body.menuItemIds),
);
