import "server-only";
import { pageMetadata } from "@/lib/contracts/paging";
import type { CycleHistoryPage } from "@/lib/contracts/cycles";
import { cycleSelect, toCycleDto } from "@/lib/cycles/cycles";
import type { SchoolContext } from "@/lib/contracts/schools";
import { schoolDb } from "@/lib/db";

// The Order Cycle History card (spec 001 §2, §3, §7): past (inactive) cycles, newest start first,
// with their order totals. The spec does not give a page size; 5 keeps the collapsible card short.

export const CYCLE_HISTORY_PAGE_SIZE = 5;

/** One page of past cycles; the totals of the page come from one grouped query in the database. */
export async function listCycleHistory(
  school: SchoolContext,
  page: number,
): Promise<CycleHistoryPage> {
  const db = await schoolDb(school.id);
  const where = { schoolId: school.id, isActive: false };
  const [total, rows] = await Promise.all([
    db.orderCycle.count({ where }),
    db.orderCycle.findMany({
      where,
      select: cycleSelect,
      orderBy: [{ startDate: "desc" }, { id: "desc" }],
      skip: (page - 1) * CYCLE_HISTORY_PAGE_SIZE,
      take: CYCLE_HISTORY_PAGE_SIZE,
    }),
  ]);
  // Live orders (pending and completed) count and earn; cancelled and refunded ones do not.
  const totals =
    rows.length === 0
      ? []
      : await db.order.groupBy({
          by: ["cycleId"],
          where: {
            schoolId: school.id,
            cycleId: { in: rows.map((row) => row.id) },
            status: { in: ["pending", "completed"] },
          },
          _count: { _all: true },
          _sum: { discountedPrice: true },
        });
  const byCycle = new Map(totals.map((t) => [t.cycleId, t]));
  const data = rows.map((row) => {
    const sums = byCycle.get(row.id);
    return {
      ...toCycleDto(row),
      cycleId: row.id,
      totalOrders: sums?._count._all ?? 0,
      totalRevenue: sums?._sum.discountedPrice?.toFixed(2) ?? "0.00",
    };
  });
  return { data, metadata: pageMetadata(total, page, CYCLE_HISTORY_PAGE_SIZE) };
}
