import { route } from "@/lib/api/handler";
import { duplicateMenuItems } from "@/lib/menu/duplicate-menu-items";
import { menuItemIdsSchema } from "@/lib/validations/menu";

// POST /api/menu/duplicate — a "(Copy)" of each chosen item; answers the new items.
export const POST = route(
  { access: { feature: "menu" }, body: menuItemIdsSchema },
  async ({ user, body }) => duplicateMenuItems(user, body.itemIds),
);
