import type { MenuItemType } from "@/lib/contracts";
import type { DayPortions, MenuItemPortion } from "@/lib/contracts/kitchen";
import { cycleDayDate, parseIsoDate } from "@/lib/school-calendar";

// The kitchen's portion summary (spec 001 §2, Fat Chef View): per day, per menu item, how many
// orders and how many of each protein and side, split into the Primary and Secondary Portions
// tables. Pure: it shapes rows the database has already grouped and counted, so a page or a route
// can use it without loading the orders themselves.

/** Most comments listed under one menu item of one day (the rest are still counted). */
export const MAX_COMMENTS_PER_ITEM = 200;

/** One `GROUP BY dayOfWeek, menuItemId, <key>` row: `key` is the protein or the side (or null). */
export type GroupedCount = {
  dayOfWeek: number;
  menuItemId: number;
  key: string | null;
  count: number;
  /** Of `count`, the orders whose payment is still awaited (issue 44); protein rows only. */
  unpaid?: number;
};

export type CommentRow = { dayOfWeek: number; menuItemId: number; orderId: number; text: string };

export type MenuItemInfo = { id: number; name: string; type: MenuItemType };

export type PortionInput = {
  startDate: string;
  weekNumber: number;
  byProtein: readonly GroupedCount[];
  bySide: readonly GroupedCount[];
  comments: readonly CommentRow[];
  menuItems: readonly MenuItemInfo[];
};

/**
 * Builds the per-day Primary/Secondary tables. Totals come from the protein grouping (every order
 * falls in exactly one protein group, null included), days and items are sorted, and comments are
 * trimmed, blank ones dropped and at most MAX_COMMENTS_PER_ITEM kept per item and day.
 */
export function buildPortions(input: PortionInput): DayPortions[] {
  const items = new Map(input.menuItems.map((item) => [item.id, item]));
  const days = new Map<number, Map<number, MenuItemPortion>>();

  const portionFor = (dayOfWeek: number, menuItemId: number): MenuItemPortion => {
    let day = days.get(dayOfWeek);
    if (!day) {
      day = new Map();
      days.set(dayOfWeek, day);
    }
    let portion = day.get(menuItemId);
    if (!portion) {
      const item = items.get(menuItemId);
      portion = {
        menuItemId,
        name: item?.name ?? `Menu item ${menuItemId}`,
        type: item?.type ?? "secondary",
        totalOrders: 0,
        unpaidOrders: 0,
        proteins: {},
        sides: {},
        comments: [],
      };
      day.set(menuItemId, portion);
    }
    return portion;
  };

  for (const row of input.byProtein) {
    const portion = portionFor(row.dayOfWeek, row.menuItemId);
    portion.totalOrders += row.count;
    portion.unpaidOrders += row.unpaid ?? 0;
    addCount(portion.proteins, row.key, row.count);
  }
  for (const row of input.bySide) {
    addCount(portionFor(row.dayOfWeek, row.menuItemId).sides, row.key, row.count);
  }
  for (const row of [...input.comments].sort((a, b) => a.orderId - b.orderId)) {
    const text = row.text.trim();
    const portion = portionFor(row.dayOfWeek, row.menuItemId);
    if (text !== "" && portion.comments.length < MAX_COMMENTS_PER_ITEM) {
      portion.comments.push({ orderId: row.orderId, text });
    }
  }

  return [...days.entries()]
    .sort(([a], [b]) => a - b)
    .map(([dayOfWeek, byItem]) => {
      const sorted = [...byItem.values()].sort(
        (a, b) => a.name.localeCompare(b.name) || a.menuItemId - b.menuItemId,
      );
      return {
        dayOfWeek,
        date: cycleDayDate(input.startDate, input.weekNumber, dayOfWeek),
        primary: sorted.filter((p) => p.type === "primary"),
        secondary: sorted.filter((p) => p.type === "secondary"),
      };
    });
}

function addCount(counts: Record<string, number>, key: string | null, count: number) {
  const name = key?.trim() ?? "";
  if (name === "") return;
  counts[name] = (counts[name] ?? 0) + count;
}

/**
 * The cycle's week and day that fall on `isoDate`, or null on a weekend, before the cycle starts
 * or after its last week.
 */
export function cycleDayOn(
  cycle: { startDate: string; cycleLength: number },
  isoDate: string,
): { weekNumber: number; dayOfWeek: number } | null {
  const start = parseIsoDate(cycle.startDate);
  const date = parseIsoDate(isoDate);
  if (!start || !date) return null;
  const days = Math.round((date.getTime() - start.getTime()) / 86_400_000);
  if (days < 0) return null;
  const weekNumber = Math.floor(days / 7) + 1;
  const dayOfWeek = (days % 7) + 1;
  if (weekNumber > cycle.cycleLength || dayOfWeek > 5) return null;
  return { weekNumber, dayOfWeek };
}
