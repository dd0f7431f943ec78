import "server-only";
import type { Tx } from "@/lib/db";
import { toIsoDate } from "@/lib/school-calendar";

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
  // RETURNING gives the date itself, not to_char or ::text of it: both are STABLE (they read the
  // session's DateStyle), which Citus refuses in a RETURNING clause (decision 0079).
  const rows = await tx.$queryRaw<{ menuItemId: number; day: Date | string; taken: number }[]>`
    INSERT INTO "ItemDayStock" ("schoolId", "menuItemId", "day", "taken")
    SELECT ${schoolId}, "menuItemId", "day"::date, "quantity"
    FROM json_to_recordset(${JSON.stringify(merged)}::json)
      AS t("menuItemId" int, "day" text, "quantity" int, "n" int)
    ORDER BY "n"
    ON CONFLICT ("schoolId", "menuItemId", "day")
      DO UPDATE SET "taken" = "ItemDayStock"."taken" + EXCLUDED."taken"
    RETURNING "menuItemId", "day", "taken"`;
  const takeOf = new Map(merged.map((t) => [stockKey(t.menuItemId, t.day), t]));
  const over = rows.flatMap((row) => {
    const day = isoDay(row.day);
    const take = takeOf.get(stockKey(row.menuItemId, day));
    if (!take || row.taken <= take.cap) return [];
    return [
      {
        menuItemId: row.menuItemId,
        day,
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

/**
 * Takes one line's portions only when they all fit under the cap, and answers whether they did:
 * nothing is thrown, so the caller's transaction goes on (a paid cart booked at fulfil credits a
 * line that sold out since it was priced instead of refusing the payment). The conditional
 * upsert locks the day's row either way, as `takeStock` does.
 */
export async function takeStockIfLeft(tx: Tx, schoolId: number, take: StockTake): Promise<boolean> {
  if (take.quantity <= 0) return true;
  if (take.quantity > take.cap) return false;
  // VALUES, not a SELECT without a table: Citus plans that through the coordinator and sends the
  // ON CONFLICT's parameter to the shard unbound (42P18); VALUES goes to the one shard.
  const taken = await tx.$executeRaw`
    INSERT INTO "ItemDayStock" ("schoolId", "menuItemId", "day", "taken")
    VALUES (${schoolId}, ${take.menuItemId}, ${take.day}::date, ${take.quantity}::int)
    ON CONFLICT ("schoolId", "menuItemId", "day")
      DO UPDATE SET "taken" = "ItemDayStock"."taken" + EXCLUDED."taken"
      WHERE "ItemDayStock"."taken" + EXCLUDED."taken" <= ${take.cap}::int`;
  return taken === 1;
}

/**
 * An item that had no cap gets one (PUT /api/menu/{id}): nothing was counted while it had none, so
 * its days are counted again from its live pre-orders (each on its cycle's calendar date). Counter
 * sales made while it had no cap are not counted (decision 0104).
 */
export async function recountPreorderedStock(
  tx: Tx,
  schoolId: number,
  menuItemId: number,
): Promise<void> {
  await tx.$executeRaw`
    DELETE FROM "ItemDayStock" WHERE "schoolId" = ${schoolId} AND "menuItemId" = ${menuItemId}`;
  await tx.$executeRaw`
    INSERT INTO "ItemDayStock" ("schoolId", "menuItemId", "day", "taken")
    SELECT ${schoolId}, ${menuItemId},
      c."startDate" + ((o."weekNumber" - 1) * 7 + (o."dayOfWeek" - 1)), count(*)::int
    FROM "Order" o
    JOIN "OrderCycle" c ON c."schoolId" = ${schoolId} AND c."id" = o."cycleId"
    WHERE o."schoolId" = ${schoolId} AND o."menuItemId" = ${menuItemId}
      AND o."status" IN ('pending', 'completed')
    GROUP BY 3`;
}

/** A `date` column as Prisma's raw query gives it back (UTC midnight), or already a string. */
function isoDay(value: Date | string): string {
  return typeof value === "string" ? value.slice(0, 10) : toIsoDate(value);
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
