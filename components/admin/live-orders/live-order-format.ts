import {
  exactAmount,
  formatKwacha,
  priceDisplay,
} from "@/components/admin/data-table/order-format";
import { formatInstant } from "@/lib/client/format";
import type { LiveOrder, LiveOrderLine } from "@/lib/contracts/live-orders";

// Pure helpers of Live Orders (spec 001 §2, §7, §9): the query of the applied filters, amounts in
// whole kwacha rounded up, and the cart grouped by student for the expanded row.

export const LIVE_ORDERS_PAGE_SIZE = 50;
export const LIVE_ORDERS_REFRESH_MS = 5000;
export const ALL = "all";

export type LiveOrderFilters = {
  time: string;
  parent: string;
  student: string;
  items: string;
  amount: string;
  status: string;
  transactionId: string;
  week: string;
  day: string;
};

export const EMPTY_FILTERS: LiveOrderFilters = {
  time: "",
  parent: "",
  student: "",
  items: "",
  amount: "",
  status: ALL,
  transactionId: "",
  week: ALL,
  day: ALL,
};

/** GET /api/payments/live-orders with the page and every filled-in filter. */
export type LiveOrdersPath = `/api/payments/live-orders?${string}`;

export function liveOrdersPath(filters: LiveOrderFilters, page: number): LiveOrdersPath {
  const params = new URLSearchParams({ page: String(page) });
  for (const [key, raw] of Object.entries(filters) as [keyof LiveOrderFilters, string][]) {
    const value = raw.trim();
    if (value !== "" && value !== ALL) params.set(key, value);
  }
  return `/api/payments/live-orders?${params.toString()}`;
}

/** Spec 001 §9: live orders show whole kwacha, rounded up; the original struck when higher. */
export function amountDisplay(original: string, paid: string) {
  const { paid: shown, original: struck } = priceDisplay(original, paid);
  return {
    paid: shown === null ? "—" : formatKwacha(shown),
    original: struck === null ? null : formatKwacha(struck),
    /** The exact amount paid, for the whole-kwacha figure's tooltip (issue 44). */
    exact: exactAmount(paid),
  };
}

/**
 * An instant on the school's clock ("05 Mar 2030, 10:15"; `timeZone` from useSchoolBrand()), the
 * clock the Time filter's date is read in, whatever the browser's zone.
 */
export function formatLiveTime(value: string, timeZone: string): string {
  return Number.isFinite(Date.parse(value)) ? formatInstant(value, timeZone) : "Invalid date";
}

export const DAY_SHORT = ["Mon", "Tue", "Wed", "Thu", "Fri"] as const;

export function dayShort(day: number): string {
  return DAY_SHORT[day - 1] ?? `Day ${day}`;
}

const distinct = <T>(values: T[]) => [...new Set(values)];

export function studentNames(order: LiveOrder): string {
  return distinct(order.cartItems.map((l) => l.student.name)).join(", ") || "—";
}

export function itemNames(order: LiveOrder): string {
  return distinct(order.cartItems.map((l) => l.menuItem.name)).join(", ") || "—";
}

/** The cart's distinct week-and-day pairs, in calendar order (shown "W2 Tue", one per line). */
export function weekDayPairs(order: LiveOrder): { weekNumber: number; dayOfWeek: number }[] {
  const pairs = new Map<string, { weekNumber: number; dayOfWeek: number }>();
  for (const { weekNumber, dayOfWeek } of order.cartItems) {
    pairs.set(`${weekNumber}-${dayOfWeek}`, { weekNumber, dayOfWeek });
  }
  return [...pairs.values()].sort(
    (a, b) => a.weekNumber - b.weekNumber || a.dayOfWeek - b.dayOfWeek,
  );
}

export type StudentGroup = {
  studentId: number;
  name: string;
  grade: string;
  lines: LiveOrderLine[];
};

/** The cart's lines per student, in the order they first appear. */
export function byStudent(lines: LiveOrderLine[]): StudentGroup[] {
  const groups = new Map<number, StudentGroup>();
  for (const line of lines) {
    const group = groups.get(line.studentId) ?? {
      studentId: line.studentId,
      name: line.student.name,
      grade: line.student.grade,
      lines: [],
    };
    group.lines.push(line);
    groups.set(line.studentId, group);
  }
  return [...groups.values()];
}
