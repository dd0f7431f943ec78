import { TZDate } from "@date-fns/tz";
import { format } from "date-fns";

// Calendar dates travel as ISO `YYYY-MM-DD` strings and are read in the school's time zone, never
// the server's. Pure functions: the time zone and the instant are arguments.

export const DEFAULT_TIMEZONE = "Africa/Lusaka";

/** The school's calendar date at `now`, as YYYY-MM-DD. */
export function schoolToday(timeZone: string, now: Date = new Date()): string {
  return format(new TZDate(now.getTime(), timeZone), "yyyy-MM-dd");
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
