import {
  TAKINGS_LINES,
  TAKINGS_LINE_INFO,
  type TakingsDayDto,
  type TakingsLine,
  type TakingsLineDto,
} from "@/lib/contracts/takings";
import { fromNgwee } from "@/lib/money";

// The takings' arithmetic (issue 49), pure so a property test can hold it to its invariant: every
// movement counts in exactly one line of exactly one day, a line is the sum of its movements, a
// day is the sum of its lines, and the period is the sum of its days. All in integer ngwee.

export type TakingsMovement = { line: TakingsLine; day: string; ngwee: number };

export type TakingsSummary = {
  lines: TakingsLineDto[];
  days: TakingsDayDto[];
  totals: { received: string; fromCredit: string; out: string; net: string };
};

type Tally = Map<TakingsLine, { count: number; ngwee: number }>;

function add(tally: Tally, movement: TakingsMovement) {
  const entry = tally.get(movement.line) ?? { count: 0, ngwee: 0 };
  entry.count += 1;
  entry.ngwee += movement.ngwee;
  tally.set(movement.line, entry);
}

function lineDtos(tally: Tally, withZeros: boolean): TakingsLineDto[] {
  return TAKINGS_LINES.flatMap((line) => {
    const entry = tally.get(line);
    if (!entry && !withZeros) return [];
    return [{ line, count: entry?.count ?? 0, amount: fromNgwee(entry?.ngwee ?? 0) }];
  });
}

/** Sums of a tally by group, in ngwee. */
function groupSums(tally: Tally) {
  const sums = { received: 0, credit: 0, out: 0 };
  for (const [line, entry] of tally) sums[TAKINGS_LINE_INFO[line].group] += entry.ngwee;
  return sums;
}

export function summariseTakings(movements: readonly TakingsMovement[]): TakingsSummary {
  const period: Tally = new Map();
  const byDay = new Map<string, Tally>();
  for (const movement of movements) {
    add(period, movement);
    const day: Tally =
      byDay.get(movement.day) ?? new Map<TakingsLine, { count: number; ngwee: number }>();
    add(day, movement);
    byDay.set(movement.day, day);
  }
  const days = [...byDay.keys()].sort().map((day) => {
    const tally = byDay.get(day)!;
    return {
      day,
      lines: lineDtos(tally, false),
      received: fromNgwee(groupSums(tally).received),
    };
  });
  const sums = groupSums(period);
  return {
    lines: lineDtos(period, true),
    days,
    totals: {
      received: fromNgwee(sums.received),
      fromCredit: fromNgwee(sums.credit),
      out: fromNgwee(sums.out),
      net: fromNgwee(sums.received - sums.out),
    },
  };
}

/** The school days from `from` to `to`, both included (YYYY-MM-DD), or null when reversed. */
export function daysBetween(from: string, to: string): number | null {
  const ms = Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`);
  if (!Number.isFinite(ms) || ms < 0) return null;
  return Math.round(ms / 86_400_000) + 1;
}
