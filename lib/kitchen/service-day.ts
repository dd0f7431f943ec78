import "server-only";
import { forbidden, unprocessable } from "@/lib/api/errors";
import { GRADES, STAFF_GRADE } from "@/lib/contracts";
import { hasFeature, type PermissionSubject } from "@/lib/contracts/permissions";
import { listCycles } from "@/lib/cycles/cycles";
import type { SchoolContext } from "@/lib/contracts/schools";
import { schoolDb } from "@/lib/db";
import { cycleDayOn } from "@/lib/kitchen/portions";
import { parseIsoDate } from "@/lib/school-calendar";
import type { ServiceDayQuery } from "@/lib/validations/kitchen";

// The kitchen's service day (issue 18): every live order of one date, of whichever cycle holds it, with
// what the labels and the class lists print, sorted by grade, class and name.

export type ServiceMeal = {
  orderId: number;
  studentName: string;
  grade: string;
  className: string | null;
  allergies: string[];
  dietaryNotes: string | null;
  menuItemName: string;
  category: string | null;
  sideDish: string | null;
  comments: string | null;
  allergyAcknowledged: boolean;
  /** Issue 44: its transfer is not yet verified; the label and the class list say UNPAID. */
  unpaid: boolean;
};

export type ServiceDay = { date: string; meals: ServiceMeal[] };

const GRADE_ORDER: readonly string[] = [...GRADES, STAFF_GRADE];

type Sortable = Pick<ServiceMeal, "grade" | "className" | "studentName" | "orderId">;

/** ELC, K, 1 … 12, staff; then class (none last), then name. */
export function compareMeals(a: Sortable, b: Sortable): number {
  return (
    GRADE_ORDER.indexOf(a.grade) - GRADE_ORDER.indexOf(b.grade) ||
    (a.className ?? "\uffff").localeCompare(b.className ?? "\uffff", "en", { numeric: true }) ||
    a.studentName.localeCompare(b.studentName, "en") ||
    a.orderId - b.orderId
  );
}

export async function listServiceDay(
  school: SchoolContext,
  user: PermissionSubject,
  query: ServiceDayQuery,
): Promise<ServiceDay> {
  if (!hasFeature(user, "kitchen")) throw forbidden();
  if (!parseIsoDate(query.date)) throw unprocessable("Date must be YYYY-MM-DD");
  // Every cycle's orders of that date, active or not: a deactivated cycle's paid meals are still
  // served (decision 0071), and cycles holding live orders never share a date (decision 0051).
  const slots = (await listCycles(school)).flatMap((cycle) => {
    const slot = cycleDayOn(cycle, query.date);
    return slot ? [{ cycleId: cycle.id, ...slot }] : [];
  });
  if (slots.length === 0) return { date: query.date, meals: [] };
  const db = await schoolDb(school.id);
  const rows = await db.order.findMany({
    where: {
      schoolId: school.id,
      OR: slots,
      status: { in: ["pending", "completed"] },
      ...(query.grade && { student: { is: { grade: query.grade } } }),
    },
    select: {
      id: true,
      category: true,
      sideDish: true,
      comments: true,
      allergyAcknowledged: true,
      paymentStatus: true,
      menuItem: { select: { name: true } },
      student: {
        select: { name: true, grade: true, className: true, allergies: true, dietaryNotes: true },
      },
    },
  });
  const meals = rows.map((row): ServiceMeal => ({
    orderId: row.id,
    studentName: row.student.name,
    grade: row.student.grade,
    className: row.student.className,
    allergies: row.student.allergies,
    dietaryNotes: row.student.dietaryNotes,
    menuItemName: row.menuItem.name,
    category: row.category,
    sideDish: row.sideDish,
    comments: row.comments,
    allergyAcknowledged: row.allergyAcknowledged,
    unpaid: row.paymentStatus === "pending",
  }));
  return { date: query.date, meals: meals.sort(compareMeals) };
}
