import { route } from "@/lib/api/handler";
import { menuForUser } from "@/lib/portal/ordering-menu";
import { createMenuItem } from "@/lib/menu/save-menu-item";
import { menuItemSchema } from "@/lib/validations/menu";

// GET /api/menu — admins with `menu`: all; other admins: items not archived; parents and
// teachers: the pre-order menu (no counter items; what is left of capped items, issue 47).
export const GET = route({ access: "user" }, async ({ school, user }) => menuForUser(school, user));

// POST /api/menu — an admin with `menu` adds an item (the menu item form).
export const POST = route(
  { access: { feature: "menu" }, body: menuItemSchema },
  async ({ school, user, body }) => createMenuItem(school, user, body),
);
