import "server-only";
import { z } from "zod";
import { cachedRead } from "@/lib/cache/versioned-cache";
import type { BlockedDay, OrderCycleDto } from "@/lib/contracts";
import { getDb } from "@/lib/db";
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
};

export const cycleSelect = {
  id: true,
  startDate: true,
  cycleLength: true,
  isActive: true,
  blockedDays: true,
  createdAt: true,
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
  };
}

/** The one active cycle, or null; from memory while no cycle has changed (see versioned-cache). */
export async function getActiveCycle(): Promise<Readonly<OrderCycleDto> | null> {
  return cachedRead("cycles", "active", async () => {
    const db = await getDb();
    const row = await db.orderCycle.findFirst({ where: { isActive: true }, select: cycleSelect });
    return row ? toCycleDto(row) : null;
  });
}

/** Every cycle, the active one first, then newest first; from memory likewise. */
export async function listCycles(): Promise<readonly OrderCycleDto[]> {
  return cachedRead("cycles", "list", async () => {
    const db = await getDb();
    const rows = await db.orderCycle.findMany({
      select: cycleSelect,
      orderBy: [{ isActive: "desc" }, { startDate: "desc" }],
    });
    return rows.map(toCycleDto);
  });
}
