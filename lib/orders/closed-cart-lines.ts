import "server-only";
import type { ClosedCartLineDto, OrderCycleDto } from "@/lib/contracts";
import type { SchoolContext } from "@/lib/contracts/schools";
import { getActiveCycle } from "@/lib/cycles/cycles";
import { dayClosure, type Cutoff, type DayClosure } from "@/lib/school-calendar";
import { getCutoffTime } from "@/lib/settings/settings";

// Issue 44 §8: a cart filled before the school closed one of its days names every closed line,
// with the school's reason, so the Cart marks each and the rest can be paid once they are removed.
// Used by the cart validation (POST /api/menu-items/validate) and by checkCart's 422.

export const NO_ACTIVE_CYCLE = "There is no active order cycle. Orders cannot be placed right now.";
export const ORDERING_CLOSED = "School Closed: ordering for this day has closed.";
export const NOT_IN_CYCLE = "School Closed: this day is not in the current order cycle.";
export const CLOSED_BY_SCHOOL = "School Closed: closed by the school.";

type CartDay = { studentId: number; weekNumber?: number; dayOfWeek?: number };

/** The words on a closed line: the school's reason as written for a day it closed. */
function closedMessage(why: Exclude<DayClosure, null>, reason: string | undefined): string {
  if (why === "blocked") return reason ? `School Closed: ${reason}` : CLOSED_BY_SCHOOL;
  return why === "outside-cycle" ? NOT_IN_CYCLE : ORDERING_CLOSED;
}

/**
 * Each (child, week, day) of the cart whose day takes no orders, once: blocked (closed by the
 * school), past, today after the cut-off, outside the cycle, or every line when no cycle is open.
 * Lines sent without their day are not judged. Days and the cut-off are the school's (`timeZone`).
 */
export function closedLinesOf(
  cycle: Pick<OrderCycleDto, "startDate" | "cycleLength" | "blockedDays"> | null,
  lines: readonly CartDay[],
  cutoff: Cutoff,
  timeZone: string,
  now: Date = new Date(),
): ClosedCartLineDto[] {
  const closed = new Map<string, ClosedCartLineDto>();
  for (const { studentId, weekNumber, dayOfWeek } of lines) {
    if (weekNumber === undefined || dayOfWeek === undefined) continue;
    let message = NO_ACTIVE_CYCLE;
    if (cycle) {
      const why = dayClosure(cycle, weekNumber, dayOfWeek, cutoff, timeZone, now);
      if (why === null) continue;
      const blocked = cycle.blockedDays.find(
        (b) => b.weekNumber === weekNumber && b.dayOfWeek === dayOfWeek,
      );
      message = closedMessage(why, blocked?.reason?.trim());
    }
    closed.set(`${studentId}:${weekNumber}:${dayOfWeek}`, {
      studentId,
      weekNumber,
      dayOfWeek,
      message,
    });
  }
  return [...closed.values()];
}

/**
 * The cart validation's share: every line of the cart whose day takes no orders; null when no line
 * carries its day (a client of the spec's answer, which then stays as the spec has it).
 */
export async function closedCartLines(
  school: Pick<SchoolContext, "id" | "timeZone">,
  lines: readonly CartDay[],
): Promise<ClosedCartLineDto[] | null> {
  if (!lines.some((l) => l.weekNumber !== undefined && l.dayOfWeek !== undefined)) return null;
  const [cycle, cutoff] = await Promise.all([getActiveCycle(school), getCutoffTime(school)]);
  return closedLinesOf(cycle, lines, cutoff, school.timeZone);
}
