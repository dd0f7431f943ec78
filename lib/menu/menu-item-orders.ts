import "server-only";
import { notFound } from "@/lib/api/errors";
import type { HasOrdersDto } from "@/lib/contracts/menu";
import type { SchoolContext } from "@/lib/contracts/schools";
import { schoolDb } from "@/lib/db";
import { MENU_ITEM_NOT_FOUND } from "@/lib/menu/menu-items";
import { idKey } from "@/lib/schools/keys";

/** GET /api/menu/{id}/has-orders: whether any order (any status) names the item. */
export async function menuItemHasOrders(school: SchoolContext, id: number): Promise<HasOrdersDto> {
  const db = await schoolDb(school.id);
  const [item, order] = await Promise.all([
    db.menuItem.findUnique({ where: idKey(school.id, id), select: { id: true } }),
    db.order.findFirst({ where: { schoolId: school.id, menuItemId: id }, select: { id: true } }),
  ]);
  if (!item) throw notFound(MENU_ITEM_NOT_FOUND);
  return { hasOrders: order !== null };
}

/** POST /api/menu/has-orders-batch: id → boolean for every asked id, from one grouped query. */
export async function menuItemsHaveOrders(
  school: SchoolContext,
  ids: number[],
): Promise<Record<string, boolean>> {
  const db = await schoolDb(school.id);
  const groups = await db.order.groupBy({
    by: ["menuItemId"],
    where: { schoolId: school.id, menuItemId: { in: ids } },
    _count: { _all: true },
  });
  const ordered = new Set(groups.map((g) => g.menuItemId));
  return Object.fromEntries(ids.map((id) => [String(id), ordered.has(id)]));
}
