import "server-only";
import { notFound } from "@/lib/api/errors";
import type { SessionUser } from "@/lib/auth/session";
import { STAFF_GRADE, type RemovedDto } from "@/lib/contracts";
import type { StudentGuardiansDto } from "@/lib/contracts/guardians";
import type { SchoolContext } from "@/lib/contracts/schools";
import { schoolDb } from "@/lib/db";
import { readCareHistory } from "@/lib/students/care-history";
import { lockChildForGuardians, parseStudentId } from "@/lib/students/guardian-invitations";
import { guardedBy, leaveChild } from "@/lib/students/guardianship";

// Issue 49 (decision 0119): the child's guardians as either guardian sees them (with the open
// invitation and who changed the child's care), and the end of a second guardian's link: the first
// removes the second, or the second leaves. The child and its orders stay with the first.

/** GET /api/students/{id}/guardians */
export async function getStudentGuardians(
  school: Pick<SchoolContext, "id">,
  actor: SessionUser,
  id: string,
): Promise<StudentGuardiansDto> {
  const schoolId = school.id;
  const studentId = parseStudentId(id);
  if (studentId === null) throw notFound("Student not found");
  const db = await schoolDb(schoolId);
  const child = await db.student.findFirst({
    where: { schoolId, id: studentId, archivedAt: null, ...guardedBy(actor.id) },
    select: {
      id: true,
      grade: true,
      parentId: true,
      parent: { select: { name: true } },
      secondGuardian: { select: { userId: true, user: { select: { name: true } } } },
      guardianInvitations: {
        where: { closedAt: null, expiresAt: { gt: new Date() } },
        select: { email: true, expiresAt: true, invitedBy: { select: { name: true } } },
        orderBy: { createdAt: "desc" },
        take: 1,
      },
    },
  });
  if (!child) throw notFound("Student not found");
  const second = child.secondGuardian;
  const open = child.guardianInvitations[0];
  return {
    guardians: [
      { name: child.parent.name, first: true, you: child.parentId === actor.id },
      ...(second
        ? [{ name: second.user.name, first: false, you: second.userId === actor.id }]
        : []),
    ],
    invitation: open
      ? {
          email: open.email,
          expiresAt: open.expiresAt.toISOString(),
          invitedBy: open.invitedBy.name,
        }
      : null,
    canInvite: !second && child.grade !== STAFF_GRADE,
    changes: await readCareHistory(db, schoolId, child.id),
  };
}

/**
 * DELETE /api/students/{id}/guardians: the second guardian's link ends. The first guardian
 * removes the second; the second leaves. 404 when the child has no second guardian.
 */
export async function removeSecondGuardian(
  school: Pick<SchoolContext, "id">,
  actor: SessionUser,
  id: string,
): Promise<RemovedDto> {
  const schoolId = school.id;
  const db = await schoolDb(schoolId);
  return db.$transaction(async (tx) => {
    const child = await lockChildForGuardians(tx, schoolId, actor, id);
    if (child.secondId === null) throw notFound("This child has no second guardian");
    return leaveChild(tx, schoolId, actor, child);
  });
}
