import "server-only";
import { z } from "zod";
import { cachedRead } from "@/lib/cache/versioned-cache";
import type { BlockedDay, OrderCycleDto } from "@/lib/contracts";
import { orderingCycle } from "@/lib/contracts/cycles";
import type { SchoolContext } from "@/lib/contracts/schools";
import { schoolDb } from "@/lib/db";
import { cycleEndDate, toIsoDate } from "@/lib/school-calendar";

const blockedDaysSchema = z.array(
  z.object({
    weekNumber: z.number().int(),
    dayOfWeek: z.number().int(),
    reason: z.string().optional(),
  }),
);

export type CycleRow = {
  id: number;
  startDate: Date;
  cycleLength: number;
  isActive: boolean;
  blockedDays: unknown;
  createdAt: Date;
  orderingOpensAt: Date;
};

export const cycleSelect = {
  id: true,
  startDate: true,
  cycleLength: true,
  isActive: true,
  blockedDays: true,
  createdAt: true,
  orderingOpensAt: true,
} as const;

export function toCycleDto(row: CycleRow): OrderCycleDto {
  const parsed = blockedDaysSchema.safeParse(row.blockedDays);
  const blockedDays: BlockedDay[] = parsed.success ? parsed.data : [];
  const startDate = toIsoDate(row.startDate);
  return {
    id: row.id,
    startDate,
    endDate: cycleEndDate({ startDate, cycleLength: row.cycleLength }),
    cycleLength: row.cycleLength,
    isActive: row.isActive,
    blockedDays,
    createdAt: row.createdAt.toISOString(),
    orderingOpensAt: row.orderingOpensAt.toISOString(),
  };
}

/**
 * The cycle parents order for (decision 0071): of the active cycles whose ordering has opened, the
 * one starting last; null when there is none. Active cycles never share a date, so with one cycle
 * this is the spec's "active cycle", and a next cycle takes over once it opens (on its start date,
 * when the current one has ended, or at once when the school chose so).
 */
export async function getActiveCycle(
  school: Pick<SchoolContext, "id">,
  now: Date = new Date(),
): Promise<Readonly<OrderCycleDto> | null> {
  return orderingCycle(await listCycles(school), now);
}

/** Every cycle, the active ones first, each part latest start first; from memory while no cycle has changed (see versioned-cache). */
export async function listCycles(
  school: Pick<SchoolContext, "id">,
): Promise<readonly OrderCycleDto[]> {
  return cachedRead(school.id, "cycles", "list", async () => {
    const db = await schoolDb(school.id);
    const rows = await db.orderCycle.findMany({
      where: { schoolId: school.id },
      select: cycleSelect,
      orderBy: [{ isActive: "desc" }, { startDate: "desc" }, { createdAt: "desc" }],
    });
    return rows.map(toCycleDto);
  });
}
