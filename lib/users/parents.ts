import "server-only";
import { conflict, notFound } from "@/lib/api/errors";
import { pageMetadata } from "@/lib/contracts/paging";
import { isUniqueViolation } from "@/lib/api/prisma-errors";
import { audit } from "@/lib/audit/audit";
import { hashPassword } from "@/lib/security/password";
import { endAllSessions, type SessionUser } from "@/lib/auth/session";
import {
  PARENT_NOT_FOUND,
  type DeletedAnswer,
  type ParentDto,
  type ParentsPage,
} from "@/lib/contracts/people";
import type { SchoolContext } from "@/lib/contracts/schools";
import { schoolDb, type Tx } from "@/lib/db";
import type { Prisma } from "@/lib/generated/prisma/client";
import { kickOutbox } from "@/lib/messaging/outbox";
import { idKey } from "@/lib/schools/keys";
import { studentSelect } from "@/lib/students/students";
import { enqueueVerificationEmail } from "@/lib/users/accounts";
import { USERNAME_TAKEN } from "@/lib/users/admin-users";
import { phoneChange } from "@/lib/validations/phone";
import { passChildrenToSecondGuardians } from "@/lib/students/guardianship";
import { normalizeUsername, usernameKey } from "@/lib/validations/username";
import type { NewParentValues, ParentChangeValues, ParentsQuery } from "@/lib/validations/people";

// Parents & Students (spec 001 §2, §6 feature parents_students): the paged, searchable list of
// parents with their students, and creating, editing and deleting a parent. A parent with orders
// is deleted only when the admin confirms a forced delete, which removes everything of theirs in
// one transaction.

export const PARENTS_PAGE_SIZE = 50;

const parentSelect = {
  id: true,
  username: true,
  name: true,
  email: true,
  phone: true,
  students: {
    where: { archivedAt: null },
    select: studentSelect,
    orderBy: [{ name: "asc" }, { id: "asc" }],
  },
} as const satisfies Prisma.UserSelect;

/** Parents by username, 50 a page; a search matches the username or a current student's name. */
export async function listParents(
  school: SchoolContext,
  query: ParentsQuery,
): Promise<ParentsPage> {
  const db = await schoolDb(school.id);
  // A deleted account (issue 43) is gone from the console; its orders stay in the books.
  // `role`: parents (the spec's list, the default) or teachers (issue 44), managed alike.
  const where: Prisma.UserWhereInput = { schoolId: school.id, role: query.role, deletedAt: null };
  if (query.search) {
    // Prisma passes `contains` to ILIKE as is: LIKE's wildcards must be searched for as text.
    const text = query.search.replace(/[\\%_]/g, (c) => `\\${c}`);
    where.OR = [
      { username: { contains: text, mode: "insensitive" } },
      {
        students: {
          some: { archivedAt: null, name: { contains: text, mode: "insensitive" } },
        },
      },
    ];
  }
  const [total, rows] = await Promise.all([
    db.user.count({ where }),
    db.user.findMany({
      where,
      select: parentSelect,
      orderBy: [{ usernameKey: "asc" }, { id: "asc" }],
      skip: (query.page - 1) * PARENTS_PAGE_SIZE,
      take: PARENTS_PAGE_SIZE,
    }),
  ]);
  return { data: rows, metadata: pageMetadata(total, query.page, PARENTS_PAGE_SIZE) };
}

/** A blank full name shows as the username (every account has a display name). */
const displayName = (name: string, username: string) => name || username;

/** Creates a parent account (e-mail unverified: a confirmation link is sent when one is given). */
export async function createParent(
  school: SchoolContext,
  actor: SessionUser,
  input: NewParentValues,
): Promise<ParentDto> {
  const schoolId = school.id;
  const db = await schoolDb(schoolId);
  const username = normalizeUsername(input.username);
  const key = usernameKey(username);
  const taken = await db.user.findUnique({
    where: { schoolId_usernameKey: { schoolId, usernameKey: key } },
    select: { id: true },
  });
  if (taken) throw conflict(USERNAME_TAKEN);
  const passwordHash = await hashPassword(input.password);
  try {
    const row = await db.$transaction(async (tx) => {
      const created = await tx.user.create({
        data: {
          schoolId,
          username,
          usernameKey: key,
          passwordHash,
          name: displayName(input.name, username),
          email: input.email || null,
          phone: input.phone || null,
          role: "parent",
        },
        select: parentSelect,
      });
      await enqueueVerificationEmail(school, created, tx);
      await audit(school, tx, actor, {
        action: "parent.create",
        entity: "User",
        entityId: created.id,
        after: profileOf(created),
      });
      return created;
    });
    kickOutbox(school.id);
    return row;
  } catch (error) {
    if (isUniqueViolation(error)) throw conflict(USERNAME_TAKEN);
    throw error;
  }
}

function profileOf(row: {
  username: string;
  name: string;
  email: string | null;
  phone: string | null;
}) {
  return { username: row.username, name: row.name, email: row.email, phone: row.phone };
}

/**
 * Locks a parent's row (and so holds back an order or payment being placed for them). `teachers`:
 * a teacher's too (issue 44: the office edits a teacher's account, and resets its password, as a
 * parent's; deleting one stays a parent's only).
 */
async function lockParent(tx: Tx, schoolId: number, id: number | null, teachers = false) {
  if (id === null) throw notFound(PARENT_NOT_FOUND);
  const roles = teachers ? ["parent", "teacher"] : ["parent"];
  const rows = await tx.$queryRaw<{ id: number; username: string }[]>`
    SELECT "id", "username" FROM "User"
    WHERE "schoolId" = ${schoolId} AND "id" = ${id} AND "role"::text = ANY(${roles}) AND "deletedAt" IS NULL FOR UPDATE`;
  const row = rows[0];
  if (!row) throw notFound(PARENT_NOT_FOUND);
  return row;
}

/**
 * Updates a parent's details. A new username must stay unique regardless of case (409); a new
 * e-mail becomes unverified; a new password ends every session of the parent.
 */
export async function updateParent(
  school: SchoolContext,
  actor: SessionUser,
  id: number | null,
  input: ParentChangeValues,
): Promise<ParentDto> {
  const schoolId = school.id;
  const db = await schoolDb(schoolId);
  const username = normalizeUsername(input.username);
  const key = usernameKey(username);
  const passwordHash = input.password ? await hashPassword(input.password) : undefined;
  let emailChanged = false;
  try {
    const row = await db.$transaction(async (tx) => {
      const locked = await lockParent(tx, schoolId, id, true);
      const before = await tx.user.findUniqueOrThrow({
        where: idKey(schoolId, locked.id),
        select: { username: true, usernameKey: true, name: true, email: true, phone: true },
      });
      if (key !== before.usernameKey) {
        const taken = await tx.user.findUnique({
          where: { schoolId_usernameKey: { schoolId, usernameKey: key } },
          select: { id: true },
        });
        if (taken) throw conflict(USERNAME_TAKEN);
      }
      const email = input.email || null;
      emailChanged = email !== before.email;
      const updated = await tx.user.update({
        where: idKey(schoolId, locked.id),
        data: {
          username,
          usernameKey: key,
          name: displayName(input.name, username),
          email,
          // A new number is no longer proven (issue 48): the parent verifies it again.
          ...phoneChange(before, input.phone || null),
          // The school's change wins over a link the parent may open later (issue 43).
          ...(emailChanged ? { emailVerifiedAt: null, pendingEmail: null } : {}),
          ...(passwordHash ? { passwordHash } : {}),
        },
        select: parentSelect,
      });
      if (passwordHash) {
        await endAllSessions({ schoolId, id: locked.id }, tx);
        await tx.temporaryPassword.updateMany({
          where: { schoolId, userId: locked.id, usedAt: null },
          data: { usedAt: new Date() },
        });
      }
      if (emailChanged) await enqueueVerificationEmail(school, updated, tx);
      await audit(school, tx, actor, {
        action: "parent.update",
        entity: "User",
        entityId: locked.id,
        before: profileOf(before),
        after: profileOf(updated),
        details: { passwordChanged: passwordHash !== undefined },
      });
      return updated;
    });
    if (emailChanged) kickOutbox(school.id);
    return row;
  } catch (error) {
    if (isUniqueViolation(error)) throw conflict(USERNAME_TAKEN);
    throw error;
  }
}

export const PARENT_HAS_PENDING_WITHDRAWAL =
  "This parent has a withdrawal waiting to be paid. Pay it out or decline it in Refund Management first.";

export const PARENT_HAS_PENDING_CARD_REFUND =
  "This parent has a card refund waiting for DPO. Retry it in Refund Management first.";

const ordersOfParent = (id: number): Prisma.OrderWhereInput => ({
  OR: [{ userId: id }, { student: { is: { parentId: id } } }],
});

/**
 * Deletes a parent. With orders (theirs or their students'), refused with 409 { canForce,
 * orderCount } unless `force`; forced, the parent, their students, orders, payment attempts,
 * discount codes, sessions and temporary passwords go in one transaction. The parent's and the
 * students' rows are locked first, so no order slips in between the count and the deletion.
 */
export async function deleteParent(
  school: SchoolContext,
  actor: SessionUser,
  id: number | null,
  force: boolean,
): Promise<DeletedAnswer> {
  const schoolId = school.id;
  const db = await schoolDb(schoolId);
  const forced = await db.$transaction(async (tx) => {
    const parent = await lockParent(tx, schoolId, id);
    await tx.$queryRaw`
      SELECT "id" FROM "Student"
      WHERE "schoolId" = ${schoolId} AND "parentId" = ${parent.id} FOR UPDATE`;
    // Issue 47: money the school still owes the family is paid out or declined first, even forced.
    const owed = await tx.withdrawal.count({
      where: { schoolId, userId: parent.id, status: "pending" },
    });
    if (owed > 0) throw conflict(PARENT_HAS_PENDING_WITHDRAWAL, { pendingWithdrawals: owed });
    // Issue 49: a card refund DPO has not confirmed is money still owed (or still moving).
    const refunding = await tx.cardRefund.count({
      where: { schoolId, userId: parent.id, status: "pending" },
    });
    if (refunding > 0) {
      throw conflict(PARENT_HAS_PENDING_CARD_REFUND, { pendingCardRefunds: refunding });
    }
    // Issue 49: a child with a second guardian stays, with the second as its first guardian
    // (rolled back with everything else when the deletion is refused below).
    await passChildrenToSecondGuardians(tx, schoolId, parent.id);
    const orderCount = await tx.order.count({ where: ordersOfParent(parent.id) });
    if (orderCount > 0 && !force) {
      throw conflict(
        `This parent has ${orderCount} ${orderCount === 1 ? "order" : "orders"}. ` +
          "Deleting the parent also deletes their students, orders and payment records.",
        { canForce: true, orderCount },
      );
    }
    await releaseReferences(tx, schoolId, parent.id);
    const orders = await tx.order.deleteMany({ where: { schoolId, ...ordersOfParent(parent.id) } });
    const paymentAttempts = await tx.paymentAttempt.deleteMany({
      where: { schoolId, userId: parent.id },
    });
    const discountCodes = await tx.discountCode.deleteMany({
      where: { schoolId, userId: parent.id },
    });
    const students = await tx.student.deleteMany({ where: { schoolId, parentId: parent.id } });
    const sessions = await tx.session.deleteMany({ where: { schoolId, userId: parent.id } });
    await tx.temporaryPassword.deleteMany({ where: { schoolId, userId: parent.id } });
    await tx.user.delete({ where: idKey(schoolId, parent.id) });
    await audit(school, tx, actor, {
      action: force && orderCount > 0 ? "parent.force-delete" : "parent.delete",
      entity: "User",
      entityId: parent.id,
      before: { username: parent.username },
      details: {
        students: students.count,
        orders: orders.count,
        paymentAttempts: paymentAttempts.count,
        discountCodes: discountCodes.count,
        sessions: sessions.count,
      },
    });
    return orderCount > 0;
  });
  return {
    message: forced
      ? "Parent, students, orders, and all associated data deleted successfully"
      : "Parent deleted successfully",
  };
}

/**
 * The optional references to a parent, to their orders and to their payment attempts are Restrict
 * since issue 45 (a composite SetNull would null the school too): they are nulled here, as the
 * database used to, before the rows they point at are deleted. Messages, audit rows, credit
 * movements and refunds stay in the school's books without the account.
 */
async function releaseReferences(tx: Tx, schoolId: number, userId: number): Promise<void> {
  const theirOrders = { schoolId, ...ordersOfParent(userId) };
  const theirAttempts = { schoolId, userId };
  await tx.contactMessage.updateMany({ where: { schoolId, userId }, data: { userId: null } });
  await tx.contactMessage.updateMany({
    where: { schoolId, handledById: userId },
    data: { handledById: null },
  });
  await tx.auditLog.updateMany({ where: { schoolId, actorId: userId }, data: { actorId: null } });
  await tx.creditEntry.updateMany({
    where: { schoolId, adminId: userId },
    data: { adminId: null },
  });
  await tx.orderRefund.updateMany({
    where: { schoolId, adminId: userId },
    data: { adminId: null },
  });
  await tx.creditEntry.updateMany({
    where: { schoolId, order: theirOrders },
    data: { orderId: null },
  });
  await tx.creditEntry.updateMany({
    where: { schoolId, paymentAttempt: theirAttempts },
    data: { paymentAttemptId: null },
  });
  await tx.order.updateMany({
    where: { schoolId, paymentAttempt: theirAttempts },
    data: { paymentAttemptId: null },
  });
  // Their card refunds (all refunded: a pending one refuses the deletion) go with their payments.
  await tx.cardRefund.deleteMany({
    where: {
      schoolId,
      OR: [{ userId }, { order: theirOrders }, { paymentAttempt: theirAttempts }],
    },
  });
}
