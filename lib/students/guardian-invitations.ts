import "server-only";
import { createHash, randomBytes } from "node:crypto";
import { ApiError, conflict, forbidden, notFound, tooManyRequests } from "@/lib/api/errors";
import { audit } from "@/lib/audit/audit";
import type { SessionUser } from "@/lib/auth/session";
import { STAFF_GRADE } from "@/lib/contracts";
import {
  ALREADY_GUARDIAN,
  GUARDIANS_FULL,
  INVITATION_DAYS,
  INVITATION_EXPIRED,
  INVITATION_NOT_VALID,
  INVITATION_USED,
  INVITATION_WITHDRAWN,
  INVITATION_WRONG_EMAIL,
  type InvitationAcceptedDto,
  type InvitationPreviewDto,
  type InvitationSentDto,
  type InvitationStatus,
} from "@/lib/contracts/guardians";
import type { SchoolContext } from "@/lib/contracts/schools";
import { schoolDb, type Tx } from "@/lib/db";
import { enqueueEmail } from "@/lib/mail/outbox";
import { kickOutbox } from "@/lib/messaging/outbox";
import { blockedFor, hit, type Limit } from "@/lib/rate-limit";
import { idKey } from "@/lib/schools/keys";
import { linkGuardian } from "@/lib/students/guardians";
import { guardedBy, lockGuardedStudent } from "@/lib/students/guardianship";

// Issue 49 (decision 0119): a guardian invites the child's second guardian by e-mail. The link
// carries 32 random bytes; only their SHA-256 is stored, so the table alone opens nothing. A link
// works once, for seven days, at the school it was sent from, for the account whose e-mail address
// it was sent to (the link is the secret; the address keeps a forwarded mail from adding a
// stranger). A newer invitation for the child replaces the older; the inviter can withdraw it.

const DAY_SECONDS = 24 * 60 * 60;
/** Invitations one account may send in a day, and one child may get (a typo is corrected). */
const INVITE_LIMITS = { perAccount: 10, perChild: 5 } as const;

export const hashInvitationToken = (token: string) =>
  createHash("sha256").update(token, "utf8").digest("hex");

const firstName = (name: string) => name.trim().split(/\s+/)[0] ?? name;

function inviteLimits(userId: number, studentId: number): Limit[] {
  return [
    {
      key: `guardian-invite:account:${userId}`,
      max: INVITE_LIMITS.perAccount,
      windowSeconds: DAY_SECONDS,
    },
    {
      key: `guardian-invite:child:${studentId}`,
      max: INVITE_LIMITS.perChild,
      windowSeconds: DAY_SECONDS,
    },
  ];
}

async function claimInvite(schoolId: number, userId: number, studentId: number) {
  const limits = inviteLimits(userId, studentId);
  const wait = await blockedFor(schoolId, limits);
  if (wait !== null) throw tooManyRequests(wait);
  const counts = await Promise.all(limits.map((limit) => hit(schoolId, limit)));
  const over = counts.filter((row, i) => row.count > limits[i]!.max).map((r) => r.retryAfter);
  if (over.length > 0) throw tooManyRequests(Math.max(...over));
}

/** A student id from the address, or null when it cannot be one. */
export function parseStudentId(value: string): number | null {
  if (!/^[1-9]\d{0,9}$/.test(value)) return null;
  const id = Number(value);
  return id <= 2_147_483_647 ? id : null;
}

/** The child of the caller's for a guardian change, locked: 404 when not theirs, 403 for staff. */
export async function lockChildForGuardians(
  tx: Tx,
  schoolId: number,
  actor: SessionUser,
  id: string,
) {
  const studentId = parseStudentId(id);
  const row =
    studentId === null ? null : await lockGuardedStudent(tx, schoolId, actor.id, studentId);
  if (!row) throw notFound("Student not found");
  if (row.grade === STAFF_GRADE) throw forbidden("The staff account cannot have guardians");
  return row;
}

/** Closes the child's open invitations (a newer one replaces them, or the inviter withdraws). */
async function closeOpen(tx: Tx, schoolId: number, studentId: number, outcome: string) {
  return tx.guardianInvitation.updateMany({
    where: { schoolId, studentId, closedAt: null },
    data: { closedAt: new Date(), outcome },
  });
}

/** POST /api/students/{id}/guardians/invitations: the e-mail with the one-time link. */
export async function inviteGuardian(
  school: SchoolContext,
  actor: SessionUser,
  id: string,
  email: string,
): Promise<InvitationSentDto> {
  const schoolId = school.id;
  const db = await schoolDb(schoolId);
  const studentId = parseStudentId(id);
  if (studentId === null) throw notFound("Student not found");
  // Whose child first: another family's child id must not spend this child's daily allowance.
  const mine = await db.student.findFirst({
    where: { schoolId, id: studentId, archivedAt: null, ...guardedBy(actor.id) },
    select: { id: true },
  });
  if (!mine) throw notFound("Student not found");
  await claimInvite(schoolId, actor.id, studentId);
  const token = randomBytes(32).toString("base64url");
  const expiresAt = new Date(Date.now() + INVITATION_DAYS * DAY_SECONDS * 1000);
  const sent = await db.$transaction(async (tx) => {
    const child = await lockChildForGuardians(tx, schoolId, actor, id);
    if (child.secondId !== null) throw conflict(GUARDIANS_FULL);
    const inviter = await tx.user.findUniqueOrThrow({
      where: idKey(schoolId, actor.id),
      select: { name: true, email: true },
    });
    if (inviter.email?.toLowerCase() === email.toLowerCase()) throw conflict(ALREADY_GUARDIAN);
    await closeOpen(tx, schoolId, child.id, "replaced");
    const row = await tx.guardianInvitation.create({
      data: {
        schoolId,
        studentId: child.id,
        invitedById: actor.id,
        email,
        tokenHash: hashInvitationToken(token),
        expiresAt,
      },
      select: { id: true },
    });
    const link = new URL(`/guardian-invitation/${token}`, school.origin);
    const child1 = firstName(child.name);
    await enqueueEmail(
      {
        erasure: "secret",
        userId: actor.id,
        to: email,
        subject: `${inviter.name} invites you to order school lunches for ${child1}`,
        text:
          `Hello,\n\n${inviter.name} invites you to be ${child1}'s second guardian at ` +
          `${school.name}: you will see ${child1}'s menu, order and pay for lunches, and keep ` +
          `${child1}'s allergies up to date together.\n\nOpen this link within ${INVITATION_DAYS} ` +
          `days to accept (sign in, or create an account with this e-mail address):\n\n` +
          `${link.toString()}\n\nIf you do not know ${inviter.name}, you can ignore this message.\n`,
      },
      tx,
    );
    await audit(schoolId, tx, actor, {
      action: "guardian.invite",
      entity: "Student",
      entityId: child.id,
      details: { invitation: row.id },
    });
    return { inviterName: inviter.name };
  });
  kickOutbox(schoolId);
  return {
    email,
    expiresAt: expiresAt.toISOString(),
    invitedBy: sent.inviterName,
    message: `Invitation sent to ${email}`,
  };
}

/** DELETE /api/students/{id}/guardians/invitations: the open invitation is withdrawn. */
export async function withdrawInvitation(
  school: Pick<SchoolContext, "id">,
  actor: SessionUser,
  id: string,
): Promise<{ message: string }> {
  const db = await schoolDb(school.id);
  return db.$transaction(async (tx) => {
    const child = await lockChildForGuardians(tx, school.id, actor, id);
    const { count } = await closeOpen(tx, school.id, child.id, "withdrawn");
    if (count === 0) throw notFound("There is no invitation to withdraw");
    return { message: "Invitation withdrawn" };
  });
}

type InvitationRow = {
  id: number;
  studentId: number;
  email: string;
  expiresAt: Date;
  closedAt: Date | null;
  outcome: string | null;
};

function statusOf(row: InvitationRow, now = new Date()): InvitationStatus {
  if (row.outcome === "accepted") return "accepted";
  if (row.closedAt) return "withdrawn";
  return row.expiresAt <= now ? "expired" : "open";
}

const REFUSAL: Record<Exclude<InvitationStatus, "open">, string> = {
  accepted: INVITATION_USED,
  expired: INVITATION_EXPIRED,
  withdrawn: INVITATION_WITHDRAWN,
};

/** GET /api/guardian-invitations/{token}: the child's first name, who invites, the school. */
export async function previewInvitation(
  school: SchoolContext,
  token: string,
): Promise<InvitationPreviewDto> {
  const db = await schoolDb(school.id);
  const row = await db.guardianInvitation.findFirst({
    where: { schoolId: school.id, tokenHash: hashInvitationToken(token) },
    select: {
      id: true,
      studentId: true,
      email: true,
      expiresAt: true,
      closedAt: true,
      outcome: true,
      student: { select: { name: true } },
      invitedBy: { select: { name: true } },
    },
  });
  // Another school's link is not found here: its row is that school's.
  if (!row) throw notFound(INVITATION_NOT_VALID);
  return {
    status: statusOf(row),
    childFirstName: firstName(row.student.name),
    inviterName: row.invitedBy.name,
    schoolName: school.name,
    email: row.email,
    expiresAt: row.expiresAt.toISOString(),
  };
}

/** POST /api/guardian-invitations/{token}/accept: the signed-in account becomes a guardian. */
export async function acceptInvitation(
  school: SchoolContext,
  actor: SessionUser,
  token: string,
): Promise<InvitationAcceptedDto> {
  const schoolId = school.id;
  const db = await schoolDb(schoolId);
  return db.$transaction(async (tx) => {
    // The child first, then its invitation, as an invitation being sent or withdrawn takes them
    // (the child, then its invitations): the two never wait on each other in a circle.
    const [found] = await tx.$queryRaw<{ studentId: number }[]>`
      SELECT "studentId" FROM "GuardianInvitation"
       WHERE "schoolId" = ${schoolId} AND "tokenHash" = ${hashInvitationToken(token)}`;
    if (!found) throw notFound(INVITATION_NOT_VALID);
    await tx.$queryRaw`
      SELECT "id" FROM "Student"
       WHERE "schoolId" = ${schoolId} AND "id" = ${found.studentId} FOR NO KEY UPDATE`;
    const rows = await tx.$queryRaw<(InvitationRow & { name: string; archivedAt: Date | null })[]>`
      SELECT i."id", i."studentId", i."email", i."expiresAt", i."closedAt", i."outcome",
             s."name", s."archivedAt"
        FROM "GuardianInvitation" i
        JOIN "Student" s ON s."schoolId" = i."schoolId" AND s."id" = i."studentId"
       WHERE i."schoolId" = ${schoolId} AND i."tokenHash" = ${hashInvitationToken(token)}
         FOR UPDATE OF i`;
    const row = rows[0];
    if (!row || row.archivedAt) throw notFound(INVITATION_NOT_VALID);
    const status = statusOf(row);
    if (status !== "open") throw new ApiError(409, REFUSAL[status], { status });
    const account = await tx.user.findUniqueOrThrow({
      where: idKey(schoolId, actor.id),
      select: { email: true, pendingEmail: true },
    });
    const invited = row.email.toLowerCase();
    const addresses = [account.email, account.pendingEmail].map((a) => a?.toLowerCase());
    if (!addresses.includes(invited)) throw forbidden(INVITATION_WRONG_EMAIL);
    const link = await linkGuardian(tx, schoolId, row.studentId, actor.id);
    if (link === "already") throw conflict(ALREADY_GUARDIAN);
    if (link === "full") throw conflict(GUARDIANS_FULL);
    if (link === "gone") throw notFound(INVITATION_NOT_VALID);
    await tx.guardianInvitation.update({
      where: idKey(schoolId, row.id),
      data: { closedAt: new Date(), outcome: "accepted" },
    });
    await audit(schoolId, tx, actor, {
      action: "guardian.accept",
      entity: "Student",
      entityId: row.studentId,
      details: { invitation: row.id },
    });
    return {
      studentId: row.studentId,
      message: `You are now a guardian of ${firstName(row.name)}`,
    };
  });
}
