import "server-only";
import { z } from "zod";
import { forbidden, notFound, unprocessable } from "@/lib/api/errors";
import { hasFeature, type PermissionSubject } from "@/lib/contracts/permissions";
import type { MenuItemType, OrderCycleDto } from "@/lib/contracts";
import type {
  DayPortions,
  KitchenCycle,
  KitchenCycleChoice,
  KitchenOrder,
  KitchenOrders,
} from "@/lib/contracts/kitchen";
import { listCycles } from "@/lib/cycles/cycles";
import { getKitchenCycle, listKitchenCycles } from "@/lib/cycles/serving-cycle";
import type { SchoolContext } from "@/lib/contracts/schools";
import { schoolDb } from "@/lib/db";
import { Prisma } from "@/lib/generated/prisma/client";
import {
  buildPortions,
  cycleDayOn,
  MAX_COMMENTS_PER_ITEM,
  type CommentRow,
} from "@/lib/kitchen/portions";
import { pageMetadata } from "@/lib/contracts/paging";
import { schoolToday } from "@/lib/school-calendar";
import { kitchenCycleIdSchema } from "@/lib/validations/kitchen";

// The kitchen's orders (spec 001 §2 Fat Chef View, §7 GET /api/orders/today and /week/{week}): the
// live orders of the active cycle for today or one week, paged, plus the portion summary. Counts
// are grouped in the database, so a busy week never loads every order into memory.

export const MAX_KITCHEN_PAGE_SIZE = 500;

/** The most weeks a cycle has (spec 001 §9): the bound of `week` before the cycle is known. */
const MAX_CYCLE_WEEKS = 6;

export const kitchenPagingSchema = z.object({
  page: z.coerce
    .number({ error: "Page must be a whole number" })
    .int("Page must be a whole number")
    .min(1, "Page must be at least 1")
    .default(1),
  pageSize: z.coerce
    .number({ error: "Page size must be a whole number" })
    .int("Page size must be a whole number")
    .min(1, "Page size must be at least 1")
    .max(MAX_KITCHEN_PAGE_SIZE, `Page size must be at most ${MAX_KITCHEN_PAGE_SIZE}`)
    .default(100),
});
export type KitchenPaging = z.infer<typeof kitchenPagingSchema>;

/** The page, and optionally the cycle the Fat Chef View chose (issue 44 §7). */
export const kitchenOrdersQuerySchema = kitchenPagingSchema.extend({
  cycleId: kitchenCycleIdSchema,
});
export type KitchenOrdersQuery = z.infer<typeof kitchenOrdersQuerySchema>;

export const KITCHEN_CYCLE_NOT_FOUND = "Order cycle not found";

/** Which orders: the school's today, or one week of the cycle. */
export type KitchenSelection = { kind: "today" } | { kind: "week"; week: number };

/**
 * The live orders of the chosen cycle (`cycleId`, any cycle of the school; unknown: 404), else of
 * the kitchen's cycle (lib/cycles/serving-cycle.ts), or empty data when there are none.
 */
export async function listKitchenOrders(
  school: SchoolContext,
  user: PermissionSubject,
  selection: KitchenSelection,
  { cycleId, ...paging }: KitchenOrdersQuery,
): Promise<KitchenOrders> {
  if (!hasFeature(user, "kitchen")) throw forbidden();
  const active =
    cycleId === undefined ? await getKitchenCycle(school) : await chosenCycle(school, cycleId);
  if (selection.kind === "week") assertWeek(selection.week, active?.cycleLength ?? MAX_CYCLE_WEEKS);
  const cycle = active ? toKitchenCycle(active) : null;
  const empty = { data: [], metadata: pageMetadata(0, paging.page, paging.pageSize), cycle };
  if (!active) return { ...empty, portions: [] };

  const slot: { weekNumber: number; dayOfWeek?: number } | null =
    selection.kind === "week"
      ? { weekNumber: selection.week }
      : cycleDayOn(active, schoolToday(school.timeZone));
  if (!slot) return { ...empty, portions: [] };

  const schoolId = school.id;
  const db = await schoolDb(schoolId);
  const dayFilter =
    slot.dayOfWeek === undefined ? Prisma.empty : Prisma.sql`AND o."dayOfWeek" = ${slot.dayOfWeek}`;
  // The page in one statement: the live orders of the slot sorted by day, item type and name, read
  // in (cycle, week, day) index order so that the sort stops at the page's last day, and only the
  // page's rows joined to their child. The total is the portions' (each live order of the slot is
  // in exactly one protein group), so no statement has to visit every row to count it.
  const pageQuery = db.$queryRaw<KitchenPageRow[]>`
    SELECT p.*, s."name" AS "studentName", s."grade" AS "studentGrade",
           s."allergies" AS "studentAllergies", s."dietaryNotes" AS "studentDietaryNotes"
    FROM (
      SELECT o."id", o."studentId", o."dayOfWeek", o."weekNumber", o."comments", o."category",
             o."sideDish", o."status"::text AS "status", o."allergyAcknowledged",
             (o."paymentStatus" = 'pending') AS "unpaid",
             m."name" AS "menuItemName",
             m."type" AS "menuItemTypeSort", m."type"::text AS "menuItemType"
      FROM "Order" o
      JOIN "MenuItem" m ON m."schoolId" = o."schoolId" AND m."id" = o."menuItemId"
      WHERE o."schoolId" = ${schoolId} AND o."cycleId" = ${active.id} AND o."weekNumber" = ${slot.weekNumber} ${dayFilter}
        AND o."status" IN ('pending', 'completed')
      ORDER BY o."dayOfWeek", m."type", m."name", o."id"
      LIMIT ${paging.pageSize} OFFSET ${(paging.page - 1) * paging.pageSize}
    ) p
    JOIN "Student" s ON s."schoolId" = ${schoolId} AND s."id" = p."studentId"
    ORDER BY p."dayOfWeek", p."menuItemTypeSort", p."menuItemName", p."id"`;
  const [rows, portions] = await Promise.all([
    pageQuery,
    summarisePortions(schoolId, active, slot),
  ]);
  const total = portions.reduce(
    (sum, day) =>
      sum + [...day.primary, ...day.secondary].reduce((n, item) => n + item.totalOrders, 0),
    0,
  );
  return {
    data: rows.map((row): KitchenOrder => ({
      id: row.id,
      dayOfWeek: row.dayOfWeek,
      weekNumber: row.weekNumber,
      comments: row.comments,
      category: row.category,
      sideDish: row.sideDish,
      status: row.status,
      menuItem: { name: row.menuItemName, type: row.menuItemType },
      allergyAcknowledged: row.allergyAcknowledged,
      unpaid: row.unpaid,
      student: {
        name: row.studentName,
        grade: row.studentGrade,
        allergies: row.studentAllergies,
        dietaryNotes: row.studentDietaryNotes,
      },
    })),
    metadata: pageMetadata(total, paging.page, paging.pageSize),
    cycle,
    portions,
  };
}

type KitchenPageRow = {
  id: number;
  dayOfWeek: number;
  weekNumber: number;
  comments: string | null;
  category: string | null;
  sideDish: string | null;
  status: KitchenOrder["status"];
  menuItemName: string;
  menuItemType: MenuItemType;
  allergyAcknowledged: boolean;
  unpaid: boolean;
  studentName: string;
  studentGrade: string;
  studentAllergies: string[];
  studentDietaryNotes: string | null;
};

type PortionRow = {
  dayOfWeek: number;
  menuItemId: number;
  name: string;
  type: MenuItemType;
  category: string | null;
  sideDish: string | null;
  /** 0: a protein group (category); 1: a side group (sideDish). */
  side: number;
  count: number;
  unpaid: number;
};

/**
 * The portion tables of one week (or one day of it), counted in the database: one GROUPING SETS
 * statement gives the protein and the side counts with the items' names, a second the capped
 * comments. No order comes back as a row.
 */
export async function summarisePortions(
  schoolId: number,
  cycle: Pick<OrderCycleDto, "id" | "startDate">,
  slot: { weekNumber: number; dayOfWeek?: number },
): Promise<DayPortions[]> {
  const db = await schoolDb(schoolId);
  const dayFilter =
    slot.dayOfWeek === undefined ? Prisma.empty : Prisma.sql`AND "dayOfWeek" = ${slot.dayOfWeek}`;
  const [grouped, comments] = await Promise.all([
    // Grouped once by (day, item, protein, side), a few hundred rows, and those rows grouped again
    // into the protein and the side sets: the orders themselves are hashed once, not twice.
    db.$queryRaw<PortionRow[]>`
      WITH g AS (
        SELECT o."dayOfWeek", o."menuItemId", o."category", o."sideDish", count(*)::int AS n,
               (count(*) FILTER (WHERE o."paymentStatus" = 'pending'))::int AS u
        FROM "Order" o
        WHERE o."schoolId" = ${schoolId} AND o."cycleId" = ${cycle.id} AND o."weekNumber" = ${slot.weekNumber}
          ${slot.dayOfWeek === undefined ? Prisma.empty : Prisma.sql`AND o."dayOfWeek" = ${slot.dayOfWeek}`}
          AND o."status" IN ('pending', 'completed')
        GROUP BY o."dayOfWeek", o."menuItemId", o."category", o."sideDish"
      )
      SELECT g."dayOfWeek", g."menuItemId", m."name", m."type"::text AS "type", g."category",
             g."sideDish", GROUPING(g."category")::int AS "side", sum(g.n)::int AS "count",
             sum(g.u)::int AS "unpaid"
      FROM g JOIN "MenuItem" m ON m."schoolId" = ${schoolId} AND m."id" = g."menuItemId"
      GROUP BY GROUPING SETS (
        (g."dayOfWeek", g."menuItemId", m."name", m."type", g."category"),
        (g."dayOfWeek", g."menuItemId", m."name", m."type", g."sideDish")
      )`,
    // The first comments of each item and day, by order id; a window keeps the cap in the database.
    db.$queryRaw<CommentRow[]>`
      SELECT "dayOfWeek", "menuItemId", "orderId", "text" FROM (
        SELECT "dayOfWeek", "menuItemId", id AS "orderId", btrim(comments) AS "text",
               row_number() OVER (PARTITION BY "dayOfWeek", "menuItemId" ORDER BY id) AS n
        FROM "Order"
        WHERE "schoolId" = ${schoolId} AND "cycleId" = ${cycle.id} AND "weekNumber" = ${slot.weekNumber} ${dayFilter}
          AND status IN ('pending', 'completed')
          AND comments IS NOT NULL AND btrim(comments) <> ''
      ) AS ranked
      WHERE n <= ${MAX_COMMENTS_PER_ITEM}
      ORDER BY "orderId"`,
  ]);
  // GROUPING() tells a protein group whose category is null from the side group's rolled-up null.
  const proteins = grouped.filter((row) => row.side === 0);
  const sides = grouped.filter((row) => row.side === 1);
  const menuItems = new Map(proteins.map((row) => [row.menuItemId, row]));
  return buildPortions({
    startDate: cycle.startDate,
    weekNumber: slot.weekNumber,
    byProtein: proteins.map((row) => ({
      dayOfWeek: row.dayOfWeek,
      menuItemId: row.menuItemId,
      key: row.category,
      count: row.count,
      unpaid: row.unpaid,
    })),
    bySide: sides.map((row) => ({
      dayOfWeek: row.dayOfWeek,
      menuItemId: row.menuItemId,
      key: row.sideDish,
      count: row.count,
    })),
    comments,
    menuItems: [...menuItems.values()].map((row) => ({
      id: row.menuItemId,
      name: row.name,
      type: row.type,
    })),
  });
}

/** The {week} path segment as a number; anything but 1 to 6 is a 422. */
export function parseKitchenWeek(value: string | string[] | undefined): number {
  const week = typeof value === "string" && /^\d{1,2}$/.test(value) ? Number(value) : NaN;
  assertWeek(week, MAX_CYCLE_WEEKS);
  return week;
}

function assertWeek(week: number, cycleLength: number) {
  if (!Number.isInteger(week) || week < 1 || week > cycleLength) {
    const message = `Week must be a whole number from 1 to ${cycleLength}`;
    throw unprocessable(message, { details: { week: [message] } });
  }
}

async function chosenCycle(school: SchoolContext, cycleId: number): Promise<OrderCycleDto> {
  const cycle = (await listCycles(school)).find((c) => c.id === cycleId);
  if (!cycle) throw notFound(KITCHEN_CYCLE_NOT_FOUND);
  return cycle;
}

/**
 * GET /api/kitchen/cycles (issue 44 §7): the cycles the Fat Chef View may show, soonest first; the
 * first is the one it shows when none is chosen.
 */
export async function listKitchenCycleChoices(
  school: SchoolContext,
  user: PermissionSubject,
): Promise<KitchenCycleChoice[]> {
  if (!hasFeature(user, "kitchen")) throw forbidden();
  return (await listKitchenCycles(school)).map((cycle) => ({
    ...toKitchenCycle(cycle),
    endDate: cycle.endDate,
    isActive: cycle.isActive,
  }));
}

function toKitchenCycle(cycle: OrderCycleDto): KitchenCycle {
  return { id: cycle.id, startDate: cycle.startDate, cycleLength: cycle.cycleLength };
}
