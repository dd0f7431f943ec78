import "server-only";
import { forbidden, notFound } from "@/lib/api/errors";
import { audit } from "@/lib/audit/audit";
import { hashPassword } from "@/lib/security/password";
import { hasFeature, isSuperadmin } from "@/lib/contracts/permissions";
import { endAllSessions, type SessionUser } from "@/lib/auth/session";
import type { SchoolContext } from "@/lib/contracts/schools";
import { schoolDb } from "@/lib/db";
import { idKey } from "@/lib/schools/keys";
import { USER_NOT_FOUND } from "@/lib/users/admin-users";

// An admin sets another user's password (spec 001 §5, §6): the superadmin anyone's, another admin
// holding admins or parents_students only a non-admin's. The new password ends every session of
// that user and every unused temporary password, so whoever knew the old one is out.

export const PASSWORD_UPDATED = "Password updated successfully";
export const OTHER_ADMIN_PASSWORD = "Only the superadmin can change another admin's password";
export const OWN_PASSWORD = "Change your own password in your profile settings";

/** Whether this admin may open the Change Password dialog at all. */
export function mayChangePasswords(actor: SessionUser): boolean {
  return hasFeature(actor, "admins") || hasFeature(actor, "parents_students");
}

/** 403 unless the actor may set passwords; thrown before the body is read. */
export function assertMayChangePasswords(actor: SessionUser): void {
  if (!mayChangePasswords(actor)) throw forbidden();
}

export async function changeUserPassword(
  school: SchoolContext,
  actor: SessionUser,
  id: number | null,
  password: string,
): Promise<{ message: string }> {
  assertMayChangePasswords(actor);
  if (id === null) throw notFound(USER_NOT_FOUND);
  // Through this call the actor's own password would change without the current one.
  if (id === actor.id) throw forbidden(OWN_PASSWORD);
  const schoolId = school.id;
  const db = await schoolDb(schoolId);
  // A deleted account (issue 43) is gone for admins too; another school's account is unknown.
  const target = await db.user.findUnique({
    where: { ...idKey(schoolId, id), deletedAt: null },
    select: { id: true, username: true, role: true },
  });
  if (!target) throw notFound(USER_NOT_FOUND);
  if (target.role === "admin" && !isSuperadmin(actor)) throw forbidden(OTHER_ADMIN_PASSWORD);
  const passwordHash = await hashPassword(password);
  await db.$transaction(async (tx) => {
    await tx.user.update({ where: idKey(schoolId, target.id), data: { passwordHash } });
    const sessionsEnded = await tx.session.count({ where: { schoolId, userId: target.id } });
    await endAllSessions({ schoolId, id: target.id }, tx);
    await tx.temporaryPassword.updateMany({
      where: { schoolId, userId: target.id, usedAt: null },
      data: { usedAt: new Date() },
    });
    await audit(school, tx, actor, {
      action: "user.password",
      entity: "User",
      entityId: target.id,
      details: { username: target.username, role: target.role, sessionsEnded },
    });
  });
  return { message: PASSWORD_UPDATED };
}
