import "server-only";
import { conflict } from "@/lib/api/errors";
import { audit } from "@/lib/audit/audit";
import type { SessionUser } from "@/lib/auth/session";
import {
  ACCOUNT_DELETED,
  DELETED_ACCOUNT,
  ERASED_BODY,
  ERASED_RECIPIENT,
  type AccountDeletedDto,
} from "@/lib/contracts/privacy";
import type { SchoolContext } from "@/lib/contracts/schools";
import { schoolDb, type Tx } from "@/lib/db";
import { Prisma } from "@/lib/generated/prisma/client";
import { enqueueEmail } from "@/lib/mail/outbox";
import { kickOutbox } from "@/lib/messaging/outbox";
import { balanceOf } from "@/lib/credit/ledger";
import { fromNgwee } from "@/lib/money";
import { accountBlockers } from "@/lib/privacy/account-blockers";
import { eraseWithdrawals } from "@/lib/privacy/erase-withdrawals";
import { redactText, scrubJson, scrubText } from "@/lib/privacy/scrub";
import { schoolToday } from "@/lib/school-calendar";
import { idKey } from "@/lib/schools/keys";
import { CARE_ACTION } from "@/lib/students/care-history";
import { passChildrenToSecondGuardians } from "@/lib/students/guardianship";
import { confirmOwnPassword } from "@/lib/users/sign-in";

// Delete my account (issue 26). Refused while a meal or money is still owed either way (live orders
// to be served, a payment in progress, a credit balance: the family withdraws it first, issue 47,
// and a withdrawal still pending is paid after the erasure, decision 0103). Otherwise one transaction erases every
// personal value of the account and its children, wherever it was copied (orders' comments, the
// carts kept on payment attempts, the audit trail's details, contact messages, mail), deletes
// what only served the person (sessions, reset passwords, discount codes, reminder claims), and
// keeps the orders and payments for the school's books under "Deleted account". The key the
// account is stored under has a space, which no username may have, so the name is free again.
// Many schools (issue 45): everything is read and written through the school's scoped
// transaction, the blockers' "today" is the school's, and the farewell names the school.

/** Usernames never contain spaces: no one can register an erased account's key. */
const erasedKey = (id: number) => `deleted account ${id}`;

/** The farewell's line for children who had another guardian: they were not erased. */
const SHARED_CHILDREN =
  " A child who also has another guardian stays on that guardian's account, with their details.";

export async function deleteAccount(
  school: SchoolContext,
  actor: SessionUser,
  password: string,
  address: string,
): Promise<AccountDeletedDto> {
  await confirmOwnPassword(school.id, actor, password, address);
  const db = await schoolDb(school.id);
  await db.$transaction(async (tx) => {
    // The account's row is locked first: a checkout that started meanwhile either finished
    // (and is seen below) or waits and then finds the account gone.
    await tx.$queryRaw`
      SELECT "id" FROM "User" WHERE "schoolId" = ${school.id} AND "id" = ${actor.id} FOR UPDATE`;
    const blockers = await accountBlockers(tx, school.id, actor.id, schoolToday(school.timeZone));
    if (blockers.length > 0) {
      const balance = await balanceOf(tx, school.id, actor.id);
      throw conflict(
        `Your account cannot be deleted yet: it has ${blockers.join(", ")}. ` +
          "Cancel the orders, wait for the payment to finish, and withdraw the credit (or use it) " +
          "first.",
        // Issue 47: the credit is not a dead end: the screen offers to withdraw it all.
        { blockers, ...(balance > 0 ? { withdrawable: fromNgwee(balance) } : {}) },
      );
    }
    await eraseAccount(tx, school, actor);
  });
  kickOutbox(school.id);
  return { message: ACCOUNT_DELETED };
}

async function eraseAccount(tx: Tx, school: SchoolContext, actor: SessionUser): Promise<void> {
  const id = actor.id;
  const schoolId = school.id;
  const user = await tx.user.findUniqueOrThrow({
    where: idKey(schoolId, id),
    select: { username: true, name: true, email: true, pendingEmail: true, phone: true },
  });
  // Issue 49: a child with a second guardian is not erased: it passes to the second guardian.
  const shared = await passChildrenToSecondGuardians(tx, schoolId, id);
  const children = await tx.student.findMany({
    where: { schoolId, parentId: id },
    select: { id: true, name: true, dietaryNotes: true },
  });
  const erased = [
    user.username,
    user.name,
    user.email,
    user.pendingEmail,
    user.phone,
    ...children.flatMap((child) => [child.name, child.dietaryNotes]),
  ].filter((value): value is string => !!value && value.trim().length >= 2);
  const scrub = (value: Prisma.JsonValue) => scrubJson(value, erased, DELETED_ACCOUNT);

  if (user.email) {
    // Sent before the address is erased; once delivered, its body and recipient go too.
    await enqueueEmail(
      {
        erasure: "farewell",
        userId: id,
        to: user.email,
        subject: "Your account has been deleted",
        text:
          `Hello,\n\nYour account at ${school.name} has been deleted, as you asked. Your name, ` +
          `your children's names, allergies and notes, your e-mail address and phone number ` +
          `have been erased.${shared.passed.length + shared.left > 0 ? SHARED_CHILDREN : ""}\n\nThe school keeps the record of past orders and payments for ` +
          `its accounts, without your names. You can sign up again at any time.\n`,
      },
      tx,
    );
  }
  await eraseMail(tx, schoolId, id, user.username, [user.email, user.pendingEmail], erased);
  await tx.user.update({
    where: idKey(schoolId, id),
    data: {
      username: DELETED_ACCOUNT,
      usernameKey: erasedKey(id),
      name: DELETED_ACCOUNT,
      email: null,
      pendingEmail: null,
      phone: null,
      emailVerifiedAt: null,
      // Issue 48: no proven phone and no codes that name a number are left.
      phoneVerifiedAt: null,
      // Not a hash of anything: no password verifies against it.
      passwordHash: "!",
      allowedFeatures: [],
      orderReminders: false,
      deletedAt: new Date(),
    },
  });
  await tx.phoneVerification.deleteMany({ where: { schoolId, userId: id } });
  await tx.student.updateMany({
    where: { schoolId, parentId: id },
    data: {
      name: DELETED_ACCOUNT,
      allergies: [],
      dietaryNotes: null,
      className: null,
      allergyConsentAt: null,
    },
  });
  await tx.student.updateMany({
    where: { schoolId, parentId: id, archivedAt: null },
    data: { archivedAt: new Date() },
  });
  await tx.order.updateMany({ where: { schoolId, userId: id }, data: { comments: null } });
  const attempts = await tx.paymentAttempt.findMany({
    where: { schoolId, userId: id },
    select: { id: true, cartItems: true, errorDetails: true, transactionRef: true },
  });
  for (const attempt of attempts) {
    await tx.paymentAttempt.update({
      where: idKey(schoolId, attempt.id),
      data: {
        cartItems: scrub(attempt.cartItems) as Prisma.InputJsonValue,
        mobileNumber: null,
        errorDetails:
          attempt.errorDetails && scrubText(attempt.errorDetails, erased, DELETED_ACCOUNT),
      },
    });
  }
  // Free text the office wrote about the family's money (a credit's reason, a refund's note).
  const entries = await tx.creditEntry.findMany({
    where: { schoolId, userId: id, reason: { not: null } },
    select: { id: true, reason: true },
  });
  for (const entry of entries) {
    const reason = scrubText(entry.reason!, erased, DELETED_ACCOUNT);
    if (reason !== entry.reason) {
      await tx.creditEntry.update({ where: idKey(schoolId, entry.id), data: { reason } });
    }
  }
  const refunds = await tx.orderRefund.findMany({
    where: { schoolId, order: { userId: id } },
    select: { id: true, reference: true, note: true },
  });
  for (const refund of refunds) {
    await tx.orderRefund.update({
      where: idKey(schoolId, refund.id),
      data: {
        reference: refund.reference && scrubText(refund.reference, erased, DELETED_ACCOUNT),
        note: refund.note && scrubText(refund.note, erased, DELETED_ACCOUNT),
      },
    });
  }
  const withdrawals = await eraseWithdrawals(tx, schoolId, id, erased);
  await tx.sandboxTransaction.updateMany({
    where: { schoolId, companyRef: { in: attempts.map((attempt) => attempt.transactionRef) } },
    data: { customer: null, mobileNumber: null },
  });
  await tx.contactMessage.updateMany({
    where: { schoolId, userId: id },
    data: { name: DELETED_ACCOUNT, email: ERASED_RECIPIENT, text: ERASED_BODY },
  });
  const ids = async (rows: Promise<{ id: number }[]>) => (await rows).map((row) => String(row.id));
  const about = {
    User: [String(id)],
    Student: children.map((child) => String(child.id)),
    Order: await ids(tx.order.findMany({ where: { schoolId, userId: id }, select: { id: true } })),
    PaymentAttempt: attempts.map((attempt) => String(attempt.id)),
    Withdrawal: withdrawals,
    DiscountCode: await ids(
      tx.discountCode.findMany({ where: { schoolId, userId: id }, select: { id: true } }),
    ),
    ContactMessage: await ids(
      tx.contactMessage.findMany({ where: { schoolId, userId: id }, select: { id: true } }),
    ),
  };
  const trail = await tx.auditLog.findMany({
    where: {
      schoolId,
      OR: [
        { actorId: id },
        ...Object.entries(about).map(([entity, entityIds]) => ({
          entity,
          entityId: { in: entityIds },
        })),
      ],
    },
    select: { id: true, details: true },
  });
  for (const entry of trail) {
    const details = scrub(entry.details);
    if (JSON.stringify(details) !== JSON.stringify(entry.details)) {
      await tx.auditLog.update({
        where: idKey(schoolId, entry.id),
        data: { details: details as Prisma.InputJsonValue },
      });
    }
  }
  // Issue 49: which allergens an erased child had, and when they changed, goes with the child.
  await tx.auditLog.updateMany({
    where: { schoolId, action: CARE_ACTION, entity: "Student", entityId: { in: about.Student } },
    data: { details: {} },
  });
  await tx.session.deleteMany({ where: { schoolId, userId: id } });
  await tx.temporaryPassword.deleteMany({ where: { schoolId, userId: id } });
  await tx.discountCode.deleteMany({ where: { schoolId, userId: id } });
  await tx.orderReminder.deleteMany({ where: { schoolId, userId: id } });
  await audit(schoolId, tx, actor, {
    action: "account.delete",
    entity: "User",
    entityId: id,
    details: { children: children.length, ordersKept: about.Order.length },
  });
}

/**
 * Every message written about the account (issue 43), whatever address it went to (the Contact
 * Us copy to the school's support address too), and, from before messages named their account,
 * what went to its current or pending address and its Contact Us copies (by their subject):
 * recipient and body erased, the subject without the account's names. What was not sent yet never will be. The farewell just queued is kept.
 */
async function eraseMail(
  tx: Tx,
  schoolId: number,
  userId: number,
  username: string,
  addresses: (string | null)[],
  erased: readonly string[],
): Promise<void> {
  const known = addresses.filter((address): address is string => !!address);
  const messages = await tx.emailOutbox.findMany({
    where: {
      schoolId,
      erasure: { not: "farewell" },
      OR: [
        { userId },
        // Written before messages named their account: the Contact Us copy by its subject.
        { userId: null, subject: `Portal message from ${username}` },
        ...known.map((address) => ({ to: { equals: address, mode: "insensitive" as const } })),
      ],
    },
    select: { id: true, subject: true, status: true },
  });
  const now = new Date();
  for (const message of messages) {
    await tx.emailOutbox.update({
      where: idKey(schoolId, message.id),
      data: {
        to: ERASED_RECIPIENT,
        subject: redactText(message.subject, erased, DELETED_ACCOUNT),
        text: ERASED_BODY,
        // A WhatsApp message's template parameters carry the same names as its text (issue 48).
        template: Prisma.DbNull,
        erasedAt: now,
        ...(message.status === "pending"
          ? { status: "failed", lockedUntil: null, lastError: "Account deleted; erased unsent" }
          : {}),
      },
    });
  }
}
