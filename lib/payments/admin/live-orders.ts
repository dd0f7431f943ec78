import "server-only";
import { TZDate } from "@date-fns/tz";
import { unprocessable } from "@/lib/api/errors";
import type { LiveOrder, LiveOrderLine, LiveOrdersPage } from "@/lib/contracts/live-orders";
import { LIVE_STATUSES } from "@/lib/contracts/payments";
import { attemptPayment } from "@/lib/contracts/mobile-money";
import type { SchoolContext } from "@/lib/contracts/schools";
import { schoolDb } from "@/lib/db";
import { Prisma } from "@/lib/generated/prisma/client";
import { fromNgwee, toNgwee } from "@/lib/money";
import { snapshotLines, type SnapshotLine } from "@/lib/payments/admin/snapshot";
import { parseIsoDate } from "@/lib/school-calendar";
import { LIVE_ORDERS_PAGE_SIZE, type LiveOrdersQuery } from "@/lib/validations/live-orders";

// Live Orders (spec 001 §2, §3, §7): every payment attempt, newest first, 50 a page, filtered in
// the database. The cart lines are JSON (cartItems.lines), so the student, item, week and day
// filters are EXISTS queries over jsonb_to_recordset; names come from one query each for the page.
// Only the school's own attempts, users, students and items: every raw statement names it.

/** `text` as a case-insensitive "contains" pattern, with LIKE's wildcards taken literally. */
function containsPattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/** The cart lines of the row `pa`, as a table (an attempt without a lines array has none). */
const LINES = Prisma.sql`jsonb_to_recordset(CASE WHEN jsonb_typeof(pa."cartItems"->'lines') = 'array'
  THEN pa."cartItems"->'lines' ELSE '[]'::jsonb END)
  AS l("studentId" int, "menuItemId" int, "weekNumber" int, "dayOfWeek" int)`;

/** The instants [from, to) of a calendar day on the school's clock. */
function schoolDay(isoDate: string, zone: string): [string, string] {
  const date = parseIsoDate(isoDate);
  if (!date) throw unprocessable("Time must be a date (YYYY-MM-DD)");
  const [y, m, d] = [date.getUTCFullYear(), date.getUTCMonth(), date.getUTCDate()];
  const from = new TZDate(y, m, d, 0, 0, 0, zone);
  const to = new TZDate(y, m, d + 1, 0, 0, 0, zone);
  return [new Date(from.getTime()).toISOString(), new Date(to.getTime()).toISOString()];
}

/**
 * The filter row as SQL. Every table is named with the school itself, subqueries too, so a
 * distributed database answers from that school's shard alone (issue 46).
 */
function whereOf(school: SchoolContext, query: LiveOrdersQuery): Prisma.Sql {
  const conditions: Prisma.Sql[] = [Prisma.sql`pa."schoolId" = ${school.id}`];
  if (query.status) conditions.push(Prisma.sql`pa."status" = ${query.status}`);
  if (query.parent) {
    conditions.push(Prisma.sql`u."username" ILIKE ${containsPattern(query.parent)}`);
  }
  if (query.transactionId) {
    const pattern = containsPattern(query.transactionId);
    conditions.push(
      Prisma.sql`(pa."transactionId" ILIKE ${pattern} OR pa."transactionRef" ILIKE ${pattern})`,
    );
  }
  if (query.amount) {
    conditions.push(Prisma.sql`pa."paymentAmount" = ${fromNgwee(toNgwee(query.amount))}::numeric`);
  }
  if (query.time) {
    const [from, to] = schoolDay(query.time, school.timeZone);
    conditions.push(
      Prisma.sql`pa."createdAt" >= ${from}::timestamptz AND pa."createdAt" < ${to}::timestamptz`,
    );
  }
  if (query.student) {
    conditions.push(Prisma.sql`EXISTS (SELECT 1 FROM ${LINES}
      JOIN "Student" s ON s."schoolId" = ${school.id} AND s."id" = l."studentId"
      WHERE s."name" ILIKE ${containsPattern(query.student)})`);
  }
  if (query.items) {
    conditions.push(Prisma.sql`EXISTS (SELECT 1 FROM ${LINES}
      JOIN "MenuItem" m ON m."schoolId" = ${school.id} AND m."id" = l."menuItemId"
      WHERE m."name" ILIKE ${containsPattern(query.items)})`);
  }
  if (query.week !== undefined || query.day !== undefined) {
    // Both given: one line on that week and day.
    const week =
      query.week === undefined ? Prisma.empty : Prisma.sql`AND l."weekNumber" = ${query.week}`;
    const day =
      query.day === undefined ? Prisma.empty : Prisma.sql`AND l."dayOfWeek" = ${query.day}`;
    conditions.push(Prisma.sql`EXISTS (SELECT 1 FROM ${LINES} WHERE TRUE ${week} ${day})`);
  }
  return Prisma.sql`WHERE ${Prisma.join(conditions, " AND ")}`;
}

export async function listLiveOrders(
  school: SchoolContext,
  query: LiveOrdersQuery,
): Promise<LiveOrdersPage> {
  const db = await schoolDb(school.id);
  const where = whereOf(school, query);
  const from = Prisma.sql`FROM "PaymentAttempt" pa
    JOIN "User" u ON u."schoolId" = pa."schoolId" AND u."id" = pa."userId" ${where}`;
  const offset = (query.page - 1) * LIVE_ORDERS_PAGE_SIZE;
  const [counted, page, statuses] = await Promise.all([
    db.$queryRaw<{ total: number }[]>`SELECT count(*)::int AS total ${from}`,
    db.$queryRaw<{ id: number }[]>`SELECT pa."id" ${from}
      ORDER BY pa."createdAt" DESC, pa."id" DESC LIMIT ${LIVE_ORDERS_PAGE_SIZE} OFFSET ${offset}`,
    db.paymentAttempt.groupBy({ by: ["status"], where: { schoolId: school.id } }),
  ]);
  const total = counted[0]?.total ?? 0;
  const totalPages = Math.ceil(total / LIVE_ORDERS_PAGE_SIZE);
  const ids = page.map((row) => row.id);
  const rows =
    ids.length === 0
      ? []
      : await db.paymentAttempt.findMany({
          where: { schoolId: school.id, id: { in: ids } },
          select: {
            id: true,
            createdAt: true,
            transactionId: true,
            transactionRef: true,
            status: true,
            isRecovered: true,
            paymentAmount: true,
            cartItems: true,
            paymentMethod: true,
            mobileOperator: true,
            mobileNumber: true,
            user: { select: { username: true } },
          },
        });
  const byId = new Map(rows.map((row) => [row.id, row]));
  const ordered = ids.flatMap((id) => byId.get(id) ?? []);
  const lines = new Map(ordered.map((row) => [row.id, snapshotLines(row.cartItems)]));
  const names = await namesFor(school.id, [...lines.values()].flat());

  const present = new Set(statuses.map((s) => s.status));
  const known = LIVE_STATUSES.filter((s) => present.has(s));
  const unknown = [...present].filter((s) => !(LIVE_STATUSES as readonly string[]).includes(s));

  return {
    data: ordered.map((row): LiveOrder => {
      const cart = lines.get(row.id) ?? [];
      return {
        id: row.id,
        createdAt: row.createdAt.toISOString(),
        username: row.user.username,
        transactionId: row.transactionId,
        transactionRef: row.transactionRef,
        status: row.status,
        isRecovered: row.isRecovered,
        amount: row.paymentAmount.toFixed(2),
        originalAmount: fromNgwee(cart.reduce((sum, l) => sum + l.originalNgwee, 0)),
        payment: attemptPayment(row),
        cartItems: cart.map((l): LiveOrderLine => ({
          menuItemId: l.menuItemId,
          studentId: l.studentId,
          student: names.student(l),
          menuItem: names.menuItem(l),
          weekNumber: l.weekNumber,
          dayOfWeek: l.dayOfWeek,
          category: l.category,
          sideDish: l.sideDish,
          originalPrice: l.originalPrice,
          discountedPrice: l.discountedPrice,
        })),
      };
    }),
    pagination: {
      totalOrders: total,
      totalPages,
      hasPreviousPage: query.page > 1,
      hasNextPage: query.page < totalPages,
    },
    availableStatuses: [...known, ...unknown.sort()],
  };
}

/**
 * Today's names of the students and items of these lines: one query each. A student or item
 * deleted since keeps the name the snapshot recorded ('N/A' grade when none is known).
 */
export async function namesFor(schoolId: number, lines: SnapshotLine[]) {
  const db = await schoolDb(schoolId);
  const studentIds = [...new Set(lines.map((l) => l.studentId))];
  const menuItemIds = [...new Set(lines.map((l) => l.menuItemId))];
  const [students, items] = await Promise.all([
    studentIds.length === 0
      ? []
      : db.student.findMany({
          where: { schoolId, id: { in: studentIds } },
          select: { id: true, name: true, grade: true, allergies: true, dietaryNotes: true },
        }),
    menuItemIds.length === 0
      ? []
      : db.menuItem.findMany({
          where: { schoolId, id: { in: menuItemIds } },
          select: { id: true, name: true },
        }),
  ]);
  const studentById = new Map(students.map((s) => [s.id, s]));
  const itemById = new Map(items.map((m) => [m.id, m]));
  return {
    student: (l: SnapshotLine) => {
      const s = studentById.get(l.studentId);
      return s
        ? { name: s.name, grade: s.grade, allergies: s.allergies, dietaryNotes: s.dietaryNotes }
        : unknownStudent(l.studentName, l.studentGrade);
    },
    menuItem: (l: SnapshotLine) => ({
      name: itemById.get(l.menuItemId)?.name ?? l.menuItemName ?? "Unknown item",
    }),
  };
}

/** A student deleted since the snapshot: the recorded name, nothing known about allergies. */
export const unknownStudent = (name?: string | null, grade?: string | null) => ({
  name: name ?? "Unknown student",
  grade: grade ?? "N/A",
  allergies: [] as string[],
  dietaryNotes: null,
});
