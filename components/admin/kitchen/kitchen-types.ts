import { formatCalendarDate } from "@/components/admin/history/cycle-order-format";
import { weekdayName } from "@/lib/client/format";

// The kitchen's reads (spec 001 §3 "Kitchen order", §7 GET /api/orders/today and /week/{week}).

export type KitchenOrder = {
  id: number;
  dayOfWeek: number;
  weekNumber?: number;
  comments: string | null;
  category: string | null;
  sideDish: string | null;
  status: string;
  menuItem: { name: string; type: "primary" | "secondary" } | null;
};

export type PortionComment = { orderId: number; text: string };

export type MenuItemPortion = {
  menuItemId: number;
  name: string;
  type: "primary" | "secondary";
  totalOrders: number;
  proteins: Record<string, number>;
  sides: Record<string, number>;
  comments: PortionComment[];
};

export type DayPortions = {
  dayOfWeek: number;
  date: string;
  primary: MenuItemPortion[];
  secondary: MenuItemPortion[];
};

export type KitchenOrders = {
  data: KitchenOrder[];
  metadata: { total: number; page: number; pageSize: number; totalPages: number };
  cycle: { id: number; startDate: string; cycleLength: number } | null;
  portions: DayPortions[];
};

/** "today" or a week of the cycle. */
export type KitchenSelection = "today" | `week-${number}`;

export function kitchenPath(selection: KitchenSelection): string {
  if (selection === "today") return "/api/orders/today?page=1&pageSize=100";
  return `/api/orders/week/${selection.slice("week-".length)}?page=1&pageSize=100`;
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
