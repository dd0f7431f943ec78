import "server-only";
import { z } from "zod";
import { forbidden, unprocessable } from "@/lib/api/errors";
import { hasFeature, type PermissionSubject } from "@/lib/auth/permissions";
import type { MenuItemType, OrderCycleDto } from "@/lib/contracts";
import { getActiveCycle } from "@/lib/cycles/cycles";
import { getDb } from "@/lib/db";
import { env } from "@/lib/env";
import { Prisma } from "@/lib/generated/prisma/client";
import {
  buildPortions,
  cycleDayOn,
  MAX_COMMENTS_PER_ITEM,
  type CommentRow,
  type DayPortions,
} from "@/lib/kitchen/portions";
import { pageMetadata, type PageMetadata } from "@/lib/api/paging";
import { schoolToday } from "@/lib/school-calendar";

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

export type KitchenOrder = {
  id: number;
  dayOfWeek: number;
  weekNumber: number;
  comments: string | null;
  category: string | null;
  sideDish: string | null;
  status: "pending" | "completed";
  menuItem: { name: string; type: MenuItemType };
  student: { name: string; grade: string };
};

export type KitchenCycle = { id: number; startDate: string; cycleLength: number };

export type KitchenOrders = {
  data: KitchenOrder[];
  metadata: PageMetadata;
  cycle: KitchenCycle | null;
  portions: DayPortions[];
};

/** Which orders: the school's today, or one week of the cycle. */
export type KitchenSelection = { kind: "today" } | { kind: "week"; week: number };

const LIVE_STATUSES = ["pending", "completed"] as const;

/** The live orders of the active cycle for the kitchen, or empty data when there are none. */
export async function listKitchenOrders(
  user: PermissionSubject,
  selection: KitchenSelection,
  paging: KitchenPaging,
): Promise<KitchenOrders> {
  if (!hasFeature(user, "kitchen")) throw forbidden();
  const active = await getActiveCycle();
  if (selection.kind === "week") assertWeek(selection.week, active?.cycleLength ?? MAX_CYCLE_WEEKS);
  const cycle = active ? toKitchenCycle(active) : null;
  const empty = { data: [], metadata: pageMetadata(0, paging.page, paging.pageSize), cycle };
  if (!active) return { ...empty, portions: [] };

  const slot =
    selection.kind === "week"
      ? { weekNumber: selection.week }
      : cycleDayOn(active, schoolToday(env().SCHOOL_TIMEZONE));
  if (!slot) return { ...empty, portions: [] };

  const where = {
    cycleId: active.id,
    status: { in: [...LIVE_STATUSES] },
    ...slot,
  } satisfies Prisma.OrderWhereInput;
  const db = await getDb();
  const [total, rows, portions] = await Promise.all([
    db.order.count({ where }),
    db.order.findMany({
      where,
      orderBy: [
        { dayOfWeek: "asc" },
        { menuItem: { type: "asc" } },
        { menuItem: { name: "asc" } },
        { id: "asc" },
      ],
      skip: (paging.page - 1) * paging.pageSize,
      take: paging.pageSize,
      select: {
        id: true,
        dayOfWeek: true,
        weekNumber: true,
        comments: true,
        category: true,
        sideDish: true,
        status: true,
        menuItem: { select: { name: true, type: true } },
        student: { select: { name: true, grade: true } },
      },
    }),
    summarisePortions(active, slot),
  ]);
  return {
    data: rows.map((row) => ({ ...row, status: row.status as KitchenOrder["status"] })),
    metadata: pageMetadata(total, paging.page, paging.pageSize),
    cycle,
    portions,
  };
}

/**
 * The portion tables of one week (or one day of it), counted with GROUP BY in the database; only
 * the capped comments and the names of the items ordered come back as rows.
 */
export async function summarisePortions(
  cycle: Pick<OrderCycleDto, "id" | "startDate">,
  slot: { weekNumber: number; dayOfWeek?: number },
): Promise<DayPortions[]> {
  const db = await getDb();
  const where = {
    cycleId: cycle.id,
    status: { in: [...LIVE_STATUSES] },
    ...slot,
  } satisfies Prisma.OrderWhereInput;
  const dayFilter =
    slot.dayOfWeek === undefined ? Prisma.empty : Prisma.sql`AND "dayOfWeek" = ${slot.dayOfWeek}`;
  const [byProtein, bySide, comments] = await Promise.all([
    db.order.groupBy({
      by: ["dayOfWeek", "menuItemId", "category"],
      where,
      _count: { _all: true },
    }),
    db.order.groupBy({
      by: ["dayOfWeek", "menuItemId", "sideDish"],
      where,
      _count: { _all: true },
    }),
    // The first comments of each item and day, by order id; a window keeps the cap in the database.
    db.$queryRaw<CommentRow[]>`
      SELECT "dayOfWeek", "menuItemId", "orderId", "text" FROM (
        SELECT "dayOfWeek", "menuItemId", id AS "orderId", btrim(comments) AS "text",
               row_number() OVER (PARTITION BY "dayOfWeek", "menuItemId" ORDER BY id) AS n
        FROM "Order"
        WHERE "cycleId" = ${cycle.id} AND "weekNumber" = ${slot.weekNumber} ${dayFilter}
          AND status IN ('pending', 'completed')
          AND comments IS NOT NULL AND btrim(comments) <> ''
      ) AS ranked
      WHERE n <= ${MAX_COMMENTS_PER_ITEM}
      ORDER BY "orderId"`,
  ]);
  const itemIds = [...new Set(byProtein.map((row) => row.menuItemId))];
  const menuItems =
    itemIds.length === 0
      ? []
      : await db.menuItem.findMany({
          where: { id: { in: itemIds } },
          select: { id: true, name: true, type: true },
        });
  return buildPortions({
    startDate: cycle.startDate,
    weekNumber: slot.weekNumber,
    byProtein: byProtein.map((row) => ({
      dayOfWeek: row.dayOfWeek,
      menuItemId: row.menuItemId,
      key: row.category,
      count: row._count._all,
    })),
    bySide: bySide.map((row) => ({
      dayOfWeek: row.dayOfWeek,
      menuItemId: row.menuItemId,
      key: row.sideDish,
      count: row._count._all,
    })),
    comments,
    menuItems,
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

function toKitchenCycle(cycle: OrderCycleDto): KitchenCycle {
  return { id: cycle.id, startDate: cycle.startDate, cycleLength: cycle.cycleLength };
}
