import "server-only";
import { conflict, notFound, unprocessable } from "@/lib/api/errors";
import type { SessionUser } from "@/lib/auth/session";
import type { CollectAnswer, UncollectedAnswer, UncollectedMeal } from "@/lib/contracts/cards";
import type { PermissionSubject } from "@/lib/contracts/permissions";
import type { SchoolContext } from "@/lib/contracts/schools";
import { listCycles } from "@/lib/cycles/cycles";
import { schoolDb } from "@/lib/db";
import { cycleDayOn } from "@/lib/kitchen/portions";
import { compareMeals } from "@/lib/kitchen/service-day";
import { cycleDayDate, parseIsoDate, schoolToday } from "@/lib/school-calendar";
import { assertCardStaff } from "@/lib/students/cards";
import type { UncollectedQuery } from "@/lib/validations/cards";

// Handing out pre-ordered meals at the counter (issue 47). A meal to hand out is what the kitchen
// serves: a live order (pending or completed) of the school's today, an unverified transfer
// included and marked as the labels mark it (UNPAID). Each is handed out once: the first collect
// stamps `collectedAt`, any later one is refused with the time it was collected.

export const ORDER_NOT_FOUND = "Order not found";

type LockedOrder = {
  id: number;
  studentId: number;
  menuItemId: number;
  cycleId: number;
  weekNumber: number;
  dayOfWeek: number;
  status: string;
  paymentStatus: string;
  collectedAt: Date | null;
};

/** "12:05" on the school's clock. */
export function schoolTime(at: Date, timeZone: string): string {
  return at.toLocaleTimeString("en-GB", { timeZone, hour: "2-digit", minute: "2-digit" });
}

/** POST /api/counter/collect: marks today's meal `orderId` handed out, once. */
export async function collectOrder(
  school: SchoolContext,
  user: SessionUser,
  orderId: number,
  now: Date = new Date(),
): Promise<CollectAnswer> {
  assertCardStaff(user);
  const schoolId = school.id;
  const today = schoolToday(school.timeZone, now);
  const cycles = await listCycles(school);
  const db = await schoolDb(schoolId);
  const order = await db.$transaction(async (tx) => {
    // The order locked first (one school, one row: no join), so two collects of it run in turn and
    // the second sees the first's stamp; the UPDATE then names the school and the order only.
    const [row] = await tx.$queryRaw<LockedOrder[]>`
      SELECT "id", "studentId", "menuItemId", "cycleId", "weekNumber", "dayOfWeek",
             "status"::text AS "status", "paymentStatus"::text AS "paymentStatus", "collectedAt"
      FROM "Order" WHERE "schoolId" = ${schoolId} AND "id" = ${orderId} FOR UPDATE`;
    if (!row) throw notFound(ORDER_NOT_FOUND);
    if (row.status !== "pending" && row.status !== "completed") {
      throw conflict(`This order was ${row.status} and is not to be handed out`);
    }
    if (row.paymentStatus === "failed") {
      throw conflict("This order's payment failed: it is not to be handed out");
    }
    const cycle = cycles.find((c) => c.id === row.cycleId);
    const day = cycle ? cycleDayDate(cycle.startDate, row.weekNumber, row.dayOfWeek) : null;
    if (day !== today) {
      throw conflict(`This meal is for ${day ?? "another day"}, not today (${today})`);
    }
    if (row.collectedAt) {
      throw conflict(
        `This meal was already collected at ${schoolTime(row.collectedAt, school.timeZone)}`,
        { collectedAt: row.collectedAt.toISOString() },
      );
    }
    await tx.order.updateMany({
      where: { schoolId, id: orderId },
      data: { collectedAt: now, collectedBy: user.id },
    });
    return row;
  });
  const [student, item] = await Promise.all([
    db.student.findFirst({
      where: { schoolId, id: order.studentId },
      select: { name: true },
    }),
    db.menuItem.findFirst({
      where: { schoolId, id: order.menuItemId },
      select: { name: true },
    }),
  ]);
  return {
    orderId: order.id,
    studentId: order.studentId,
    studentName: student?.name ?? "",
    menuItemName: item?.name ?? "",
    collectedAt: now.toISOString(),
    unpaid: order.paymentStatus === "pending",
  };
}

/**
 * GET /api/kitchen/uncollected?date=: the live meals of the day (default the school's today) not
 * handed out: for today what is still to hand out, for a past day the meals never collected.
 */
export async function listUncollected(
  school: SchoolContext,
  user: PermissionSubject,
  query: UncollectedQuery,
  now: Date = new Date(),
): Promise<UncollectedAnswer> {
  assertCardStaff(user);
  const today = schoolToday(school.timeZone, now);
  const date = query.date ?? today;
  if (!parseIsoDate(date)) throw unprocessable("Date must be YYYY-MM-DD");
  const answer = { date, isToday: date === today, isPast: date < today, collected: 0, meals: [] };
  const slots = (await listCycles(school)).flatMap((cycle) => {
    const slot = cycleDayOn(cycle, date);
    return slot ? [{ cycleId: cycle.id, ...slot }] : [];
  });
  if (slots.length === 0) return answer;
  const db = await schoolDb(school.id);
  const where = {
    schoolId: school.id,
    OR: slots,
    status: { in: ["pending" as const, "completed" as const] },
  };
  const [collected, rows] = await Promise.all([
    db.order.count({ where: { ...where, collectedAt: { not: null } } }),
    db.order.findMany({
      where: { ...where, collectedAt: null, paymentStatus: { not: "failed" } },
      select: {
        id: true,
        studentId: true,
        category: true,
        sideDish: true,
        paymentStatus: true,
        menuItem: { select: { name: true } },
        student: { select: { name: true, grade: true, className: true } },
      },
    }),
  ]);
  const meals = rows
    .map((row): UncollectedMeal => ({
      orderId: row.id,
      studentId: row.studentId,
      studentName: row.student.name,
      grade: row.student.grade,
      className: row.student.className,
      menuItemName: row.menuItem.name,
      category: row.category,
      sideDish: row.sideDish,
      unpaid: row.paymentStatus === "pending",
    }))
    .sort(compareMeals);
  return { ...answer, collected, meals };
}
