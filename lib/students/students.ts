import "server-only";
import { conflict, forbidden, notFound, unprocessable } from "@/lib/api/errors";
import { hasFeature } from "@/lib/contracts/permissions";
import type { SessionUser } from "@/lib/auth/session";
import { STAFF_GRADE, type Grade, type RemovedDto, type StudentDto } from "@/lib/contracts";
import type { SchoolContext } from "@/lib/contracts/schools";
import { schoolDb, type Tx } from "@/lib/db";
import type { Prisma } from "@/lib/generated/prisma/client";
import { idKey } from "@/lib/schools/keys";
import { upcomingOrderStudents } from "@/lib/students/upcoming-orders";
import { recordCareChange } from "@/lib/students/care-history";
import { guardianExtras } from "@/lib/students/guardian-extras";
import {
  guardedBy,
  childStaysWith,
  leaveChild,
  lockGuardedStudent,
  passChild,
  type GuardedStudent,
} from "@/lib/students/guardianship";
import { requireKnownAllergens } from "@/lib/settings/allergens";
import { ALLERGY_CONSENT_REQUIRED, type StudentCareInput } from "@/lib/validations/students";

// A parent's (or teacher's) students. Parents and teachers act on their own students only: the
// session decides whose, and someone else's student is "not found", never "forbidden". An admin
// with the parents_students feature lists and adds students for a named parent or teacher. Every
// student is its school's (issue 45): another school's student or account is "not found" too.
// A child's second guardian (issue 49, decision 0119) sees, changes and orders for it like the
// first; removing the child is the first guardian's, and the second's "delete" is leaving.

export const STUDENT_NOT_FOUND = "Student not found";
export const STAFF_RECORD_LOCKED = "The staff account cannot be edited or deleted here";
export const STUDENT_HAS_UPCOMING_ORDERS =
  "This student has upcoming orders and cannot be deleted. Please contact the school office.";
/** More than any family needs; stops a script from filling the table. */
export const MAX_STUDENTS_PER_ACCOUNT = 20;

/** The columns of every answer that carries a student (the parents' list reads the same). */
export const studentSelect = {
  id: true,
  name: true,
  grade: true,
  parentId: true,
  allergies: true,
  dietaryNotes: true,
  className: true,
} as const;

type StudentRow = { id: number; name: string; grade: string; parentId: number };
type LockedStudent = GuardedStudent;
type StudentCareRow = {
  allergies: string[];
  dietaryNotes: string | null;
  className: string | null;
};

export function toStudentDto(row: StudentRow & StudentCareRow): StudentDto {
  return {
    id: row.id,
    name: row.name,
    // Written only through these functions and the conversion: a grade of GRADES or teacher.
    grade: row.grade as StudentDto["grade"],
    parentId: row.parentId,
    parent_id: row.parentId,
    isStaff: row.grade === STAFF_GRADE,
    allergies: row.allergies,
    dietaryNotes: row.dietaryNotes,
    className: row.className,
  };
}

export type NewStudent = {
  name: string;
  grade: Grade;
  parentId?: number | null | undefined;
} & StudentCareInput;
export type StudentChange = { name: string; grade: Grade } & StudentCareInput;

/**
 * The care fields with the allergies held to the built-ins and the school's own (issue 44), in
 * their spelling: 422 "Unknown allergen: …" for any other name.
 */
export async function withKnownAllergies<T extends StudentCareInput>(
  school: Pick<SchoolContext, "id">,
  input: T,
): Promise<T> {
  const allergies = await requireKnownAllergens(school, input.allergies, "allergies");
  return allergies === undefined ? input : { ...input, allergies };
}

/** The care fields a create or change writes: a field left out is not written. */
export function careData(input: StudentCareInput) {
  return {
    ...(input.allergies !== undefined && { allergies: input.allergies }),
    ...(input.dietaryNotes !== undefined && { dietaryNotes: input.dietaryNotes }),
    ...(input.className !== undefined && { className: input.className }),
  };
}

/**
 * The care fields of a parent's or teacher's own write, with the consent rule (issue 26): recording
 * allergies or dietary notes needs the family's consent, given once (`allergyConsent: true`, its
 * time kept); `allergyConsent: false` withdraws it and clears them. `consentedAt` is the student's
 * consent so far (null for a new student).
 */
function ownCareData(input: StudentCareInput, consentedAt: Date | null) {
  if (input.allergyConsent === false) {
    return {
      ...careData({ ...input, allergies: undefined, dietaryNotes: undefined }),
      ...WITHDRAWN,
    };
  }
  const data = careData(input);
  const recordsHealth = (data.allergies?.length ?? 0) > 0 || !!data.dietaryNotes;
  if (!recordsHealth || consentedAt) return data;
  if (input.allergyConsent !== true) {
    throw unprocessable(ALLERGY_CONSENT_REQUIRED, {
      details: { allergyConsent: [ALLERGY_CONSENT_REQUIRED] },
    });
  }
  return { ...data, allergyConsentAt: new Date() };
}

const WITHDRAWN = { allergies: [], dietaryNotes: null, allergyConsentAt: null };

/**
 * Whose students the actor works on. A parent or teacher: their own (naming anyone else is 403).
 * An admin with parents_students: the named account, which must exist and not be an admin (404).
 */
async function resolveOwner(
  schoolId: number,
  actor: SessionUser,
  parentId: number | null | undefined,
) {
  if (actor.role !== "admin") {
    if (parentId != null && parentId !== actor.id) {
      throw forbidden("You can only manage your own students");
    }
    return actor.id;
  }
  if (!hasFeature(actor, "parents_students")) throw forbidden();
  if (parentId == null) {
    throw unprocessable("Please select a parent", {
      details: { parentId: ["Please select a parent"] },
    });
  }
  const db = await schoolDb(schoolId);
  const owner = await db.user.findFirst({
    where: { schoolId, id: parentId, role: { in: ["parent", "teacher"] }, deletedAt: null },
    select: { id: true },
  });
  if (!owner) throw notFound("Parent not found");
  return owner.id;
}

/**
 * The students of the actor (or, for an admin, of `parentId`), by name: the children the account
 * is the first or the second guardian of, each with its guardians (issue 49).
 */
export async function listStudents(
  school: Pick<SchoolContext, "id" | "timeZone">,
  actor: SessionUser,
  parentId?: number,
): Promise<StudentDto[]> {
  const ownerId = await resolveOwner(school.id, actor, parentId);
  const db = await schoolDb(school.id);
  const rows = await db.student.findMany({
    where: { schoolId: school.id, archivedAt: null, ...guardedBy(ownerId) },
    select: { ...studentSelect, counterDailyLimit: true, counterBlocked: true },
    orderBy: [{ name: "asc" }, { id: "asc" }],
  });
  const extras = await guardianExtras(db, school, ownerId, rows);
  // Issue 47: the family's say at the counter comes with the list (null limit: the school's).
  return rows.map((row) => ({
    ...toStudentDto(row),
    counterDailyLimit: row.counterDailyLimit?.toFixed(2) ?? null,
    counterBlocked: row.counterBlocked,
    ...extras.get(row.id),
  }));
}

export async function createStudent(
  school: Pick<SchoolContext, "id">,
  actor: SessionUser,
  given: NewStudent,
): Promise<StudentDto> {
  const schoolId = school.id;
  const ownerId = await resolveOwner(schoolId, actor, given.parentId);
  const input = await withKnownAllergies(school, given);
  const db = await schoolDb(schoolId);
  if (actor.role !== "admin") {
    const count = await db.student.count({
      where: { schoolId, parentId: ownerId, archivedAt: null },
    });
    if (count >= MAX_STUDENTS_PER_ACCOUNT) {
      throw conflict(`An account can have at most ${MAX_STUDENTS_PER_ACCOUNT} students`);
    }
  }
  const care = actor.role === "admin" ? careData(input) : ownCareData(input, null);
  const row = await db.student.create({
    data: { schoolId, name: input.name, grade: input.grade, parentId: ownerId, ...care },
    select: studentSelect,
  });
  return toStudentDto(row);
}

/** A student id from the address, or null when it cannot be one. */
function parseStudentId(value: string): number | null {
  if (!/^[1-9]\d{0,9}$/.test(value)) return null;
  const id = Number(value);
  return id <= 2_147_483_647 ? id : null;
}

/**
 * A student the actor is a guardian of (first or second), locked for this transaction: 404 when
 * not theirs, 403 for the staff record. The lock (FOR UPDATE) also holds back an order being
 * placed for the student (its foreign key check needs the row) until the change or the deletion
 * has been decided.
 */
async function lockOwnEditableStudent(
  tx: Tx,
  schoolId: number,
  actor: SessionUser,
  id: string,
  { staffRecord = false } = {},
) {
  const studentId = parseStudentId(id);
  if (studentId === null) throw notFound(STUDENT_NOT_FOUND);
  const row = await lockGuardedStudent(tx, schoolId, actor.id, studentId);
  if (!row) throw notFound(STUDENT_NOT_FOUND);
  if (row.grade === STAFF_GRADE && !staffRecord) throw forbidden(STAFF_RECORD_LOCKED);
  return row;
}

/** Renames a student or changes the grade (and the care fields). Someone else's student is 404. */
export async function updateStudent(
  school: Pick<SchoolContext, "id">,
  actor: SessionUser,
  id: string,
  given: StudentChange,
): Promise<StudentDto> {
  const change = await withKnownAllergies(school, given);
  return changeOwnStudent(school.id, actor, id, (row) => ({
    name: change.name,
    grade: change.grade,
    ...ownCareData(change, row.allergyConsentAt),
  }));
}

/**
 * Changes only the allergies, dietary notes and class of one of the caller's students: the one
 * change a teacher may make to their own staff record (its name and grade stay locked).
 */
export async function updateStudentCare(
  school: Pick<SchoolContext, "id">,
  actor: SessionUser,
  id: string,
  given: StudentCareInput,
): Promise<StudentDto> {
  const change = await withKnownAllergies(school, given);
  return changeOwnStudent(
    school.id,
    actor,
    id,
    (row) => ownCareData(change, row.allergyConsentAt),
    {
      staffRecord: true,
    },
  );
}

async function changeOwnStudent(
  schoolId: number,
  actor: SessionUser,
  id: string,
  change: (row: LockedStudent) => Prisma.StudentUpdateInput,
  options: { staffRecord?: boolean } = {},
): Promise<StudentDto> {
  const db = await schoolDb(schoolId);
  return db.$transaction(async (tx) => {
    const row = await lockOwnEditableStudent(tx, schoolId, actor, id, options);
    const updated = await tx.student.update({
      where: idKey(schoolId, row.id),
      data: change(row),
      select: { ...studentSelect, allergyConsentAt: true },
    });
    // Issue 49: either guardian may change the child's care; both see who changed what.
    await recordCareChange(tx, schoolId, actor, row.id, row, updated);
    return toStudentDto(updated);
  });
}

/**
 * Deletes a student and, through the cascade, their order history. Refused (409) while the
 * student has a pending or completed order for a day that has not passed (today included): those
 * are meals still to be served, often paid for, and only the school can settle them. The second
 * guardian's "delete" takes the child off their own account only (issue 49): they leave.
 */
export async function deleteStudent(
  school: Pick<SchoolContext, "id" | "timeZone">,
  actor: SessionUser,
  id: string,
): Promise<RemovedDto> {
  const schoolId = school.id;
  const db = await schoolDb(schoolId);
  return db.$transaction(async (tx) => {
    const row = await lockOwnEditableStudent(tx, schoolId, actor, id);
    if (row.parentId !== actor.id) return leaveChild(tx, schoolId, actor, row);
    // A shared child is not deleted for both: the first guardian leaves, the second keeps it
    // (unless the second's account is going meanwhile: then it is removed as usual).
    if (
      row.secondId !== null &&
      (await passChild(tx, schoolId, row.id, actor.id, row.secondId, actor))
    ) {
      const other = await tx.user.findUniqueOrThrow({
        where: idKey(schoolId, row.secondId),
        select: { name: true },
      });
      return { id: row.id, message: childStaysWith(other.name) };
    }
    const upcoming = await countUpcomingOrders(tx, school, row.id);
    if (upcoming > 0) throw conflict(STUDENT_HAS_UPCOMING_ORDERS, { orderCount: upcoming });
    // A child with order history is archived, not deleted: the orders are the school's records.
    const hasHistory = await tx.order.count({ where: { schoolId, studentId: row.id } });
    if (hasHistory > 0) {
      await tx.student.update({
        where: idKey(schoolId, row.id),
        data: { archivedAt: new Date() },
      });
    } else {
      await tx.student.delete({ where: idKey(schoolId, row.id) });
    }
    return { id: row.id, message: "Student deleted successfully" };
  });
}

/** Live (pending or completed) orders of a student for today or a later day of the school's. */
async function countUpcomingOrders(
  tx: Tx,
  school: Pick<SchoolContext, "id" | "timeZone">,
  studentId: number,
): Promise<number> {
  return (await upcomingOrderStudents(tx, school, [studentId])).length;
}
