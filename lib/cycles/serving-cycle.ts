import "server-only";
import type { OrderCycleDto } from "@/lib/contracts";
import { listCycles } from "@/lib/cycles/cycles";
import type { SchoolContext } from "@/lib/contracts/schools";
import { type Db as Client, schoolDb, type Tx } from "@/lib/db";
import { cycleDayDate, schoolToday } from "@/lib/school-calendar";

// Meals still to serve (issue 44, decision 0071). A cycle's orders are cooked whether or not the
// cycle still takes orders: the kitchen works from the earliest cycle that is not over and either
// takes orders or still holds live orders, so deactivating a cycle, or creating the next one, never
// hides a paid meal.

const LIVE = ["pending", "completed"] as const;

type Db = Client | Tx;

/** Each cycle's live orders on dates from `fromDate` on (cycles without any are left out). */
export async function countMealsToServe(
  db: Db,
  cycles: readonly Pick<OrderCycleDto, "id" | "startDate">[],
  fromDate: string,
): Promise<Map<number, number>> {
  const counts = new Map<number, number>();
  if (cycles.length === 0) return counts;
  const groups = await db.order.groupBy({
    by: ["cycleId", "weekNumber", "dayOfWeek"],
    where: { cycleId: { in: cycles.map((c) => c.id) }, status: { in: [...LIVE] } },
    _count: { _all: true },
  });
  const startOf = new Map(cycles.map((c) => [c.id, c.startDate]));
  for (const group of groups) {
    const start = startOf.get(group.cycleId);
    if (!start || cycleDayDate(start, group.weekNumber, group.dayOfWeek) < fromDate) continue;
    counts.set(group.cycleId, (counts.get(group.cycleId) ?? 0) + group._count._all);
  }
  return counts;
}

/**
 * The cycles the kitchen may show (issue 44 §7): those not over that are active or still have meals
 * to serve, soonest first; when every cycle is over, the active one that started last (the spec's
 * one-cycle case); empty when there is none. The first is the one the kitchen serves unless the
 * Fat Chef View chooses another.
 */
export async function listKitchenCycles(
  school: SchoolContext,
  now: Date = new Date(),
): Promise<OrderCycleDto[]> {
  const cycles = await listCycles(school);
  const today = schoolToday(school.timeZone, now);
  const notOver = cycles.filter((c) => c.endDate >= today);
  const inactive = notOver.filter((c) => !c.isActive);
  const toServe = await countMealsToServe(await schoolDb(school.id), inactive, today);
  const candidates = notOver
    .filter((c) => c.isActive || toServe.has(c.id))
    .sort(
      (a, b) => a.startDate.localeCompare(b.startDate) || Number(b.isActive) - Number(a.isActive),
    );
  if (candidates.length > 0) return candidates;
  const latestActive = cycles.find((c) => c.isActive);
  return latestActive ? [latestActive] : [];
}

/**
 * The cycle the kitchen's Today and Week N views read when none is chosen: the earliest cycle that
 * is not over and is active or still has meals to serve; when every cycle is over, the active one
 * that started last (the spec's one-cycle case); null when there is none.
 */
export async function getKitchenCycle(
  school: SchoolContext,
  now: Date = new Date(),
): Promise<OrderCycleDto | null> {
  return (await listKitchenCycles(school, now))[0] ?? null;
}
