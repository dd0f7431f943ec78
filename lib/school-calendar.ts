// The minimal TZDate: only its getters are used here, not its string forms (0.5 kB less in the
// browser, which computes the calendar too).
import { TZDateMini as TZDate } from "@date-fns/tz/date/mini";
import { lightFormat } from "date-fns";

// Calendar dates travel as ISO `YYYY-MM-DD` strings and are read in the school's time zone, never
// the server's. Pure functions: the time zone and the instant are arguments.

export const DEFAULT_TIMEZONE = "Africa/Lusaka";

/** The school's calendar date at `now`, as YYYY-MM-DD. */
export function schoolToday(timeZone: string, now: Date = new Date()): string {
  return schoolClock(timeZone, now).today;
}

type SchoolClock = { timeZone: string; at: number; today: string; minutes: number };

let lastClock: SchoolClock | null = null;

/**
 * The school's date and minutes since midnight at an instant, from one TZDate (each costs
 * Intl.DateTimeFormat calls). The last answer is kept: the Menu Calendar asks about the same
 * instant (its minute's `now`) for every day and week it draws, which cost a fifth of its render
 * on a throttled phone (decision 0060). A pure function of its arguments, so nothing to go stale.
 */
function schoolClock(timeZone: string, now: Date): SchoolClock {
  const at = now.getTime();
  if (lastClock && lastClock.at === at && lastClock.timeZone === timeZone) return lastClock;
  const local = new TZDate(at, timeZone);
  const clock = {
    timeZone,
    at,
    today: lightFormat(local, "yyyy-MM-dd"),
    minutes: local.getHours() * 60 + local.getMinutes(),
  };
  lastClock = clock;
  return clock;
}

/** Parses YYYY-MM-DD strictly; returns null for anything else or for impossible dates. */
export function parseIsoDate(value: string): Date | null {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  if (!match) return null;
  const [y, m, d] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const date = new Date(Date.UTC(y, m - 1, d));
  if (date.getUTCFullYear() !== y || date.getUTCMonth() !== m - 1 || date.getUTCDate() !== d) {
    return null;
  }
  return date;
}

/** A calendar date (UTC midnight, as PostgreSQL `date` columns come back) as YYYY-MM-DD. */
export function toIsoDate(date: Date): string {
  return date.toISOString().slice(0, 10);
}

/** The Monday of the week holding `isoDate`. */
export function mondayOf(isoDate: string): string {
  const date = parseIsoDate(isoDate);
  if (!date) throw new RangeError(`Not a date: ${isoDate}`);
  const isoDay = date.getUTCDay() === 0 ? 7 : date.getUTCDay();
  return addDaysIso(toIsoDate(date), 1 - isoDay);
}

/** Adds whole days to a calendar date (UTC arithmetic, so no daylight-saving surprises). */
export function addDaysIso(isoDate: string, days: number): string {
  const date = parseIsoDate(isoDate);
  if (!date) throw new RangeError(`Not a date: ${isoDate}`);
  return toIsoDate(new Date(date.getTime() + days * 86_400_000));
}

// ---- Order cycle rules (spec 000 §4). Weeks are numbered from 1, days Monday=1 to Friday=5. ----

export type CycleShape = {
  startDate: string;
  cycleLength: number;
  blockedDays: readonly { weekNumber: number; dayOfWeek: number }[];
};

export type Cutoff = { cutoffHour: number; cutoffMinute: number };

/** The calendar date of a cycle's week and day. */
export function cycleDayDate(startDate: string, weekNumber: number, dayOfWeek: number): string {
  return addDaysIso(startDate, (weekNumber - 1) * 7 + (dayOfWeek - 1));
}

/** The last school day (Friday) of the cycle. */
export function cycleEndDate(cycle: Pick<CycleShape, "startDate" | "cycleLength">): string {
  return cycleDayDate(cycle.startDate, cycle.cycleLength, 5);
}

/** Whether the school's clock is at or after today's cut-off. */
export function isPastCutoff(cutoff: Cutoff, timeZone: string, now: Date = new Date()): boolean {
  return schoolClock(timeZone, now).minutes >= cutoff.cutoffHour * 60 + cutoff.cutoffMinute;
}

export type DayClosure = "blocked" | "past" | "after-cutoff" | "outside-cycle" | null;

/**
 * Why a day of the cycle takes no orders (School Closed), or null when it is open: outside the
 * cycle, blocked, in the past, or today at or after the cut-off.
 */
export function dayClosure(
  cycle: CycleShape,
  weekNumber: number,
  dayOfWeek: number,
  cutoff: Cutoff,
  timeZone: string,
  now: Date = new Date(),
): DayClosure {
  if (
    !Number.isInteger(weekNumber) ||
    !Number.isInteger(dayOfWeek) ||
    weekNumber < 1 ||
    weekNumber > cycle.cycleLength ||
    dayOfWeek < 1 ||
    dayOfWeek > 5
  ) {
    return "outside-cycle";
  }
  if (cycle.blockedDays.some((b) => b.weekNumber === weekNumber && b.dayOfWeek === dayOfWeek)) {
    return "blocked";
  }
  const date = cycleDayDate(cycle.startDate, weekNumber, dayOfWeek);
  const today = schoolToday(timeZone, now);
  if (date < today) return "past";
  if (date === today && isPastCutoff(cutoff, timeZone, now)) return "after-cutoff";
  return null;
}

/** A week whose Friday has passed, or is today at or after the cut-off, is Completed (hidden). */
export function isWeekCompleted(
  cycle: Pick<CycleShape, "startDate">,
  weekNumber: number,
  cutoff: Cutoff,
  timeZone: string,
  now: Date = new Date(),
): boolean {
  const friday = cycleDayDate(cycle.startDate, weekNumber, 5);
  const today = schoolToday(timeZone, now);
  return friday < today || (friday === today && isPastCutoff(cutoff, timeZone, now));
}

/** Grades 6 to 12 and staff eat from the secondary menu; everyone else from the primary. */
export function menuTypeForGrade(grade: string): "primary" | "secondary" {
  if (grade === "teacher") return "secondary";
  const n = Number(grade);
  return Number.isInteger(n) && n >= 6 && n <= 12 ? "secondary" : "primary";
}

/** Whether an item is offered on a week and day: available, not archived, and scheduled. */
export function isOffered(
  item: {
    isAvailable: boolean;
    isArchived: boolean;
    weekNumbers: readonly number[];
    daysOfWeek: readonly number[];
  },
  weekNumber: number,
  dayOfWeek: number,
): boolean {
  return (
    item.isAvailable &&
    !item.isArchived &&
    item.weekNumbers.includes(weekNumber) &&
    item.daysOfWeek.includes(dayOfWeek)
  );
}
