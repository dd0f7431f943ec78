import { formatCalendarDate } from "@/components/admin/data-table/order-format";
import { weekdayName } from "@/lib/client/format";
import type {
  DayPortions,
  KitchenCycleChoice,
  KitchenOrder,
  MenuItemPortion,
} from "@/lib/contracts/kitchen";

// The kitchen view's pure helpers (spec 001 §2 Fat Chef View): which call, which orders a portion
// row stands for, and the headings. The answer's types are lib/contracts/kitchen.ts.

/** "today" or a week of the cycle. */
export type KitchenSelection = "today" | `week-${number}`;

/** The kitchen's call for a selection (an entry of lib/contracts/endpoints.ts). */
export type KitchenPath =
  | `/api/orders/today?page=1&pageSize=100${CycleQuery}`
  | `/api/orders/week/${number}?page=1&pageSize=100${CycleQuery}`;
type CycleQuery = "" | `&cycleId=${number}`;

/** The call for a selection, of the chosen cycle when there is one (issue 44 §7). */
export function kitchenPath(selection: KitchenSelection, cycleId?: number): KitchenPath {
  const cycle: CycleQuery = cycleId === undefined ? "" : `&cycleId=${cycleId}`;
  if (selection === "today") return `/api/orders/today?page=1&pageSize=100${cycle}`;
  return `/api/orders/week/${Number(selection.slice("week-".length))}?page=1&pageSize=100${cycle}`;
}

/** "9 Mar 2026 – 3 Apr 2026", "(deactivated)" when it takes no orders but has meals to serve. */
export function kitchenCycleLabel(cycle: KitchenCycleChoice): string {
  const dates = `${formatCalendarDate(cycle.startDate)} – ${formatCalendarDate(cycle.endDate)}`;
  return cycle.isActive ? dates : `${dates} (deactivated)`;
}

/** A selectable portion row: one menu item on one day. */
export function portionKey(dayOfWeek: number, portion: MenuItemPortion): string {
  return `${dayOfWeek}:${portion.type}:${portion.menuItemId}`;
}

/**
 * The pending orders behind the selected portion rows. Kitchen orders carry the menu item's name
 * and type, not its id, so a row matches on day, name and type.
 */
export function pendingOrderIds(
  orders: readonly KitchenOrder[],
  days: readonly DayPortions[],
  selectedKeys: readonly string[],
): number[] {
  const wanted = new Set(selectedKeys);
  const matches: { dayOfWeek: number; name: string; type: string }[] = [];
  for (const day of days) {
    for (const portion of [...day.primary, ...day.secondary]) {
      if (wanted.has(portionKey(day.dayOfWeek, portion))) {
        matches.push({ dayOfWeek: day.dayOfWeek, name: portion.name, type: portion.type });
      }
    }
  }
  return orders
    .filter(
      (order) =>
        order.status === "pending" &&
        matches.some(
          (m) =>
            m.dayOfWeek === order.dayOfWeek &&
            m.name === order.menuItem?.name &&
            m.type === order.menuItem?.type,
        ),
    )
    .map((order) => order.id);
}

/** "Monday, 3 Mar 2025". */
export function dayHeading(day: DayPortions): string {
  return `${weekdayName(day.dayOfWeek)}, ${formatCalendarDate(day.date)}`;
}

/** "beef: 3" entries, largest first, then by name. */
export function countEntries(counts: Record<string, number>): [string, number][] {
  return Object.entries(counts).sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]));
}
