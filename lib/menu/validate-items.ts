import "server-only";
import type { MenuValidationDto } from "@/lib/contracts";
import { getDb } from "@/lib/db";

/** Sorts cart item ids into valid, unavailable, archived and missing (the cart's red cards). */
export async function validateMenuItems(menuItemIds: number[]): Promise<MenuValidationDto> {
  const ids = [...new Set(menuItemIds)];
  const db = await getDb();
  const rows = await db.menuItem.findMany({
    where: { id: { in: ids } },
    select: { id: true, isAvailable: true, isArchived: true },
  });
  const byId = new Map(rows.map((r) => [r.id, r]));
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
