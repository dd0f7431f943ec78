import "server-only";
import {
  COUNTER_SEARCH_LIMIT,
  type CounterStudentDto,
  type TodaysOrderDto,
} from "@/lib/contracts/counter";
import type { SchoolContext } from "@/lib/contracts/schools";
import { availableNgwee, balancesOf, limitOf, spentOn } from "@/lib/counter/availability";
import { schoolDailyLimit } from "@/lib/counter/settings";
import { getKitchenCycle } from "@/lib/cycles/serving-cycle";
import { schoolDb, type Db } from "@/lib/db";
import { cycleDayOn } from "@/lib/kitchen/portions";
import { fromNgwee } from "@/lib/money";
import { schoolToday } from "@/lib/school-calendar";
import type { CounterSearchInput } from "@/lib/validations/counter";

// Finding a child at the counter (issue 47): by the code on their card (exactly) or by part of a
// name (any case), archived children never. Each child comes with what they may still spend today
// and the meal pre-ordered for today, if any, to hand out.

const childSelect = {
  id: true,
  name: true,
  grade: true,
  className: true,
  allergies: true,
  dietaryNotes: true,
  parentId: true,
  counterDailyLimit: true,
  counterBlocked: true,
} as const;

/** GET /api/counter/students?code=… or ?q=…. */
export async function findCounterStudents(
  school: SchoolContext,
  query: CounterSearchInput,
): Promise<CounterStudentDto[]> {
  const schoolId = school.id;
  const db = await schoolDb(schoolId);
  const rows = await db.student.findMany({
    where: {
      schoolId,
      archivedAt: null,
      ...(query.code
        ? { cardCode: query.code }
        : { name: { contains: query.q ?? "", mode: "insensitive" as const } }),
    },
    select: childSelect,
    orderBy: [{ name: "asc" }, { id: "asc" }],
    take: COUNTER_SEARCH_LIMIT,
  });
  if (rows.length === 0) return [];
  const today = schoolToday(school.timeZone);
  const ids = rows.map((row) => row.id);
  // One after the other: a phone's search is a handful of rows, and the client's pool is shared.
  const schoolLimit = await schoolDailyLimit(school);
  const balances = await balancesOf(
    db,
    schoolId,
    rows.map((row) => row.parentId),
  );
  const spent = await spentOn(db, schoolId, ids, today);
  const meals = await todaysOrders(db, school, ids, today);
  return rows.map((row) => {
    const child = {
      id: row.id,
      parentId: row.parentId,
      counterDailyLimit: row.counterDailyLimit?.toFixed(2) ?? null,
      counterBlocked: row.counterBlocked,
    };
    const available = availableNgwee({
      balance: balances.get(row.parentId) ?? 0,
      limit: limitOf(child, schoolLimit),
      spentToday: spent.get(row.id) ?? 0,
      blocked: row.counterBlocked,
    });
    return {
      id: row.id,
      name: row.name,
      grade: row.grade,
      className: row.className,
      allergies: row.allergies,
      dietaryNotes: row.dietaryNotes,
      available: fromNgwee(available),
      blocked: row.counterBlocked,
      todaysOrder: meals.get(row.id) ?? null,
    };
  });
}

/**
 * The children's live pre-orders for the school's today in the kitchen's cycle, by child, and
 * whether each was handed out (POST /api/counter/collect).
 */
async function todaysOrders(
  db: Db,
  school: SchoolContext,
  studentIds: number[],
  today: string,
): Promise<Map<number, TodaysOrderDto>> {
  const cycle = await getKitchenCycle(school);
  const slot = cycle ? cycleDayOn(cycle, today) : null;
  if (!cycle || !slot) return new Map();
  const rows = await db.$queryRaw<
    {
      id: number;
      studentId: number;
      menuItemName: string;
      category: string | null;
      sideDish: string | null;
      collected: boolean;
    }[]
  >`
    SELECT o."id", o."studentId", m."name" AS "menuItemName", o."category", o."sideDish",
      o."collectedAt" IS NOT NULL AS "collected"
    FROM "Order" o
    JOIN "MenuItem" m ON m."schoolId" = ${school.id} AND m."id" = o."menuItemId"
    WHERE o."schoolId" = ${school.id} AND o."cycleId" = ${cycle.id}
      AND o."weekNumber" = ${slot.weekNumber} AND o."dayOfWeek" = ${slot.dayOfWeek}
      AND o."studentId" = ANY(${studentIds}::int[]) AND o."status" IN ('pending', 'completed')
    ORDER BY o."id"`;
  return new Map(
    rows.map((row) => [
      row.studentId,
      {
        orderId: row.id,
        menuItemName: row.menuItemName,
        category: row.category,
        sideDish: row.sideDish,
        collected: row.collected,
      },
    ]),
  );
}
