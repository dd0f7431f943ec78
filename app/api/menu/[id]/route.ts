import { route } from "@/lib/api/handler";
import { deleteMenuItem } from "@/lib/menu/menu-item-state";
import { getMenuItemOrThrow, menuItemIdOrThrow } from "@/lib/menu/menu-items";
import { updateMenuItem } from "@/lib/menu/save-menu-item";
import { menuItemUpdateSchema } from "@/lib/validations/menu";

// GET /api/menu/{id} — the menu editor loads one item, archived ones included.
export const GET = route({ access: { feature: "menu" } }, async ({ school, params }) =>
  getMenuItemOrThrow(school, menuItemIdOrThrow(params.id)),
);

// PUT /api/menu/{id} — saves the form; 409 on a stale version or a rename of an ordered item.
export const PUT = route(
  { access: { feature: "menu" }, body: menuItemUpdateSchema },
  async ({ school, user, params, body }) =>
    updateMenuItem(school, user, menuItemIdOrThrow(params.id), body),
);

// DELETE /api/menu/{id} — removes an item nobody ordered (409: archive it instead).
export const DELETE = route({ access: { feature: "menu" } }, async ({ school, user, params }) =>
  deleteMenuItem(school, user, menuItemIdOrThrow(params.id)),
);
