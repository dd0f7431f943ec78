import "server-only";
import type { Tx } from "@/lib/db";

/** Portions of one capped menu item on one school day (`day` is the school's date, YYYY-MM-DD). */
export type StockTake = { menuItemId: number; day: string; quantity: number; cap: number };

/** An item whose day would go over its cap: nothing of the caller's transaction may be kept. */
export type SoldOutDay = { menuItemId: number; day: string; left: number };

/** Thrown by `takeStock` inside the caller's transaction, so that the whole of it rolls back. */
export class SoldOut extends Error {
  constructor(readonly days: SoldOutDay[]) {
    super(`Sold out: ${days.map((d) => `item ${d.menuItemId} on ${d.day}`).join(", ")}`);
    this.name = "SoldOut";
  }
}

/**
 * Takes portions of capped items (issue 47's `dailyCap`) inside the caller's transaction: one
 * upsert of the school's `ItemDayStock` rows, which also locks them until the transaction ends, so
 * parallel checkouts and counter sales of one item on one day queue on its row and never oversell.
 * Rows are taken in one order (item, then day) so two carts never deadlock. When any day would go
 * over its cap the function throws `SoldOut` naming each and what was left; the caller's
 * transaction rolls back (nothing taken, nothing sold). Uncapped items are not passed here.
 *
 * The caps come from the caller's read of the menu items: a cap lowered meanwhile applies from the
 * next sale (the office changes caps before the day, not during a sale).
 */
export async function takeStock(tx: Tx, schoolId: number, takes: StockTake[]): Promise<void> {
  const merged = mergeTakes(takes);
  if (merged.length === 0) return;
  const rows = await tx.$queryRaw<{ menuItemId: number; day: string; taken: number }[]>`
    INSERT INTO "ItemDayStock" ("schoolId", "menuItemId", "day", "taken")
    SELECT ${schoolId}, "menuItemId", "day"::date, "quantity"
    FROM json_to_recordset(${JSON.stringify(merged)}::json)
      AS t("menuItemId" int, "day" text, "quantity" int, "n" int)
    ORDER BY "n"
    ON CONFLICT ("schoolId", "menuItemId", "day")
      DO UPDATE SET "taken" = "ItemDayStock"."taken" + EXCLUDED."taken"
    RETURNING "menuItemId", to_char("day", 'YYYY-MM-DD') AS "day", "taken"`;
  const takeOf = new Map(merged.map((t) => [`${t.menuItemId}:${t.day}`, t]));
  const over = rows.flatMap((row) => {
    const take = takeOf.get(`${row.menuItemId}:${row.day}`)!;
    if (row.taken <= take.cap) return [];
    return [
      {
        menuItemId: row.menuItemId,
        day: row.day,
        left: Math.max(0, take.cap - (row.taken - take.quantity)),
      },
    ];
  });
  if (over.length > 0) throw new SoldOut(over);
}

/** Gives portions back (a cancelled order, a voided sale), inside the caller's transaction. */
export async function releaseStock(
  tx: Tx,
  schoolId: number,
  takes: Omit<StockTake, "cap">[],
): Promise<void> {
  // One row at a time (a cancellation or a void gives back a line or two): a plain keyed UPDATE
  // stays on the school's shard under a generic plan, which an UPDATE joined to a set would not.
  for (const take of mergeTakes(takes.map((t) => ({ ...t, cap: 0 })))) {
    await tx.$executeRaw`
      UPDATE "ItemDayStock" SET "taken" = GREATEST(0, "taken" - ${take.quantity})
      WHERE "schoolId" = ${schoolId} AND "menuItemId" = ${take.menuItemId}
        AND "day" = ${take.day}::date`;
  }
}

/** Portions already taken of the given items on the given days (the Menu Calendar's sold out). */
export async function stockTaken(
  tx: Tx,
  schoolId: number,
  menuItemIds: number[],
  days: string[],
): Promise<Map<string, number>> {
  if (menuItemIds.length === 0 || days.length === 0) return new Map();
  const rows = await tx.$queryRaw<{ menuItemId: number; day: string; taken: number }[]>`
    SELECT "menuItemId", to_char("day", 'YYYY-MM-DD') AS "day", "taken" FROM "ItemDayStock"
    WHERE "schoolId" = ${schoolId} AND "menuItemId" = ANY(${menuItemIds}::int[])
      AND "day" = ANY(${days}::date[])`;
  return new Map(rows.map((row) => [stockKey(row.menuItemId, row.day), row.taken]));
}

export const stockKey = (menuItemId: number, day: string) => `${menuItemId}:${day}`;

function mergeTakes(takes: StockTake[]) {
  const byKey = new Map<string, StockTake>();
  for (const take of takes) {
    if (take.quantity <= 0) continue;
    const key = stockKey(take.menuItemId, take.day);
    const seen = byKey.get(key);
    byKey.set(key, seen ? { ...seen, quantity: seen.quantity + take.quantity } : { ...take });
  }
  return [...byKey.values()]
    .sort((a, b) => a.menuItemId - b.menuItemId || a.day.localeCompare(b.day))
    .map((take, n) => ({ ...take, n }));
}
