import "server-only";
import { getDb } from "@/lib/db";

export type MenuItemSummary = { id: number; name: string; isArchived: boolean };

/** One menu item by id, or null when the id is not a positive integer or no such item exists. */
export async function findMenuItem(id: string): Promise<MenuItemSummary | null> {
  if (!/^[1-9]\d{0,9}$/.test(id) || Number(id) > 2_147_483_647) return null;
  const db = await getDb();
  return db.menuItem.findUnique({
    where: { id: Number(id) },
    select: { id: true, name: true, isArchived: true },
  });
}
