import { TZDate } from "@date-fns/tz";
import { format } from "date-fns";
import { parseIsoDate } from "@/lib/school-calendar";

// Display formats of the parent and teacher screens.

export const WEEKDAYS = ["Monday", "Tuesday", "Wednesday", "Thursday", "Friday"] as const;

/** 1 → "Monday" … 5 → "Friday". */
export function weekdayName(dayOfWeek: number): string {
  return WEEKDAYS[dayOfWeek - 1] ?? `Day ${dayOfWeek}`;
}

/** A school calendar date "2025-03-05" as "05 Mar" (already a date in the school's zone). */
export function formatDayDate(isoDate: string): string {
  const date = parseIsoDate(isoDate);
  return date ? format(new TZDate(date.getTime(), "UTC"), "dd MMM") : isoDate;
}

/** An instant (orderDate) on the school's clock: "05 Mar 2025, 09:41". */
export function formatInstant(instant: string, timeZone: string): string {
  const time = Date.parse(instant);
  if (!Number.isFinite(time)) return instant;
  return format(new TZDate(time, timeZone), "dd MMM yyyy, HH:mm");
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
