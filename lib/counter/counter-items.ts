import "server-only";
import type { CounterItemDto } from "@/lib/contracts/counter";
import type { SchoolContext } from "@/lib/contracts/schools";
import { schoolDb } from "@/lib/db";
import { stockKey, stockTaken } from "@/lib/menu/stock";
import { schoolToday } from "@/lib/school-calendar";

// GET /api/counter/items (issue 47): what the till can sell today, read by the counter's staff,
// who may not have the menu feature. The items the sale itself accepts (available, not archived,
// of type counter), each with its allergens and what is left today of a daily cap.

export async function listCounterItems(school: SchoolContext): Promise<CounterItemDto[]> {
  const schoolId = school.id;
  const db = await schoolDb(schoolId);
  const items = await db.menuItem.findMany({
    where: { schoolId, type: "counter", isAvailable: true, isArchived: false },
    select: { id: true, name: true, price: true, allergens: true, dailyCap: true },
    orderBy: [{ name: "asc" }, { id: "asc" }],
  });
  const today = schoolToday(school.timeZone);
  const capped = items.filter((item) => item.dailyCap !== null).map((item) => item.id);
  const taken = await stockTaken(db, schoolId, capped, [today]);
  return items.map((item) => ({
    id: item.id,
    name: item.name,
    price: item.price.toFixed(2),
    allergens: item.allergens,
    left:
      item.dailyCap === null
        ? null
        : Math.max(0, item.dailyCap - (taken.get(stockKey(item.id, today)) ?? 0)),
  }));
}
