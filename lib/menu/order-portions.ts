import "server-only";
import type { Tx } from "@/lib/db";
import { releaseStock, type StockTake } from "@/lib/menu/stock";
import { toIsoDate } from "@/lib/school-calendar";

// The capped portions that orders hold (issue 47, decision 0104), read from the orders themselves:
// used where orders stop (or start again) being live outside a checkout — an admin's status
// change, a closed day. Here under lib/menu so that lib/cycles can use it too.

type OrderPortion = { menuItemId: number; day: Date | string; dailyCap: number; name: string };

/** The portions of the given orders whose item has a cap: item, school day, cap and name. */
export async function cappedPortionsOf(
  tx: Tx,
  schoolId: number,
  orderIds: readonly number[],
  onlyCancelled = false,
): Promise<(StockTake & { name: string })[]> {
  if (orderIds.length === 0) return [];
  const rows = await tx.$queryRaw<OrderPortion[]>`
    SELECT o."menuItemId", m."dailyCap", m."name",
      c."startDate" + ((o."weekNumber" - 1) * 7 + (o."dayOfWeek" - 1)) AS "day"
    FROM "Order" o
    JOIN "MenuItem" m ON m."schoolId" = ${schoolId} AND m."id" = o."menuItemId"
    JOIN "OrderCycle" c ON c."schoolId" = ${schoolId} AND c."id" = o."cycleId"
    WHERE o."schoolId" = ${schoolId} AND o."id" = ANY(${[...orderIds]}::int[])
      AND m."dailyCap" IS NOT NULL
      AND (NOT ${onlyCancelled} OR o."status" = 'cancelled')`;
  return rows.map((row) => ({
    menuItemId: row.menuItemId,
    day: typeof row.day === "string" ? row.day.slice(0, 10) : toIsoDate(row.day),
    quantity: 1,
    cap: row.dailyCap,
    name: row.name,
  }));
}

/** Cancelled or refunded orders (an admin's cancel, a closed day) give their portions back. */
export async function releaseOrdersStock(
  tx: Tx,
  schoolId: number,
  orderIds: readonly number[],
): Promise<void> {
  await releaseStock(tx, schoolId, await cappedPortionsOf(tx, schoolId, orderIds));
}
