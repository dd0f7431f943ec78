import "server-only";
import { parseId } from "@/lib/api/params";
import type { SchoolContext } from "@/lib/contracts/schools";
import { schoolDb } from "@/lib/db";
import { idKey } from "@/lib/schools/keys";

export type MenuItemSummary = { id: number; name: string; isArchived: boolean };

/** One menu item by id, or null when the id is not a positive integer or no such item exists. */
export async function findMenuItem(
  school: SchoolContext,
  id: string,
): Promise<MenuItemSummary | null> {
  const itemId = parseId(id);
  if (itemId === null) return null;
  const db = await schoolDb(school.id);
  return db.menuItem.findUnique({
    where: idKey(school.id, itemId),
    select: { id: true, name: true, isArchived: true },
  });
}
