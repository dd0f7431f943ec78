import { route } from "@/lib/api/handler";
import { duplicateMenuItems } from "@/lib/menu/duplicate-menu-items";
import { menuItemIdsSchema } from "@/lib/validations/menu";

// POST /api/menu/duplicate — a "(Copy)" of each chosen item; answers the new items.
export const POST = route(
  { access: { feature: "menu" }, body: menuItemIdsSchema },
  async ({ school, user, body }) => duplicateMenuItems(school, user, body.itemIds),
);
