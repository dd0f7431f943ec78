import { route } from "@/lib/api/handler";
import { setMenuItemArchived } from "@/lib/menu/menu-item-state";
import { menuItemIdOrThrow } from "@/lib/menu/menu-items";
import { archiveSchema } from "@/lib/validations/menu";

// PATCH /api/menu/{id}/archive — archives or unarchives one item (orders keep pointing at it).
export const PATCH = route(
  { access: { feature: "menu" }, body: archiveSchema },
  async ({ school, user, params, body }) =>
    setMenuItemArchived(school, user, menuItemIdOrThrow(params.id), body.isArchived),
);
