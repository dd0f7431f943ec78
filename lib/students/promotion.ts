import "server-only";
import { z } from "zod";
import { conflict } from "@/lib/api/errors";
import { audit } from "@/lib/audit/audit";
import type { SessionUser } from "@/lib/auth/session";
import { GRADES, STAFF_GRADE, type Grade } from "@/lib/contracts";
import {
  NOTHING_TO_PROMOTE,
  PROMOTION_WRONG_YEAR,
  promotionAlreadyDone,
  promotionDoneMessage,
  promotionLeaversHaveMeals,
  promotionTermRunning,
  type PromotionDoneDto,
  type PromotionLeaverDto,
  type PromotionPreviewDto,
  type PromotionStepDto,
} from "@/lib/contracts/promotion";
import type { SchoolContext } from "@/lib/contracts/schools";
import { schoolDb, type Tx } from "@/lib/db";
import { SETTING_KEYS } from "@/lib/settings/settings";
import { upcomingOrderStudents } from "@/lib/students/upcoming-orders";
import type { PromotionInput } from "@/lib/validations/promotion";

// The end of the school year (issue 49, decision 0118): every parent's child moves up one grade
// (ELC → K → 1 … → 12), the last grade's children leave and are archived (hidden, their orders
// kept, as a parent's removed child), and teachers' staff records stay as they are. The menu
// rules by grade then apply to the new grade, as for any grade change. One transaction; the
// school year it was done for is kept, so a second click cannot move anyone up twice.

type School = Pick<SchoolContext, "id" | "timeZone">;

const LAST_GRADE: Grade = GRADES[GRADES.length - 1]!;
/** From October the office prepares the next school year (Zambia's starts in January). */
const NEXT_YEAR_FROM_MONTH = 10;
/** Two promotions are a school year apart: never two within half a year, whatever the dates. */
const MIN_DAYS_BETWEEN = 180;
const DAY_MS = 86_400_000;

const doneSchema = z.object({ year: z.number().int(), at: z.string() });

function nextGrade(grade: Grade): Grade | null {
  const index = GRADES.indexOf(grade);
  return index >= 0 && index < GRADES.length - 1 ? GRADES[index + 1]! : null;
}

/** The school year a promotion done today starts, in the school's calendar. */
function schoolYearStarting(timeZone: string, now: Date): number {
  const parts = new Intl.DateTimeFormat("en-GB", { timeZone, year: "numeric", month: "numeric" })
    .formatToParts(now)
    .reduce<Record<string, number>>(
      (all, part) => ({ ...all, [part.type]: Number(part.value) }),
      {},
    );
  return parts.month! >= NEXT_YEAR_FROM_MONTH ? parts.year! + 1 : parts.year!;
}

type ChildRow = { id: number; name: string; grade: string; className: string | null };

/** The parents' children (not archived, staff records left out), oldest grade first. */
async function currentChildren(tx: Tx, schoolId: number, lock: boolean): Promise<ChildRow[]> {
  const rows = lock
    ? await tx.$queryRaw<ChildRow[]>`
        SELECT "id", "name", "grade", "className" FROM "Student"
        WHERE "schoolId" = ${schoolId} AND "archivedAt" IS NULL AND "grade" <> ${STAFF_GRADE}
        ORDER BY "id" FOR NO KEY UPDATE`
    : await tx.student.findMany({
        where: { schoolId, archivedAt: null, grade: { not: STAFF_GRADE } },
        select: { id: true, name: true, grade: true, className: true },
        orderBy: { id: "asc" },
      });
  return rows.filter((row) => (GRADES as readonly string[]).includes(row.grade));
}

async function lastPromotion(tx: Tx, schoolId: number, lock: boolean) {
  const rows = lock
    ? await tx.$queryRaw<{ value: unknown }[]>`
        SELECT "value" FROM "Setting"
        WHERE "schoolId" = ${schoolId} AND "key" = ${SETTING_KEYS.promotion} FOR UPDATE`
    : await tx.setting.findMany({
        where: { schoolId, key: SETTING_KEYS.promotion },
        select: { value: true },
      });
  const parsed = doneSchema.safeParse(rows[0]?.value);
  return parsed.success ? parsed.data : null;
}

async function plan(tx: Tx, school: School, lock: boolean, now: Date) {
  const children = await currentChildren(tx, school.id, lock);
  const last = await lastPromotion(tx, school.id, lock);
  const leaverRows = children.filter((child) => child.grade === LAST_GRADE);
  const year = schoolYearStarting(school.timeZone, now);
  const upcoming = await upcomingOrderStudents(
    tx,
    school,
    children.map((child) => child.id),
  );
  const leaverIds = new Set(leaverRows.map((child) => child.id));
  const meals = upcoming.filter((order) => leaverIds.has(order.studentId)).map((o) => o.studentId);
  // Meals of this school year still to serve to children who would move: the term is running.
  const termMeals = upcoming.filter(
    (order) => !leaverIds.has(order.studentId) && order.date < `${year}-01-01`,
  ).length;
  const parents = await tx.student.findMany({
    where: { schoolId: school.id, id: { in: leaverRows.map((child) => child.id) } },
    select: { id: true, parent: { select: { name: true } } },
  });
  const parentOf = new Map(parents.map((row) => [row.id, row.parent.name]));
  const leavers: PromotionLeaverDto[] = leaverRows.map((child) => ({
    id: child.id,
    name: child.name,
    className: child.className,
    parentName: parentOf.get(child.id) ?? "",
    upcomingMeals: meals.filter((id) => id === child.id).length,
  }));
  const steps: PromotionStepDto[] = GRADES.map((grade) => ({
    from: grade,
    to: nextGrade(grade),
    count: children.filter((child) => child.grade === grade).length,
  })).filter((step) => step.count > 0);
  const moving = children.length - leavers.length;
  const recent = last !== null && now.getTime() - Date.parse(last.at) < MIN_DAYS_BETWEEN * DAY_MS;
  const refusal =
    last && (last.year >= year || recent)
      ? promotionAlreadyDone(last.year)
      : meals.length > 0
        ? promotionLeaversHaveMeals(meals.length)
        : termMeals > 0
          ? promotionTermRunning(termMeals)
          : children.length === 0
            ? NOTHING_TO_PROMOTE
            : null;
  return { year, last, steps, leavers, moving, refusal, children };
}

/** GET /api/parents/students/promotion: what moving up would do now. */
export async function previewPromotion(
  school: School,
  now: Date = new Date(),
): Promise<PromotionPreviewDto> {
  const db = await schoolDb(school.id);
  const found = await db.$transaction((tx) => plan(tx, school, false, now));
  return {
    year: found.year,
    lastYear: found.last?.year ?? null,
    lastPromotedAt: found.last?.at ?? null,
    steps: found.steps,
    leavers: found.leavers,
    moving: found.moving,
    refusal: found.refusal,
  };
}

/**
 * POST /api/parents/students/promotion: moves every child up for `input.year`, which must be the
 * year the preview showed (this school year, or the next from October). Refused with nothing
 * changed when that year was already done, when a leaver has meals still to be served, or when
 * there is nobody to move.
 */
export async function promoteGrades(
  school: School,
  actor: SessionUser,
  input: PromotionInput,
  now: Date = new Date(),
): Promise<PromotionDoneDto> {
  const schoolId = school.id;
  const db = await schoolDb(schoolId);
  return db.$transaction(async (tx) => {
    // The school's promotion setting, created if need be and locked with the children: a second
    // click waits for the first, then finds its year done.
    await tx.$executeRaw`
      INSERT INTO "Setting" ("schoolId", "key", "value", "updatedAt")
      VALUES (${schoolId}, ${SETTING_KEYS.promotion}, '{}'::jsonb, now())
      ON CONFLICT ("schoolId", "key") DO NOTHING`;
    const found = await plan(tx, school, true, now);
    if (input.year !== found.year) throw conflict(PROMOTION_WRONG_YEAR);
    if (found.refusal) throw conflict(found.refusal);
    const leaverIds = found.leavers.map((leaver) => leaver.id);
    const archived = await tx.student.updateMany({
      where: { schoolId, id: { in: leaverIds } },
      data: { archivedAt: now },
    });
    // One statement per grade, highest first, each naming its own children by id: a child moves
    // exactly one grade whatever order the statements run in. A class named after its grade
    // ("7B", "7 Blue") follows it ("8B", "8 Blue"); any other class name stays.
    let moved = 0;
    for (const step of [...found.steps].reverse()) {
      if (step.to === null) continue;
      const ids = found.children.filter((child) => child.grade === step.from).map((c) => c.id);
      // ELC and K name no class: "^$." matches nothing.
      const namedAfter = /^[0-9]+$/.test(step.from) ? `^${step.from}([^0-9]|$)` : "^$.";
      moved += await tx.$executeRaw`
        UPDATE "Student" SET "grade" = ${step.to}, "updatedAt" = now(),
          "className" = CASE WHEN "className" ~ ${namedAfter}
            THEN ${step.to} || substr("className", ${step.from.length + 1}) ELSE "className" END
        WHERE "schoolId" = ${schoolId} AND "id" = ANY(${ids}::int[])`;
    }
    const done = { year: found.year, at: now.toISOString() };
    await tx.setting.update({
      where: { schoolId_key: { schoolId, key: SETTING_KEYS.promotion } },
      data: { value: done },
    });
    await audit(school, tx, actor, {
      action: "student.promotion",
      entity: "School",
      entityId: String(found.year),
      ...(found.last ? { before: found.last } : {}),
      after: done,
      details: { moved, archived: archived.count, steps: found.steps },
    });
    return {
      year: found.year,
      moved,
      archived: archived.count,
      message: promotionDoneMessage(moved, archived.count),
    };
  });
}
