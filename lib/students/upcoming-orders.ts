import "server-only";
import type { SchoolContext } from "@/lib/contracts/schools";
import type { Tx } from "@/lib/db";
import { cycleDayDate, schoolToday, toIsoDate } from "@/lib/school-calendar";

// A child's meals still to come: deleting a child waits for them (the school settles them), and
// the end of the year's promotion asks about them for leavers.

/**
 * Each live (pending or completed) order of these students for today or a later day of the
 * school's: its student and its meal day (YYYY-MM-DD).
 */
export async function upcomingOrderStudents(
  tx: Tx,
  school: Pick<SchoolContext, "id" | "timeZone">,
  studentIds: number[],
): Promise<{ studentId: number; date: string }[]> {
  if (studentIds.length === 0) return [];
  const today = schoolToday(school.timeZone);
  const orders = await tx.order.findMany({
    where: {
      schoolId: school.id,
      studentId: { in: studentIds },
      status: { in: ["pending", "completed"] },
    },
    select: {
      studentId: true,
      weekNumber: true,
      dayOfWeek: true,
      cycle: { select: { startDate: true } },
    },
  });
  return orders
    .map((order) => ({
      studentId: order.studentId,
      date: cycleDayDate(toIsoDate(order.cycle.startDate), order.weekNumber, order.dayOfWeek),
    }))
    .filter((order) => order.date >= today);
}
