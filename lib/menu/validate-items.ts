import "server-only";
import { cachedRead } from "@/lib/cache/versioned-cache";
import type { MenuValidationDto } from "@/lib/contracts";
import type { SchoolContext } from "@/lib/contracts/schools";
import { schoolDb } from "@/lib/db";

type ItemState = { id: number; isAvailable: boolean; isArchived: boolean; type: string };

/** Whether each menu item is available and archived, from memory while the menu has not changed. */
function menuItemStates(schoolId: number): Promise<ReadonlyMap<number, ItemState>> {
  return cachedRead(schoolId, "menu", "states", async () => {
    const db = await schoolDb(schoolId);
    const rows = await db.menuItem.findMany({
      where: { schoolId },
      select: { id: true, isAvailable: true, isArchived: true, type: true },
    });
    return new Map(rows.map((r) => [r.id, r]));
  });
}

/** Sorts cart item ids into valid, unavailable, archived and missing (the cart's red cards). */
export async function validateMenuItems(
  school: Pick<SchoolContext, "id">,
  menuItemIds: number[],
): Promise<MenuValidationDto> {
  const ids = [...new Set(menuItemIds)];
  const byId = await menuItemStates(school.id);
  const result: MenuValidationDto = { valid: [], unavailable: [], archived: [], missing: [] };
  for (const id of ids) {
    const row = byId.get(id);
    if (!row) result.missing.push(id);
    else if (row.isArchived) result.archived.push(id);
    // A counter item (issue 47) is never pre-ordered: unavailable in a cart.
    else if (!row.isAvailable || row.type === "counter") result.unavailable.push(id);
    else result.valid.push(id);
  }
  return result;
}
