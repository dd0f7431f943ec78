import "server-only";
import { conflict, notFound } from "@/lib/api/errors";
import { isUniqueViolation } from "@/lib/api/prisma-errors";
import type { SessionUser } from "@/lib/auth/session";
import type { OrderCycleDto } from "@/lib/contracts";
import { TZDate } from "@date-fns/tz";
import { assertNoCycleOverlap } from "@/lib/cycles/cycle-overlap";
import { cycleSelect, toCycleDto } from "@/lib/cycles/cycles";
import { countMealsToServe } from "@/lib/cycles/serving-cycle";
import type { SchoolContext } from "@/lib/contracts/schools";
import { schoolDb, type Tx } from "@/lib/db";
import { idKey } from "@/lib/schools/keys";
import { cycleEndDate, parseIsoDate, schoolToday } from "@/lib/school-calendar";
import type { CreateCycle } from "@/lib/validations/cycles";

// Creating, deactivating and reactivating order cycles (spec 001 §2, §4). Several cycles may be
// active at once, the running one and the next (issue 44, decision 0071), but active cycles never
// share a date; every write that makes a cycle active takes one transaction-scoped advisory lock, so
// two racing writes cannot both pass that check.

export const CYCLE_LENGTH_SETTING = "cycle-length";
export const CYCLE_CHANGED_MEANWHILE =
  "Another order cycle was activated at the same time. Refresh and try again.";
export const ANOTHER_CYCLE_ACTIVE =
  "Another order cycle is active. Deactivate it before reactivating this one.";
const ACTIVE_CYCLES_LOCK = 4_404_071;

/** The 409 of a new cycle whose dates meet an active cycle's. */
export function activeOverlapMessage(other: { startDate: string; endDate: string }): string {
  return (
    `This cycle's dates overlap the active cycle of ${other.startDate} to ${other.endDate}. ` +
    "Cycles must not overlap: start the new cycle after that one ends."
  );
}

/** The 409 of a deactivation while meals are still to be served (confirmed with ?force=true). */
export function mealsToServeMessage(count: number): string {
  const meals = count === 1 ? "1 meal is" : `${count} meals are`;
  return (
    `${meals} still to be served from this cycle. Deactivating stops new orders for it; ` +
    "the kitchen, labels and history keep these meals. Deactivate anyway?"
  );
}

/** Midnight at the start of `isoDate` in the school's time zone. */
function schoolMidnight(timeZone: string, isoDate: string): Date {
  const [year, month, day] = isoDate.split("-").map(Number) as [number, number, number];
  return new Date(new TZDate(year, month - 1, day, timeZone).getTime());
}

/** One lock per school: two schools' cycles never wait for each other. */
async function lockActiveCycles(tx: Tx, schoolId: number) {
  await tx.$queryRaw`
    SELECT 1 AS "locked" FROM pg_advisory_xact_lock(${ACTIVE_CYCLES_LOCK}::int, ${schoolId}::int)`;
}

/** The cycle length setting follows the cycle that is taking orders. */
async function rememberCycleLength(tx: Tx, schoolId: number, cycleLength: number) {
  await tx.setting.upsert({
    where: { schoolId_key: { schoolId, key: CYCLE_LENGTH_SETTING } },
    create: { schoolId, key: CYCLE_LENGTH_SETTING, value: { cycleLength } },
    update: { value: { cycleLength } },
  });
}

/**
 * Creates an active cycle beside any running one (decision 0071), in one transaction: refused with
 * 409 when its dates meet an active cycle's, or when another cycle still holds live orders on them
 * (lib/cycles/cycle-overlap.ts). Ordering opens at once when the school says so or when no other
 * cycle is active (the spec's "Creating activates it"), else on its start date.
 */
export async function createCycle(
  school: SchoolContext,
  actor: SessionUser,
  input: CreateCycle,
): Promise<OrderCycleDto> {
  const schoolId = school.id;
  const db = await schoolDb(schoolId);
  const startDate = parseIsoDate(input.startDate);
  if (!startDate) throw new RangeError(`Not a date: ${input.startDate}`); // the schema checked it
  const endDate = cycleEndDate(input);
  try {
    const row = await db.$transaction(async (tx) => {
      await lockActiveCycles(tx, schoolId);
      await assertNoCycleOverlap(school, tx, input.startDate, input.cycleLength);
      const active = (
        await tx.orderCycle.findMany({ where: { schoolId, isActive: true }, select: cycleSelect })
      ).map(toCycleDto);
      const clash = active.find((c) => c.startDate <= endDate && c.endDate >= input.startDate);
      if (clash) throw conflict(activeOverlapMessage(clash));
      const now = new Date();
      const opensNow = input.openOrdering ? input.openOrdering === "now" : active.length === 0;
      const created = await tx.orderCycle.create({
        data: {
          schoolId,
          startDate,
          cycleLength: input.cycleLength,
          blockedDays: input.blockedDays,
          isActive: true,
          orderingOpensAt: opensNow ? now : schoolMidnight(school.timeZone, input.startDate),
        },
        select: cycleSelect,
      });
      await rememberCycleLength(tx, schoolId, input.cycleLength);
      await tx.auditLog.create({
        data: {
          schoolId,
          actorId: actor.id,
          action: "order-cycle.create",
          entity: "OrderCycle",
          entityId: String(created.id),
          details: {
            startDate: input.startDate,
            cycleLength: input.cycleLength,
            blockedDays: input.blockedDays,
            orderingOpensAt: created.orderingOpensAt.toISOString(),
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

/**
 * Sets a cycle inactive (DELETE /api/order-cycles/{id}); an inactive cycle stays as it is. While it
 * has meals to serve from today on, refused with 409 { canForce, orderCount } unless `force`.
 */
export async function deactivateCycle(
  school: SchoolContext,
  actor: SessionUser,
  id: number,
  force = false,
): Promise<OrderCycleDto> {
  const schoolId = school.id;
  const db = await schoolDb(schoolId);
  const row = await db.$transaction(async (tx) => {
    if (!force) {
      const target = await tx.orderCycle.findUnique({
        where: idKey(schoolId, id),
        select: cycleSelect,
      });
      if (target?.isActive) {
        const today = schoolToday(school.timeZone);
        const counts = await countMealsToServe(tx, [toCycleDto(target)], today);
        const orderCount = counts.get(id) ?? 0;
        if (orderCount > 0) {
          throw conflict(mealsToServeMessage(orderCount), { canForce: true, orderCount });
        }
      }
    }
    const { count } = await tx.orderCycle.updateMany({
      where: { schoolId, id, isActive: true },
      data: { isActive: false, deactivatedAt: new Date() },
    });
    const cycle = await tx.orderCycle.findUnique({
      where: idKey(schoolId, id),
      select: cycleSelect,
    });
    if (!cycle) throw notFound("Order cycle not found");
    if (count > 0) {
      await tx.auditLog.create({
        data: {
          schoolId,
          actorId: actor.id,
          action: "order-cycle.deactivate",
          entity: "OrderCycle",
          entityId: String(id),
          ...(force && { details: { force: true } }),
        },
      });
    }
    return cycle;
  });
  return toCycleDto(row);
}

/** Makes a past cycle active again, only while no cycle is active. */
export async function reactivateCycle(
  school: SchoolContext,
  actor: SessionUser,
  id: number,
): Promise<OrderCycleDto> {
  const schoolId = school.id;
  const db = await schoolDb(schoolId);
  try {
    const row = await db.$transaction(async (tx) => {
      await lockActiveCycles(tx, schoolId);
      const target = await tx.orderCycle.findUnique({
        where: idKey(schoolId, id),
        select: { isActive: true },
      });
      if (!target) throw notFound("Order cycle not found");
      if (target.isActive) throw conflict("This order cycle is already active");
      const active = await tx.orderCycle.findFirst({
        where: { schoolId, isActive: true },
        select: { id: true },
      });
      if (active) throw conflict(ANOTHER_CYCLE_ACTIVE);
      const cycle = await tx.orderCycle.update({
        where: idKey(schoolId, id),
        data: { isActive: true, deactivatedAt: null },
        select: cycleSelect,
      });
      await rememberCycleLength(tx, schoolId, cycle.cycleLength);
      await tx.auditLog.create({
        data: {
          schoolId,
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
