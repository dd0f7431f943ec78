import { TZDate } from "@date-fns/tz";
import { format } from "date-fns";
import type { BlockedDay } from "@/lib/contracts";
import { formatZmw } from "@/lib/money";
import { parseIsoDate, schoolToday } from "@/lib/school-calendar";
import { weekdayName } from "@/lib/client/format";

// Display helpers of the Order Cycles section (spec 001 §2, §9). Calendar dates are read as dates,
// never through the browser's time zone.

/** Cycle length as shown: 4 or 6, and 4 when absent (spec 001 §3). */
export function lengthOf(cycle: { cycleLength?: number | null }): number {
  return cycle.cycleLength && cycle.cycleLength > 0 ? cycle.cycleLength : 4;
}

/** "2026-12-07" (or "2026-12-07T00:00:00.000Z") → "Mon 7 Dec 2026"; 'No date' / 'Invalid date'. */
export function formatCalendarDate(value: string | null | undefined): string {
  if (!value) return "No date";
  const date = parseIsoDate(value.slice(0, 10));
  if (!date) return "Invalid date";
  return format(new TZDate(date.getTime(), "UTC"), "EEE d MMM yyyy");
}

/** An instant (createdAt) as the calendar date on the school's clock, "Mon 7 Dec 2026". */
export function formatInstantDate(value: string | null | undefined, timeZone: string): string {
  if (!value) return "No date";
  if (/^\d{4}-\d{2}-\d{2}$/.test(value)) return formatCalendarDate(value);
  const instant = new Date(value);
  if (Number.isNaN(instant.getTime())) return "Invalid date";
  return formatCalendarDate(schoolToday(timeZone, instant));
}

/** "Week 2, Wednesday". */
export function blockedDayLabel(day: BlockedDay): string {
  return `Week ${day.weekNumber}, ${weekdayName(day.dayOfWeek)}`;
}

/** Blocked days in week then day order. */
export function sortBlockedDays(days: readonly BlockedDay[]): BlockedDay[] {
  return [...days].sort((a, b) => a.weekNumber - b.weekNumber || a.dayOfWeek - b.dayOfWeek);
}

/** History revenue "123.45" → "K 123.45" (en-ZM, 2 decimals). */
export function formatRevenue(amount: string | number | null | undefined): string {
  if (amount === null || amount === undefined || amount === "") return formatZmw("0");
  try {
    return formatZmw(typeof amount === "number" ? amount.toFixed(2) : amount);
  } catch {
    const n = Number(amount);
    return Number.isFinite(n) ? formatZmw(Math.max(0, n).toFixed(2)) : String(amount);
  }
}

const dayMonth = (iso: string) => formatCalendarDate(iso).split(" ").slice(1, 3).join(" ");
const yearOf = (iso: string) => iso.slice(0, 4);

/** "23 Nov – 18 Dec 2026" (both years when they differ): a cycle's dates, short. */
export function cycleRangeLabel(cycle: { startDate: string; endDate: string }): string {
  const start = cycle.startDate.slice(0, 10);
  const end = cycle.endDate.slice(0, 10);
  const startText =
    yearOf(start) === yearOf(end) ? dayMonth(start) : `${dayMonth(start)} ${yearOf(start)}`;
  return `${startText} – ${dayMonth(end)} ${yearOf(end)}`;
}

/**
 * Cycles with the same dates are told apart by their creation day (issue 25): "created Fri 20 Nov
 * 2026" when another listed cycle has this one's dates, else null.
 */
export function twinCreatedLabel(
  cycle: { id: number; startDate: string; cycleLength: number; createdAt: string },
  cycles: readonly { id: number; startDate: string; cycleLength: number }[],
  timeZone: string,
): string | null {
  const twin = cycles.some(
    (other) =>
      other.id !== cycle.id &&
      other.startDate === cycle.startDate &&
      other.cycleLength === cycle.cycleLength,
  );
  return twin ? `created ${formatInstantDate(cycle.createdAt, timeZone)}` : null;
}
