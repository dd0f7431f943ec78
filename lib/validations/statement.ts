import {
  STATEMENT_BAD_DATE,
  STATEMENT_DATES_REQUIRED,
  STATEMENT_MAX_DAYS,
  STATEMENT_REVERSED,
  STATEMENT_TOO_LONG,
} from "@/lib/contracts/statement";
import { parseIsoDate } from "@/lib/school-calendar";

// The statement's period (issue 49): two calendar days of the school, first ≤ last, at most
// STATEMENT_MAX_DAYS days. Shared by the route and the download form.

export type StatementPeriod = { from: string; to: string };

const DAY_MS = 86_400_000;
/** The years a statement can speak of: the product's, with room; 9999-12-31 is no date of ours. */
const YEARS = { first: 2000, last: 2100 } as const;

const inYears = (date: Date) =>
  date.getUTCFullYear() >= YEARS.first && date.getUTCFullYear() <= YEARS.last;

/** The period, or the one sentence that says what is wrong with it. */
export function checkStatementPeriod(
  from: string | null | undefined,
  to: string | null | undefined,
): { period: StatementPeriod } | { error: string } {
  if (!from || !to) return { error: STATEMENT_DATES_REQUIRED };
  const first = parseIsoDate(from);
  const last = parseIsoDate(to);
  if (!first || !last || !inYears(first) || !inYears(last)) return { error: STATEMENT_BAD_DATE };
  if (first > last) return { error: STATEMENT_REVERSED };
  if ((last.getTime() - first.getTime()) / DAY_MS + 1 > STATEMENT_MAX_DAYS) {
    return { error: STATEMENT_TOO_LONG };
  }
  return { period: { from, to } };
}
