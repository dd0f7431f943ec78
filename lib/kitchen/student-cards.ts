import "server-only";
import { GRADES } from "@/lib/contracts";
import type { PermissionSubject } from "@/lib/contracts/permissions";
import type { SchoolContext } from "@/lib/contracts/schools";
import { schoolDb } from "@/lib/db";
import { onePdfAtATime, type PdfFile } from "@/lib/kitchen/service-day-pdfs";
import { studentCardsPdf, type CardStudent } from "@/lib/kitchen/student-cards-pdf";
import { assertCardStaff } from "@/lib/students/cards";
import type { StudentCardsQuery } from "@/lib/validations/cards";

// GET /api/kitchen/student-cards?grade= (issue 47): the cards of the school's children (a grade,
// or all), archived children and staff records left out, sorted by grade, class and name. A read
// only: every child has had its code since it was added (migration card_code_default), and a
// printed card stays valid until it is reissued.

const GRADE_ORDER: readonly string[] = GRADES;

/** ELC, K, 1 … 12; then class (none last), then name. */
function compareCards(a: CardStudent & { id: number }, b: CardStudent & { id: number }): number {
  return (
    GRADE_ORDER.indexOf(a.grade) - GRADE_ORDER.indexOf(b.grade) ||
    (a.className ?? "\uffff").localeCompare(b.className ?? "\uffff", "en", { numeric: true }) ||
    a.name.localeCompare(b.name, "en") ||
    a.id - b.id
  );
}

export async function studentCards(
  school: SchoolContext,
  user: PermissionSubject,
  query: StudentCardsQuery,
): Promise<PdfFile> {
  assertCardStaff(user);
  const db = await schoolDb(school.id);
  const where = {
    schoolId: school.id,
    archivedAt: null,
    grade: query.grade ?? { in: [...GRADES] },
  };
  const select = { id: true, name: true, grade: true, className: true, cardCode: true } as const;
  const rows = await db.student.findMany({ where, select });
  // A code is only ever missing if someone cleared it by hand: that child has no card to print.
  const students = rows
    .flatMap((row) => (row.cardCode === null ? [] : [{ ...row, cardCode: row.cardCode }]))
    .sort(compareCards);
  return {
    bytes: await onePdfAtATime(() => studentCardsPdf(school.name, students)),
    filename: `student-cards${query.grade ? `-grade-${query.grade}` : ""}.pdf`,
  };
}
