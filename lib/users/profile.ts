import "server-only";
import { conflict, unprocessable } from "@/lib/api/errors";
import { hashPassword, verifyPassword } from "@/lib/security/password";
import {
  endAllSessions,
  sessionUserSelect,
  startSession,
  toSessionUser,
  type SessionUser,
} from "@/lib/auth/session";
import { getDb } from "@/lib/db";
import { kickOutbox } from "@/lib/mail/outbox";
import { enqueueVerificationEmail } from "@/lib/users/accounts";

// The signed-in user's own account: Profile Settings and the one-way conversion to teacher.

export type ProfileChange = {
  name: string;
  email?: string | undefined;
  phone?: string | undefined;
  currentPassword?: string | undefined;
  newPassword?: string | undefined;
  orderReminders?: boolean | undefined;
};

/**
 * Saves name, e-mail and phone; with a new password, checks the current one, and then ends every
 * session of the account (other devices included) and starts a fresh one for this browser.
 */
export async function updateProfile(
  user: SessionUser,
  change: ProfileChange,
): Promise<SessionUser> {
  const db = await getDb();
  let passwordHash: string | undefined;
  if (change.newPassword) {
    const current = await db.user.findUniqueOrThrow({
      where: { id: user.id },
      select: { passwordHash: true },
    });
    if (
      !change.currentPassword ||
      !(await verifyPassword(current.passwordHash, change.currentPassword))
    ) {
      throw unprocessable("Current password is incorrect", {
        details: { currentPassword: ["Current password is incorrect"] },
      });
    }
    passwordHash = await hashPassword(change.newPassword);
  }
  const email = change.email ?? null;
  const emailChanged = email !== user.email;
  const updated = await db.$transaction(async (tx) => {
    const row = await tx.user.update({
      where: { id: user.id },
      data: {
        name: change.name,
        email,
        phone: change.phone ?? null,
        ...(emailChanged ? { emailVerifiedAt: null } : {}),
        ...(passwordHash ? { passwordHash } : {}),
        ...(change.orderReminders === undefined ? {} : { orderReminders: change.orderReminders }),
      },
      select: sessionUserSelect,
    });
    if (passwordHash) {
      await endAllSessions(user.id, tx);
      await startSession(row, tx);
    }
    if (emailChanged && row.email) await enqueueVerificationEmail(row, tx);
    return row;
  });
  kickOutbox();
  return toSessionUser(updated);
}

/**
 * One way: the account becomes a teacher account with its staff record (a student of grade
 * teacher). Every session of the account ends; the user signs in again.
 */
export async function convertToTeacher(user: SessionUser): Promise<void> {
  if (user.role === "teacher") throw conflict("This account is already a teacher account");
  if (user.role !== "parent") throw conflict("Only parent accounts can be converted");
  const db = await getDb();
  await db.$transaction(async (tx) => {
    // Conditional on the role, so two conversions at once make one staff record.
    const { count } = await tx.user.updateMany({
      where: { id: user.id, role: "parent" },
      data: { role: "teacher" },
    });
    if (count === 0) throw conflict("This account is already a teacher account");
    const hasStaffRecord = await tx.student.findFirst({
      where: { parentId: user.id, grade: "teacher" },
      select: { id: true },
    });
    if (!hasStaffRecord) {
      await tx.student.create({
        data: { name: user.name || user.username, grade: "teacher", parentId: user.id },
      });
    }
    await endAllSessions(user.id, tx);
  });
}
