import { parseIsoDate } from "@/lib/school-calendar";

// Display formats of the parent and teacher screens. Dates are formatted with the browser's Intl
// (English month abbreviations, 24-hour clock), not date-fns's `format`, whose formatting code and
// locale tables would otherwise be part of every parent's first download.

export const WEEKDAYS = ["Monday", "Tuesday", "Wednesday", "Thursday", "Friday"] as const;

/** 1 → "Monday" … 5 → "Friday". */
export function weekdayName(dayOfWeek: number): string {
  return WEEKDAYS[dayOfWeek - 1] ?? `Day ${dayOfWeek}`;
}

const formatters = new Map<string, Intl.DateTimeFormat>();

/** The day, month ("Mar"), year, hour and minute ("09", 24-hour) of `time` on `timeZone`'s clock. */
function dateParts(time: number, timeZone: string): Partial<Record<string, string>> {
  let formatter = formatters.get(timeZone);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat("en-US", {
      timeZone,
      day: "2-digit",
      month: "short",
      year: "numeric",
      hour: "2-digit",
      minute: "2-digit",
      hourCycle: "h23",
    });
    formatters.set(timeZone, formatter);
  }
  return Object.fromEntries(formatter.formatToParts(time).map((p) => [p.type, p.value]));
}

/** A school calendar date "2025-03-05" as "05 Mar" (already a date in the school's zone). */
export function formatDayDate(isoDate: string): string {
  const date = parseIsoDate(isoDate);
  if (!date) return isoDate;
  const { day, month } = dateParts(date.getTime(), "UTC");
  return `${day} ${month}`;
}

/** An instant (orderDate) on the school's clock: "05 Mar 2025, 09:41". */
export function formatInstant(instant: string, timeZone: string): string {
  const time = Date.parse(instant);
  if (!Number.isFinite(time)) return instant;
  const { day, month, year, hour, minute } = dateParts(time, timeZone);
  return `${day} ${month} ${year}, ${hour}:${minute}`;
}

/** "ELC", "K", "3" → "ELC", "Grade K", "Grade 3"; the staff grade → "Staff". */
export function gradeLabel(grade: string): string {
  if (grade === "teacher") return "Staff";
  if (grade === "ELC") return "ELC";
  return `Grade ${grade}`;
}

/** "pending" → "Pending". */
export function capitalize(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}

/**
 * A count with its noun, singular for one (issue 25: never "1 orders"): plural(1, "order") →
 * "1 order", plural(3, "Order") → "3 Orders", plural(2, "child", "children") → "2 children".
 */
export function plural(count: number, noun: string, many = `${noun}s`): string {
  return `${count} ${count === 1 ? noun : many}`;
}

/** The explanation beside the spec's "Order Pending" of a paid meal still to be served (issue 44). */
export const PAID_TO_BE_SERVED = "Paid · to be served";

/** "Paid · to be served" for a live, paid order not yet served; otherwise null. */
export function pendingExplanation(order: { status: string; paymentStatus: string }) {
  return order.status === "pending" && order.paymentStatus === "confirmed"
    ? PAID_TO_BE_SERVED
    : null;
}
