import "server-only";
import { conflict, notFound } from "@/lib/api/errors";
import { isUniqueViolation } from "@/lib/api/prisma-errors";
import type { SessionUser } from "@/lib/auth/session";
import type { OrderCycleDto } from "@/lib/contracts";
import { assertNoCycleOverlap } from "@/lib/cycles/cycle-overlap";
import { cycleSelect, toCycleDto } from "@/lib/cycles/cycles";
import { getDb, type Tx } from "@/lib/db";
import { parseIsoDate } from "@/lib/school-calendar";
import type { CreateCycle } from "@/lib/validations/cycles";

// Creating, deactivating and reactivating order cycles (spec 001 §2, §4). The partial unique index
// `OrderCycle_one_active_key` is the last guard of "at most one active cycle": two racing writes
// cannot both leave an active cycle, and the loser's P2002 becomes a 409.

export const CYCLE_LENGTH_SETTING = "cycle-length";
export const CYCLE_CHANGED_MEANWHILE =
  "Another order cycle was activated at the same time. Refresh and try again.";
export const ANOTHER_CYCLE_ACTIVE =
  "Another order cycle is active. Deactivate it before reactivating this one.";

/** The cycle length setting follows the cycle that is taking orders. */
async function rememberCycleLength(tx: Tx, cycleLength: number) {
  await tx.setting.upsert({
    where: { key: CYCLE_LENGTH_SETTING },
    create: { key: CYCLE_LENGTH_SETTING, value: { cycleLength } },
    update: { value: { cycleLength } },
  });
}

/**
 * Deactivates the current cycle and activates a new one, in one transaction; refused with 409 when
 * another cycle still holds live orders on the new cycle's dates (lib/cycles/cycle-overlap.ts).
 */
export async function createCycle(actor: SessionUser, input: CreateCycle): Promise<OrderCycleDto> {
  const db = await getDb();
  const startDate = parseIsoDate(input.startDate);
  if (!startDate) throw new RangeError(`Not a date: ${input.startDate}`); // the schema checked it
  try {
    const row = await db.$transaction(async (tx) => {
      await assertNoCycleOverlap(tx, input.startDate, input.cycleLength);
      const now = new Date();
      await tx.orderCycle.updateMany({
        where: { isActive: true },
        data: { isActive: false, deactivatedAt: now },
      });
      const created = await tx.orderCycle.create({
        data: {
          startDate,
          cycleLength: input.cycleLength,
          blockedDays: input.blockedDays,
          isActive: true,
        },
        select: cycleSelect,
      });
      await rememberCycleLength(tx, input.cycleLength);
      await tx.auditLog.create({
        data: {
          actorId: actor.id,
          action: "order-cycle.create",
          entity: "OrderCycle",
          entityId: String(created.id),
          details: {
            startDate: input.startDate,
            cycleLength: input.cycleLength,
            blockedDays: input.blockedDays,
          },
        },
      });
      return created;
    });
    return toCycleDto(row);
  } catch (error) {
    if (isUniqueViolation(error)) throw conflict(CYCLE_CHANGED_MEANWHILE);
    throw error;
  }
}

/** Sets a cycle inactive (DELETE /api/order-cycles/{id}); an inactive cycle stays as it is. */
export async function deactivateCycle(actor: SessionUser, id: number): Promise<OrderCycleDto> {
  const db = await getDb();
  const row = await db.$transaction(async (tx) => {
    const { count } = await tx.orderCycle.updateMany({
      where: { id, isActive: true },
      data: { isActive: false, deactivatedAt: new Date() },
    });
    const cycle = await tx.orderCycle.findUnique({ where: { id }, select: cycleSelect });
    if (!cycle) throw notFound("Order cycle not found");
    if (count > 0) {
      await tx.auditLog.create({
        data: {
          actorId: actor.id,
          action: "order-cycle.deactivate",
          entity: "OrderCycle",
          entityId: String(id),
        },
      });
    }
    return cycle;
  });
  return toCycleDto(row);
}

/** Makes a past cycle active again, only while no cycle is active. */
export async function reactivateCycle(actor: SessionUser, id: number): Promise<OrderCycleDto> {
  const db = await getDb();
  try {
    const row = await db.$transaction(async (tx) => {
      const target = await tx.orderCycle.findUnique({ where: { id }, select: { id: true } });
      if (!target) throw notFound("Order cycle not found");
      const active = await tx.orderCycle.findFirst({
        where: { isActive: true },
        select: { id: true },
      });
      if (active?.id === id) throw conflict("This order cycle is already active");
      if (active) throw conflict(ANOTHER_CYCLE_ACTIVE);
      const cycle = await tx.orderCycle.update({
        where: { id },
        data: { isActive: true, deactivatedAt: null },
        select: cycleSelect,
      });
      await rememberCycleLength(tx, cycle.cycleLength);
      await tx.auditLog.create({
        data: {
          actorId: actor.id,
          action: "order-cycle.reactivate",
          entity: "OrderCycle",
          entityId: String(id),
        },
      });
      return cycle;
    });
    return toCycleDto(row);
  } catch (error) {
    // Another cycle became active between our check and our write.
    if (isUniqueViolation(error)) throw conflict(ANOTHER_CYCLE_ACTIVE);
    throw error;
  }
}
