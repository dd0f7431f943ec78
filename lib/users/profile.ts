import "server-only";
import { ApiError, conflict, unprocessable } from "@/lib/api/errors";
import { hashPassword, verifyPassword } from "@/lib/security/password";
import {
  endAllSessions,
  sessionUserSelect,
  startSession,
  toSessionUser,
  type SessionUser,
} from "@/lib/auth/session";
import type { SchoolContext } from "@/lib/contracts/schools";
import { schoolDb } from "@/lib/db";
import { SHOP_CONTACT_NAME } from "@/lib/brand";
import { idKey } from "@/lib/schools/keys";
import { enqueueEmail, type Email } from "@/lib/mail/outbox";
import { kickOutbox } from "@/lib/messaging/outbox";
import { getCommunicationSettings } from "@/lib/settings/settings";
import { claimConfirmationMail, enqueueVerificationEmail } from "@/lib/users/accounts";
import { restoredOnSwitch } from "@/lib/messaging/choices";
import { offeredChannels } from "@/lib/messaging/config";
import { recipientColumns } from "@/lib/messaging/notify";
import { phoneChange } from "@/lib/validations/phone";

// The signed-in user's own account: Profile Settings and the one-way conversion to teacher.

export type ProfileChange = {
  name: string;
  email?: string | undefined;
  phone?: string | undefined;
  currentPassword?: string | undefined;
  newPassword?: string | undefined;
  orderReminders?: boolean | undefined;
};

export const CURRENT_PASSWORD_INCORRECT = "Current password is incorrect";
export const TOO_MANY_CONFIRMATIONS =
  "Too many confirmation e-mails for this account or address. Please try again tomorrow.";

/**
 * Saves name, phone and order reminders. A new password or a new e-mail address needs the current
 * password (issue 43: a stolen session must not be able to point the password reset elsewhere).
 * A new password ends every session of the account (other devices included) and starts a fresh
 * one for this browser. A new address waits in `pendingEmail` until its link is opened, while the
 * old one keeps the mail and the resets and is told of the change; an account without an address
 * takes the first one at once, unconfirmed, as sign-up does; removing the address takes effect at
 * once and is told to the removed address.
 */
export async function updateProfile(
  school: SchoolContext,
  user: SessionUser,
  change: ProfileChange,
): Promise<SessionUser> {
  const schoolId = school.id;
  const db = await schoolDb(schoolId);
  const current = await db.user.findUniqueOrThrow({
    where: idKey(schoolId, user.id),
    // recipientColumns: the phone and the reminders' channels (issue 48), the address too.
    select: { passwordHash: true, pendingEmail: true, username: true, ...recipientColumns },
  });
  const email = change.email ?? null;
  const emailChanged = email !== current.email;
  let passwordHash: string | undefined;
  if (change.newPassword || emailChanged) {
    if (
      !change.currentPassword ||
      !(await verifyPassword(current.passwordHash, change.currentPassword))
    ) {
      throw unprocessable(CURRENT_PASSWORD_INCORRECT, {
        details: { currentPassword: [CURRENT_PASSWORD_INCORRECT] },
      });
    }
    if (change.newPassword) passwordHash = await hashPassword(change.newPassword);
  }
  const plan = emailPlan(current.email, email);
  if (plan.confirm) {
    const wait = await claimConfirmationMail(schoolId, user.id, plan.confirm);
    if (wait !== null) {
      throw new ApiError(
        429,
        TOO_MANY_CONFIRMATIONS,
        { retryAfter: wait },
        { "Retry-After": String(wait) },
      );
    }
  }
  const contact = plan.notify ? await schoolContact(school) : "";
  const phone = phoneChange(current, change.phone ?? null);
  // Reminders switched on while they would reach the parent on no channel: e-mail again (0110).
  const choice =
    change.orderReminders === true && !current.orderReminders
      ? restoredOnSwitch(current, "reminders", await offeredChannels(school))
      : null;
  const updated = await db.$transaction(async (tx) => {
    const row = await tx.user.update({
      where: idKey(schoolId, user.id),
      data: {
        name: change.name,
        ...phone,
        ...(choice ? { notificationChannels: choice } : {}),
        ...plan.data,
        ...(passwordHash ? { passwordHash } : {}),
        ...(change.orderReminders === undefined ? {} : { orderReminders: change.orderReminders }),
      },
      select: sessionUserSelect,
    });
    if (passwordHash) {
      await endAllSessions({ schoolId, id: user.id }, tx);
      await startSession(schoolId, row, tx);
    }
    if (plan.confirm) {
      await enqueueVerificationEmail(school, { id: user.id, email: plan.confirm }, tx);
    }
    if (plan.notify) {
      await enqueueEmail(
        emailChangeNotice({
          id: user.id,
          username: current.username,
          to: plan.notify,
          next: email,
          contact,
        }),
        tx,
      );
    }
    return row;
  });
  kickOutbox(school.id);
  return toSessionUser(updated);
}

type EmailPlan = {
  /** The columns to write. */
  data: { email?: string | null; pendingEmail?: string | null; emailVerifiedAt?: null };
  /** The address that gets a confirmation link. */
  confirm: string | null;
  /** The old address, told of the change. */
  notify: string | null;
};

/** What a change from `before` to `after` does to the account's addresses. */
function emailPlan(before: string | null, after: string | null): EmailPlan {
  if (after === before) return { data: {}, confirm: null, notify: null };
  if (after === null) {
    // Removed: nothing left to confirm, and a pending address goes too.
    return {
      data: { email: null, pendingEmail: null, emailVerifiedAt: null },
      confirm: null,
      notify: before,
    };
  }
  if (before === null) {
    // The first address: nothing to keep it from, so it is the account's at once, as at sign-up.
    return {
      data: { email: after, pendingEmail: null, emailVerifiedAt: null },
      confirm: after,
      notify: null,
    };
  }
  return { data: { pendingEmail: after }, confirm: after, notify: before };
}

/** How the old address reaches the school: the support address if the school set one. */
async function schoolContact(school: SchoolContext): Promise<string> {
  const support = (await getCommunicationSettings(school)).supportEmail.trim();
  return support ? `write to ${support}` : `contact ${SHOP_CONTACT_NAME} at ${school.name}`;
}

/**
 * To the account's old address when its address is changed or removed. No name: only the
 * username, which the school gave or the holder chose, and the new address, so the holder can tell
 * whose it is.
 */
function emailChangeNotice(notice: {
  id: number;
  username: string;
  to: string;
  next: string | null;
  contact: string;
}): Email {
  const what = notice.next
    ? `Someone signed in to the account "${notice.username}" asked, with its password, to change ` +
      `its e-mail address to ${notice.next}.\n\nThe new address is used only once the link sent ` +
      `to it is opened; until then order mail and password resets keep coming here.`
    : `The e-mail address of the account "${notice.username}" was removed, with its password. ` +
      `Order mail and password resets are no longer sent to this address.`;
  return {
    userId: notice.id,
    to: notice.to,
    subject: notice.next
      ? "Your e-mail address is being changed"
      : "Your e-mail address was removed",
    text:
      `Hello,\n\n${what}\n\n` +
      `If this was you, there is nothing to do. If it was not, change your password in View ` +
      `Profile at once and ${notice.contact}.\n`,
  };
}

/**
 * One way: the account becomes a teacher account with its staff record (a student of grade
 * teacher). Every session of the account ends; the user signs in again.
 */
export async function convertToTeacher(school: SchoolContext, user: SessionUser): Promise<void> {
  if (user.role === "teacher") throw conflict("This account is already a teacher account");
  if (user.role !== "parent") throw conflict("Only parent accounts can be converted");
  const schoolId = school.id;
  const db = await schoolDb(schoolId);
  await db.$transaction(async (tx) => {
    // Conditional on the role, so two conversions at once make one staff record.
    const { count } = await tx.user.updateMany({
      where: { schoolId, id: user.id, role: "parent" },
      data: { role: "teacher" },
    });
    if (count === 0) throw conflict("This account is already a teacher account");
    const hasStaffRecord = await tx.student.findFirst({
      where: { schoolId, parentId: user.id, grade: "teacher" },
      select: { id: true },
    });
    if (!hasStaffRecord) {
      await tx.student.create({
        data: {
          schoolId,
          name: user.name || user.username,
          grade: "teacher",
          parentId: user.id,
        },
      });
    }
    await endAllSessions({ schoolId, id: user.id }, tx);
  });
}
