import "server-only";
import { audit } from "@/lib/audit/audit";
import type { Tx } from "@/lib/db";
import { Prisma } from "@/lib/generated/prisma/client";

// Issue 49 (decision 0119): who counts as a child's guardian. Student.parentId is the first;
// StudentGuardian holds the second. Everywhere an account reads or acts on "my children", both
// count; what stays the first guardian's alone (removing the child, the counter wallet and its
// limits) says so where it is decided. lib/students/guardians.ts (linkGuardian) makes the link.

/** Prisma `where` for the students `userId` is a guardian of (first or second). Reads only. */
export function guardedBy(userId: number) {
  return {
    OR: [{ parentId: userId }, { secondGuardian: { is: { userId } } }],
  } satisfies Prisma.StudentWhereInput;
}

/**
 * The same test in raw SQL, on the student row aliased `s` (the StudentGuardian subquery names
 * its school with its own parameter, decision 0079).
 */
export function guardedBySql(schoolId: number, userId: number): Prisma.Sql {
  return Prisma.sql`(s."parentId" = ${userId} OR EXISTS (
      SELECT 1 FROM "StudentGuardian" g
       WHERE g."schoolId" = ${schoolId} AND g."studentId" = s."id" AND g."userId" = ${userId}))`;
}

export type GuardedStudent = {
  id: number;
  name: string;
  grade: string;
  parentId: number;
  secondId: number | null;
  allergies: string[];
  dietaryNotes: string | null;
  allergyConsentAt: Date | null;
};

/**
 * A (not archived) student `userId` is a guardian of, locked for the caller's transaction (FOR
 * UPDATE: it also holds back an order for the child, and a link racing for the second place):
 * null when there is none, which the caller answers as "not found".
 */
export async function lockGuardedStudent(
  tx: Tx,
  schoolId: number,
  userId: number,
  studentId: number,
): Promise<GuardedStudent | null> {
  // The row alone first: the guardians are then read by a new statement, which sees a link (or a
  // leave) committed while this one waited for the lock. Read in the locking statement, they would
  // come from a snapshot taken before the wait (a child deleted just after its second guardian
  // accepted, a guardian who had just left still let in).
  const locked = await tx.$queryRaw<{ id: number }[]>`
    SELECT "id" FROM "Student"
     WHERE "schoolId" = ${schoolId} AND "id" = ${studentId} AND "archivedAt" IS NULL
       FOR UPDATE`;
  if (locked.length === 0) return null;
  const rows = await tx.$queryRaw<GuardedStudent[]>`
    SELECT s."id", s."name", s."grade", s."parentId", s."allergies", s."dietaryNotes",
           s."allergyConsentAt",
           (SELECT g."userId" FROM "StudentGuardian" g
             WHERE g."schoolId" = ${schoolId} AND g."studentId" = s."id") AS "secondId"
      FROM "Student" s
     WHERE s."schoolId" = ${schoolId} AND s."id" = ${studentId} AND s."archivedAt" IS NULL
       AND ${guardedBySql(schoolId, userId)}`;
  return rows[0] ?? null;
}

/**
 * Before an account goes (erasure, or an admin deleting the parent): each child it is the first
 * guardian of and that has a second passes to the second, who becomes the first; where it was a
 * second guardian, it stops being one. Answers the children that passed and how many it left.
 */
export async function passChildrenToSecondGuardians(
  tx: Tx,
  schoolId: number,
  userId: number,
): Promise<{ passed: number[]; left: number }> {
  // Its children locked first, in id order (as a parent's deletion locks them), then their links
  // read afresh: an acceptance committed meanwhile is seen, and never erased with the child.
  await tx.$queryRaw`
    SELECT "id" FROM "Student"
     WHERE "schoolId" = ${schoolId} AND "parentId" = ${userId}
     ORDER BY "id" FOR UPDATE`;
  const links = await tx.$queryRaw<{ studentId: number; userId: number }[]>`
    SELECT g."studentId", g."userId"
      FROM "StudentGuardian" g
      JOIN "Student" s ON s."schoolId" = g."schoolId" AND s."id" = g."studentId"
     WHERE g."schoolId" = ${schoolId} AND s."schoolId" = ${schoolId} AND s."parentId" = ${userId}
     ORDER BY g."studentId"`;
  const passed: number[] = [];
  // Audited without an actor: the account that goes is erased from the trail too.
  for (const link of links) {
    if (await passChild(tx, schoolId, link.studentId, userId, link.userId, null)) {
      passed.push(link.studentId);
    }
  }
  // Where the account was the second guardian, it simply stops being one.
  const { count: left } = await tx.studentGuardian.deleteMany({ where: { schoolId, userId } });
  await tx.guardianInvitation.deleteMany({ where: { schoolId, invitedById: userId } });
  return { passed, left };
}

/**
 * The child (locked by the caller) passes from its first guardian to its second, who becomes the
 * first; the second place is free again. The counter spends from the first guardian's wallet, so
 * it is blocked for the child until its new first guardian unblocks it: nobody's wallet starts
 * paying at the till without them knowing. Audited.
 */
export async function passChild(
  tx: Tx,
  schoolId: number,
  studentId: number,
  fromUserId: number,
  toUserId: number,
  actor: { id: number } | null,
): Promise<boolean> {
  // The new first guardian's account before the link (the order its own deletion takes them: the
  // account, then its links), and still there: an account being erased meanwhile is waited for,
  // and the child then stays where it is (false) for the caller to remove as usual.
  const [to] = await tx.$queryRaw<{ id: number }[]>`
    SELECT "id" FROM "User"
     WHERE "schoolId" = ${schoolId} AND "id" = ${toUserId} AND "deletedAt" IS NULL
       FOR KEY SHARE`;
  const { count } = await tx.studentGuardian.deleteMany({
    where: { schoolId, studentId, userId: toUserId },
  });
  if (!to || count === 0) return false;
  await tx.student.update({
    where: { schoolId_id: { schoolId, id: studentId } },
    data: { parentId: toUserId, counterBlocked: true },
  });
  await audit(schoolId, tx, actor, {
    action: "guardian.pass",
    entity: "Student",
    entityId: studentId,
    details: { from: fromUserId, to: toUserId, counterBlocked: true },
  });
  return true;
}

export const LEFT_CHILD = "You are no longer a guardian of this student";
export const childStaysWith = (name: string) =>
  `You are no longer a guardian of this student: they stay with ${name}`;

/**
 * The second guardian leaves (or the first removes them), audited: the child stays with the
 * first, orders and all.
 */
export async function leaveChild(
  tx: Tx,
  schoolId: number,
  actor: { id: number },
  child: { id: number; secondId: number | null },
) {
  const leaving = child.secondId === actor.id;
  await audit(schoolId, tx, actor, {
    action: leaving ? "guardian.leave" : "guardian.remove",
    entity: "Student",
    entityId: child.id,
    details: { guardian: child.secondId },
  });
  await tx.studentGuardian.delete({
    where: { schoolId_studentId: { schoolId, studentId: child.id } },
  });
  return {
    id: child.id,
    message: leaving ? LEFT_CHILD : "The second guardian was removed",
  };
}
