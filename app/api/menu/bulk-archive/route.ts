import { route } from "@/lib/api/handler";
import { bulkSetMenuItemsArchived } from "@/lib/menu/menu-item-state";
import { bulkArchiveSchema } from "@/lib/validations/menu";

// POST /api/menu/bulk-archive — archives or unarchives the chosen items in one statement.
export const POST = route(
  { access: { feature: "menu" }, body: bulkArchiveSchema },
  async ({ school, user, body }) =>
    bulkSetMenuItemsArchived(school, user, body.itemIds, body.isArchived),
);
