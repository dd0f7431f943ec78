import "server-only";
import { TZDate } from "@date-fns/tz";
import { format } from "date-fns";
import { conflict } from "@/lib/api/errors";
import type { CycleOverlap, CycleOverlapCheck } from "@/lib/contracts/cycles";
import { toCycleDto, cycleSelect } from "@/lib/cycles/cycles";
import type { SchoolContext } from "@/lib/contracts/schools";
import { type Db as Client, schoolDb, type Tx } from "@/lib/db";
import {
  addDaysIso,
  cycleDayDate,
  cycleEndDate,
  parseIsoDate,
  schoolToday,
} from "@/lib/school-calendar";

// No new cycle may hide paid orders (issue 25, decision 0051). Orders belong to a cycle by id and
// every screen (kitchen, Cycle History, the parent's calendar) reads the active cycle only, so a new
// cycle over dates where another cycle still holds live orders would hide those orders: the kitchen
// would not cook them and parents could pay twice for one day. Such a cycle is refused with 409;
// only dates from today on count (an order of a past day is served and hides nothing).

const LIVE = ["pending", "completed"] as const;
/** How many dates the message names before "and N more". */
const NAMED_DATES = 5;

type Db = Client | Tx;

/** The cycles holding live orders on the dates from `startDate` for `cycleLength` weeks. */
export async function findCycleOverlaps(
  school: SchoolContext,
  db: Db,
  startDate: string,
  cycleLength: number,
  now: Date = new Date(),
): Promise<CycleOverlap[]> {
  const today = schoolToday(school.timeZone, now);
  const endDate = cycleEndDate({ startDate, cycleLength });
  const from = startDate > today ? startDate : today;
  if (from > endDate) return [];
  // A cycle is at most 6 weeks long: any cycle starting after this can reach the range.
  const earliest = parseIsoDate(addDaysIso(startDate, -6 * 7));
  const latest = parseIsoDate(endDate);
  if (!earliest || !latest) return [];
  const cycles = await db.orderCycle.findMany({
    where: { schoolId: school.id, startDate: { gte: earliest, lte: latest } },
    select: cycleSelect,
    orderBy: [{ startDate: "asc" }, { createdAt: "asc" }],
  });
  if (cycles.length === 0) return [];
  const groups = await db.order.groupBy({
    by: ["cycleId", "weekNumber", "dayOfWeek"],
    where: {
      schoolId: school.id,
      cycleId: { in: cycles.map((c) => c.id) },
      status: { in: [...LIVE] },
    },
    _count: { _all: true },
  });
  const overlaps: CycleOverlap[] = [];
  for (const row of cycles) {
    const cycle = toCycleDto(row);
    const days = groups
      .filter((g) => g.cycleId === cycle.id)
      .map((g) => ({
        date: cycleDayDate(cycle.startDate, g.weekNumber, g.dayOfWeek),
        liveOrders: g._count._all,
      }))
      .filter((day) => day.date >= from && day.date <= endDate)
      .sort((a, b) => a.date.localeCompare(b.date));
    if (days.length === 0) continue;
    overlaps.push({
      cycleId: cycle.id,
      startDate: cycle.startDate,
      endDate: cycle.endDate,
      createdAt: cycle.createdAt,
      isActive: cycle.isActive,
      liveOrders: days.reduce((sum, day) => sum + day.liveOrders, 0),
      days,
    });
  }
  return overlaps;
}

const dayText = (isoDate: string) =>
  format(new TZDate(`${isoDate}T00:00:00Z`, "UTC"), "EEE d MMM yyyy");
const ordersText = (count: number) => `${count} live ${count === 1 ? "order" : "orders"}`;

/** What the admin reads: how many live orders on which dates, and the two ways out. */
export function overlapMessage(timeZone: string, overlaps: readonly CycleOverlap[]): string | null {
  if (overlaps.length === 0) return null;
  const parts = overlaps.map((overlap) => {
    const named = overlap.days.slice(0, NAMED_DATES).map((day) => dayText(day.date));
    const more = overlap.days.length - named.length;
    const dates = more > 0 ? `${named.join(", ")} and ${more} more days` : named.join(", ");
    return (
      `the cycle of ${dayText(overlap.startDate)} to ${dayText(overlap.endDate)} ` +
      `(created ${dayText(schoolToday(timeZone, new Date(overlap.createdAt)))}) ` +
      `still holds ` +
      `${ordersText(overlap.liveOrders)} on ${dates}`
    );
  });
  return (
    `This cycle's dates overlap orders already placed: ${parts.join("; ")}. ` +
    `A new cycle would hide them from the kitchen and the parents. Reactivate that cycle ` +
    `(Order Cycle History), or keep it and use "Close a day" to close a single day.`
  );
}

/** GET /api/order-cycles/overlap: the wizard's check before its last step. */
export async function checkCycleOverlap(
  school: SchoolContext,
  startDate: string,
  cycleLength: number,
): Promise<CycleOverlapCheck> {
  const overlaps = await findCycleOverlaps(
    school,
    await schoolDb(school.id),
    startDate,
    cycleLength,
  );
  return { overlaps, message: overlapMessage(school.timeZone, overlaps) };
}

/** Throws the 409 when the new cycle would hide live orders (inside the creating transaction). */
export async function assertNoCycleOverlap(
  school: SchoolContext,
  tx: Tx,
  startDate: string,
  cycleLength: number,
) {
  const overlaps = await findCycleOverlaps(school, tx, startDate, cycleLength);
  const message = overlapMessage(school.timeZone, overlaps);
  if (message) throw conflict(message, { overlaps });
}
