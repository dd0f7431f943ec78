import "server-only";
import type { Tx } from "@/lib/db";

// Issue 49: a child has one or two guardians. Student.parentId is the first (who added the child,
// or the first on the school roll to claim it); StudentGuardian holds the second, one row per
// child. Both see and order for the child; the database's one-live-order-per-child-per-day index
// holds across both; each pays for their own orders.

export type GuardianLink = "second" | "already" | "full" | "gone";

/**
 * Makes `userId` a guardian of the child, inside the caller's transaction (the child's row is
 * locked, so two links racing for the one second place cannot both win): "already" when the
 * account is a guardian of it, "full" when the child has two others, "gone" when the child was
 * removed meanwhile. Never moves the first.
 */
export async function linkGuardian(
  tx: Tx,
  schoolId: number,
  studentId: number,
  userId: number,
): Promise<GuardianLink> {
  // The child's row first, alone: a link racing for the one second place waits here, and the
  // second guardian is then read by a new statement, which sees the winner's row once it commits
  // (one statement with the join would read it from a snapshot taken before the wait).
  const [child] = await tx.$queryRaw<{ parentId: number }[]>`
    SELECT "parentId" FROM "Student"
     WHERE "schoolId" = ${schoolId} AND "id" = ${studentId} AND "archivedAt" IS NULL
       FOR NO KEY UPDATE`;
  // Removed (or archived) while the caller waited for it: nobody is linked to it.
  if (!child) return "gone";
  const second = await tx.studentGuardian.findUnique({
    where: { schoolId_studentId: { schoolId, studentId } },
    select: { userId: true },
  });
  const row = { parentId: child.parentId, second: second?.userId ?? null };
  if (row.parentId === userId || row.second === userId) return "already";
  if (row.second !== null) return "full";
  await tx.studentGuardian.create({ data: { schoolId, studentId, userId } });
  return "second";
}
