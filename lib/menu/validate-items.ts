import "server-only";
import { cachedRead } from "@/lib/cache/versioned-cache";
import type { MenuValidationDto } from "@/lib/contracts";
import { getDb } from "@/lib/db";

type ItemState = { id: number; isAvailable: boolean; isArchived: boolean };

/** Whether each menu item is available and archived, from memory while the menu has not changed. */
function menuItemStates(): Promise<ReadonlyMap<number, ItemState>> {
  return cachedRead("menu", "states", async () => {
    const db = await getDb();
    const rows = await db.menuItem.findMany({
      select: { id: true, isAvailable: true, isArchived: true },
    });
    return new Map(rows.map((r) => [r.id, r]));
  });
}

/** Sorts cart item ids into valid, unavailable, archived and missing (the cart's red cards). */
export async function validateMenuItems(menuItemIds: number[]): Promise<MenuValidationDto> {
  const ids = [...new Set(menuItemIds)];
  const byId = await menuItemStates();
  const result: MenuValidationDto = { valid: [], unavailable: [], archived: [], missing: [] };
  for (const id of ids) {
    const row = byId.get(id);
    if (!row) result.missing.push(id);
    else if (row.isArchived) result.archived.push(id);
    else if (!row.isAvailable) result.unavailable.push(id);
    else result.valid.push(id);
  }
  return result;
}
