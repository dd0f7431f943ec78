import "server-only";
import { notFound } from "@/lib/api/errors";
import type { HasOrdersDto } from "@/lib/contracts/menu";
import { getDb } from "@/lib/db";
import { MENU_ITEM_NOT_FOUND } from "@/lib/menu/menu-items";

/** GET /api/menu/{id}/has-orders: whether any order (any status) names the item. */
export async function menuItemHasOrders(id: number): Promise<HasOrdersDto> {
  const db = await getDb();
  const [item, order] = await Promise.all([
    db.menuItem.findUnique({ where: { id }, select: { id: true } }),
    db.order.findFirst({ where: { menuItemId: id }, select: { id: true } }),
  ]);
  if (!item) throw notFound(MENU_ITEM_NOT_FOUND);
  return { hasOrders: order !== null };
}

/** POST /api/menu/has-orders-batch: id → boolean for every asked id, from one grouped query. */
export async function menuItemsHaveOrders(ids: number[]): Promise<Record<string, boolean>> {
  const db = await getDb();
  const groups = await db.order.groupBy({
    by: ["menuItemId"],
    where: { menuItemId: { in: ids } },
    _count: { _all: true },
  });
  const ordered = new Set(groups.map((g) => g.menuItemId));
  return Object.fromEntries(ids.map((id) => [String(id), ordered.has(id)]));
}
