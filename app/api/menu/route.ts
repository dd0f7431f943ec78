import { route } from "@/lib/api/handler";
import { hasFeature } from "@/lib/auth/permissions";
import { listMenuItems } from "@/lib/menu/menu-items";

// GET /api/menu — parents, teachers and other admins: items not archived; admins with `menu`: all.
export const GET = route({ access: "user" }, async ({ user }) =>
  listMenuItems({ includeArchived: hasFeature(user, "menu") }),
);
