import "server-only";
import { parseId } from "@/lib/api/params";
import { getDb } from "@/lib/db";

export type MenuItemSummary = { id: number; name: string; isArchived: boolean };

/** One menu item by id, or null when the id is not a positive integer or no such item exists. */
export async function findMenuItem(id: string): Promise<MenuItemSummary | null> {
  const itemId = parseId(id);
  if (itemId === null) return null;
  const db = await getDb();
  return db.menuItem.findUnique({
    where: { id: itemId },
    select: { id: true, name: true, isArchived: true },
  });
}
