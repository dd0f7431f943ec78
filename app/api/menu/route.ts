import { route } from "@/lib/api/handler";
import { hasFeature } from "@/lib/contracts/permissions";
import { listMenuItems } from "@/lib/menu/menu-items";
import { createMenuItem } from "@/lib/menu/save-menu-item";
import { menuItemSchema } from "@/lib/validations/menu";

// GET /api/menu — parents, teachers and other admins: items not archived; admins with `menu`: all.
export const GET = route({ access: "user" }, async ({ school, user }) =>
  listMenuItems(school, { includeArchived: hasFeature(user, "menu") }),
);

// POST /api/menu — an admin with `menu` adds an item (the menu item form).
export const POST = route(
  { access: { feature: "menu" }, body: menuItemSchema },
  async ({ school, user, body }) => createMenuItem(school, user, body),
);
