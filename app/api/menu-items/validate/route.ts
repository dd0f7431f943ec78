import { route } from "@/lib/api/handler";
import { validateCart } from "@/lib/orders/cart-allergies";
import { validateMenuItemsSchema } from "@/lib/validations/orders";

// POST /api/menu-items/validate — which cart items are still orderable; with the cart's `items`,
// 422 for a line that conflicts with the child's allergies and was not acknowledged, and
// `closedLines`: each line (sent with its day) whose day takes no orders, with why (issue 44 §8).
export const POST = route(
  { access: "user", body: validateMenuItemsSchema },
  async ({ school, user, body }) => validateCart(school, user, body.menuItemIds, body.items ?? []),
);
