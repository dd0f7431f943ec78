import "server-only";
import type { SessionUser } from "@/lib/auth/session";
import type { MenuItemDto } from "@/lib/contracts";
import { hasFeature } from "@/lib/contracts/permissions";
import type { SchoolContext } from "@/lib/contracts/schools";
import { getActiveCycle } from "@/lib/cycles/cycles";
import { schoolDb } from "@/lib/db";
import { listMenuItems } from "@/lib/menu/menu-items";
import { stockKey, stockTaken } from "@/lib/menu/stock";
import { cycleDayDate } from "@/lib/school-calendar";

/**
 * GET /api/menu and the portal's first page. Admins get the menu as before (the `menu` feature
 * sees archived items too, counter items with their type). Parents and teachers get the pre-order
 * menu (issue 47): no counter items, and for each capped item the portions left on the ordering
 * cycle's days that sold any. The items come from the versioned cache (decision 0037); what is
 * left is read on every call, never cached, so a sale shows "Sold out" on the next read. A menu
 * with no capped item costs no more than before.
 */
export async function menuForUser(
  school: Pick<SchoolContext, "id">,
  user: SessionUser,
): Promise<readonly MenuItemDto[]> {
  if (user.role !== "parent" && user.role !== "teacher") {
    return listMenuItems(school, { includeArchived: hasFeature(user, "menu") });
  }
  const items = await listMenuItems(school, { includeArchived: false });
  const orderable = items.filter((item) => item.type !== "counter");
  const capped = orderable.filter((item) => item.dailyCap !== null);
  if (capped.length === 0) return orderable;
  const cycle = await getActiveCycle(school);
  if (!cycle) return orderable;
  const daysOf = (item: MenuItemDto) =>
    item.weekNumbers
      .filter((week) => week <= cycle.cycleLength)
      .flatMap((week) => item.daysOfWeek.map((day) => cycleDayDate(cycle.startDate, week, day)));
  const days = [...new Set(capped.flatMap(daysOf))];
  const db = await schoolDb(school.id);
  const taken = await stockTaken(
    db,
    school.id,
    capped.map((item) => item.id),
    days,
  );
  return orderable.map((item) => {
    if (item.dailyCap === null) return item;
    const left: Record<string, number> = {};
    for (const day of daysOf(item)) {
      const sold = taken.get(stockKey(item.id, day));
      if (sold !== undefined) left[day] = Math.max(0, item.dailyCap - sold);
    }
    return { ...item, left };
  });
}
