import "server-only";
import { conflict, notFound } from "@/lib/api/errors";
import { audit } from "@/lib/audit/audit";
import type { SessionUser } from "@/lib/auth/session";
import type { StudentDto } from "@/lib/contracts";
import { PARENT_NOT_FOUND, type DeletedAnswer } from "@/lib/contracts/people";
import type { SchoolContext } from "@/lib/contracts/schools";
import { schoolDb, type Tx } from "@/lib/db";
import { idKey } from "@/lib/schools/keys";
import {
  careData,
  STUDENT_NOT_FOUND,
  studentSelect,
  toStudentDto,
  withKnownAllergies,
} from "@/lib/students/students";
import type { AdminStudentChange, AdminStudentInput } from "@/lib/validations/students";

// Students as the Parents & Students section manages them (spec 001 §2, §4): an admin with
// parents_students adds a student to a parent, and deletes one; a student with orders is deleted
// (with those orders) only when the admin confirms a forced delete. Teachers' staff records are
// not managed here: only students of accounts with the parent role.

/** Adds a student to a parent (404 when `parentId` is not a parent's). */
export async function createStudentForParent(
  school: Pick<SchoolContext, "id">,
  actor: SessionUser,
  given: AdminStudentInput,
): Promise<StudentDto> {
  const schoolId = school.id;
  const input = await withKnownAllergies(school, given);
  return writeParentsStudent(schoolId, actor, "student.create", async (tx) => {
    // FOR SHARE: the parent cannot be deleted while their new student is being written.
    const parents = await tx.$queryRaw<{ id: number }[]>`
      SELECT "id" FROM "User"
      WHERE "schoolId" = ${schoolId} AND "id" = ${input.parentId} AND "role" = 'parent' AND "deletedAt" IS NULL FOR SHARE`;
    if (!parents[0]) throw notFound(PARENT_NOT_FOUND);
    const row = await tx.student.create({
      data: {
        schoolId,
        name: input.name,
        grade: input.grade,
        parentId: input.parentId,
        ...careData(input),
      },
      select: studentSelect,
    });
    return { row };
  });
}

/** Changes a parent's student: name, grade, allergies, dietary notes, class (404 when not one). */
export async function updateStudentAsAdmin(
  school: Pick<SchoolContext, "id">,
  actor: SessionUser,
  id: number | null,
  given: AdminStudentChange,
): Promise<StudentDto> {
  if (id === null) throw notFound(STUDENT_NOT_FOUND);
  const schoolId = school.id;
  const change = await withKnownAllergies(school, given);
  return writeParentsStudent(schoolId, actor, "student.update", async (tx) => {
    const before = await tx.student.findFirst({
      where: { schoolId, id, archivedAt: null, parent: { role: "parent", deletedAt: null } },
      select: studentSelect,
    });
    if (!before) throw notFound(STUDENT_NOT_FOUND);
    const row = await tx.student.update({
      where: idKey(schoolId, id),
      data: { name: change.name, grade: change.grade, ...careData(change) },
      select: studentSelect,
    });
    return { before, row };
  });
}

type StudentAnswerRow = Parameters<typeof toStudentDto>[0];

/** One audited write of a parent's student in one transaction: `write` checks and writes the row. */
async function writeParentsStudent(
  schoolId: number,
  actor: SessionUser,
  action: "student.create" | "student.update",
  write: (tx: Tx) => Promise<{ before?: StudentAnswerRow; row: StudentAnswerRow }>,
): Promise<StudentDto> {
  const db = await schoolDb(schoolId);
  return db.$transaction(async (tx) => {
    const { before, row } = await write(tx);
    await audit(schoolId, tx, actor, {
      action,
      entity: "Student",
      entityId: row.id,
      before,
      after: row,
    });
    return toStudentDto(row);
  });
}

/**
 * Deletes a parent's student. With orders, refused with 409 { canForce, orderCount } unless
 * `force`; forced, the student and all their orders go in one transaction. The student's row is
 * locked first, so no order is placed between the count and the deletion.
 */
export async function deleteStudentAsAdmin(
  school: Pick<SchoolContext, "id">,
  actor: SessionUser,
  id: number | null,
  force: boolean,
): Promise<DeletedAnswer> {
  if (id === null) throw notFound(STUDENT_NOT_FOUND);
  const schoolId = school.id;
  const db = await schoolDb(schoolId);
  const forced = await db.$transaction(async (tx) => {
    const rows = await tx.$queryRaw<
      { id: number; name: string; grade: string; parentId: number }[]
    >`
      SELECT s."id", s."name", s."grade", s."parentId" FROM "Student" s
      JOIN "User" u ON u."schoolId" = s."schoolId" AND u."id" = s."parentId"
      WHERE s."schoolId" = ${schoolId} AND s."id" = ${id} AND u."role" = 'parent' AND u."deletedAt" IS NULL FOR UPDATE OF s`;
    const student = rows[0];
    if (!student) throw notFound(STUDENT_NOT_FOUND);
    const orderCount = await tx.order.count({ where: { schoolId, studentId: student.id } });
    if (orderCount > 0 && !force) {
      throw conflict(
        `This student has ${orderCount} ${orderCount === 1 ? "order" : "orders"}. ` +
          "Deleting the student also deletes their orders.",
        { canForce: true, orderCount },
      );
    }
    const orders = await tx.order.deleteMany({ where: { schoolId, studentId: student.id } });
    await tx.student.delete({ where: idKey(schoolId, student.id) });
    await audit(schoolId, tx, actor, {
      action: orderCount > 0 ? "student.force-delete" : "student.delete",
      entity: "Student",
      entityId: student.id,
      before: { name: student.name, grade: student.grade, parentId: student.parentId },
      details: { orders: orders.count },
    });
    return orderCount > 0;
  });
  return {
    message: forced
      ? "Student and all associated orders deleted successfully"
      : "Student deleted successfully",
  };
}
