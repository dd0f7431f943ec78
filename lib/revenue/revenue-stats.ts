import "server-only";
import { notFound } from "@/lib/api/errors";
import type { RevenueStatsDto } from "@/lib/contracts/revenue";
import { listCycles } from "@/lib/cycles/cycles";
import type { SchoolContext } from "@/lib/contracts/schools";
import { schoolDb } from "@/lib/db";
import { Prisma } from "@/lib/generated/prisma/client";
import { completedCount } from "@/lib/revenue/revenue-math";

// Revenue Stats (spec 001 §2, §3, §9): every figure of one period (a cycle, or all time) from one
// aggregate query in the database; no order is loaded. Cancelled covers cancelled and refunded;
// completed count = total − cancelled − pending; net revenue = what completed orders were sold for.

export const CYCLE_NOT_FOUND = "Order cycle not found";

type Totals = {
  totalOrders: number;
  totalStudents: number;
  cancelledCount: number;
  cancelledAmount: string;
  pendingCount: number;
  pendingAmount: string;
  completedAmount: string;
};

export async function getRevenueStats(
  school: SchoolContext,
  cycleId?: number,
): Promise<RevenueStatsDto> {
  const schoolId = school.id;
  const db = await schoolDb(schoolId);
  const cycles = await listCycles(school);
  if (cycleId !== undefined && !cycles.some((cycle) => cycle.id === cycleId)) {
    throw notFound(CYCLE_NOT_FOUND);
  }
  const byCycle = cycleId === undefined ? Prisma.empty : Prisma.sql`AND "cycleId" = ${cycleId}`;
  const [totals] = await db.$queryRaw<Totals[]>`
    SELECT
      COUNT(*)::int AS "totalOrders",
      COUNT(DISTINCT "studentId")::int AS "totalStudents",
      COUNT(*) FILTER (WHERE "status" IN ('cancelled', 'refunded'))::int AS "cancelledCount",
      COALESCE(SUM("discountedPrice") FILTER (WHERE "status" IN ('cancelled', 'refunded')), 0)::numeric(14, 2)::text AS "cancelledAmount",
      COUNT(*) FILTER (WHERE "status" = 'pending')::int AS "pendingCount",
      COALESCE(SUM("discountedPrice") FILTER (WHERE "status" = 'pending'), 0)::numeric(14, 2)::text AS "pendingAmount",
      COALESCE(SUM("discountedPrice") FILTER (WHERE "status" = 'completed'), 0)::numeric(14, 2)::text AS "completedAmount"
    FROM "Order"
    WHERE "schoolId" = ${schoolId} ${byCycle}`;
  // Credit (issue 17): issued in the period (closures and refunds to credit of its orders; all
  // time adds adjustments and closures of payments fulfilled after a closing), and outstanding
  // now, school-wide: the sum of every balance.
  const issuedWhere =
    cycleId === undefined
      ? Prisma.sql`(c."kind" IN ('closure', 'refund') OR (c."kind" = 'adjustment' AND c."amount" > 0))`
      : Prisma.sql`c."kind" IN ('closure', 'refund') AND o."cycleId" = ${cycleId}`;
  const [credit] = await db.$queryRaw<{ issued: string; outstanding: string }[]>`
    SELECT
      (SELECT COALESCE(SUM(c."amount"), 0)::numeric(14, 2)::text FROM "CreditEntry" c
        LEFT JOIN "Order" o ON o."schoolId" = c."schoolId" AND o."id" = c."orderId"
        WHERE c."schoolId" = ${schoolId} AND ${issuedWhere}) AS "issued",
      (SELECT COALESCE(SUM("amount"), 0)::numeric(14, 2)::text FROM "CreditEntry"
        WHERE "schoolId" = ${schoolId}) AS "outstanding"`;
  const t = totals ?? {
    totalOrders: 0,
    totalStudents: 0,
    cancelledCount: 0,
    cancelledAmount: "0.00",
    pendingCount: 0,
    pendingAmount: "0.00",
    completedAmount: "0.00",
  };
  return {
    totalOrders: t.totalOrders,
    netRevenue: t.completedAmount,
    totalStudents: t.totalStudents,
    cancelledOrders: { count: t.cancelledCount, amount: t.cancelledAmount },
    pendingOrders: { count: t.pendingCount, amount: t.pendingAmount },
    completedOrders: {
      count: completedCount(t.totalOrders, t.cancelledCount, t.pendingCount),
      amount: t.completedAmount,
    },
    credit: { issued: credit?.issued ?? "0.00", outstanding: credit?.outstanding ?? "0.00" },
    cycles: cycles.map(({ id, startDate, endDate, isActive }) => ({
      id,
      startDate,
      endDate,
      isActive,
    })),
  };
}
