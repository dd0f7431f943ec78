import "server-only";
import { conflict, forbidden, notFound } from "@/lib/api/errors";
import { audit } from "@/lib/audit/audit";
import type { SessionUser } from "@/lib/auth/session";
import {
  ROLL_CLAIM_FULL,
  ROLL_CLAIM_PARENTS_ONLY,
  ROLL_LINK_EXPIRED,
  ROLL_LINK_INVALID,
  ROLL_LINK_REPLACED,
  ROLL_LINK_USED,
  rollClaimedMessage,
  type RollClaimDoneDto,
  type RollClaimDto,
} from "@/lib/contracts/roll";
import type { SchoolContext } from "@/lib/contracts/schools";
import { schoolDb, type Tx } from "@/lib/db";
import { hashToken } from "@/lib/roll/invites";
import { linkGuardian } from "@/lib/students/guardians";
import type { RollClaimInput } from "@/lib/validations/roll";

// A guardian's one-time link from the roll (issue 49, decision 0120). The token is the proof: it
// went to the address (or phone) the school holds for that guardian. It is looked up in the school
// the link was opened at only, so another school's link is simply not found. Accepting makes the
// child a Student of the claimer (the first to claim) or links the claimer as its second guardian.

type School = Pick<SchoolContext, "id" | "name">;

const studentName = (name: string) => name.trim().replace(/\s+/g, " ").toLowerCase();

async function findInvite(tx: Tx, schoolId: number, token: string) {
  return tx.rollInvite.findUnique({
    where: { schoolId_tokenHash: { schoolId, tokenHash: hashToken(token) } },
    select: {
      id: true,
      slot: true,
      email: true,
      expiresAt: true,
      claimedAt: true,
      rollChild: {
        select: {
          id: true,
          name: true,
          grade: true,
          className: true,
          guardian1Name: true,
          guardian2Name: true,
          guardian1Email: true,
          guardian2Email: true,
          studentId: true,
        },
      },
    },
  });
}

/**
 * Whether the roll still names the invited address for the link's guardian: once the school
 * corrects or removes that guardian (a re-upload), the link no longer opens the child, so a
 * school keeping a parent away can stop it.
 */
function sameGuardian(invite: {
  slot: number;
  email: string;
  rollChild: { guardian1Email: string | null; guardian2Email: string | null };
}): boolean {
  const current =
    invite.slot === 1 ? invite.rollChild.guardian1Email : invite.rollChild.guardian2Email;
  return current?.toLowerCase() === invite.email.toLowerCase();
}

/** GET /api/roll/claim?token=…: what the link offers (anyone holding it may ask). */
export async function getRollClaim(
  school: School,
  input: { token: string },
  now: Date = new Date(),
): Promise<RollClaimDto> {
  const db = await schoolDb(school.id);
  const invite = await db.$transaction((tx) => findInvite(tx, school.id, input.token));
  if (!invite) throw notFound(ROLL_LINK_INVALID);
  const child = invite.rollChild;
  if (!sameGuardian(invite)) throw conflict(ROLL_LINK_REPLACED);
  return {
    status: invite.claimedAt ? "claimed" : invite.expiresAt <= now ? "expired" : "open",
    schoolName: school.name,
    childName: child.name,
    grade: child.grade,
    email: invite.email,
    guardianName: (invite.slot === 1 ? child.guardian1Name : child.guardian2Name) ?? "",
  };
}

/** POST /api/roll/claim { token }: the signed-in parent accepts the child. */
export async function acceptRollClaim(
  school: School,
  user: SessionUser,
  input: RollClaimInput,
  now: Date = new Date(),
): Promise<RollClaimDoneDto> {
  if (user.role !== "parent") throw forbidden(ROLL_CLAIM_PARENTS_ONLY);
  const schoolId = school.id;
  const tokenHash = hashToken(input.token.trim());
  const db = await schoolDb(schoolId);
  return db.$transaction(async (tx) => {
    // The child, then the invitation, locked, in the order an import takes them (its children,
    // then their links): two guardians' claims of one child, or a claim and a re-upload, run one
    // at a time and never deadlock.
    const [found] = await tx.$queryRaw<{ id: number; rollChildId: number }[]>`
      SELECT "id", "rollChildId" FROM "RollInvite"
       WHERE "schoolId" = ${schoolId} AND "tokenHash" = ${tokenHash}`;
    if (!found) throw notFound(ROLL_LINK_INVALID);
    await tx.$queryRaw`
      SELECT "id" FROM "RollChild"
       WHERE "schoolId" = ${schoolId} AND "id" = ${found.rollChildId} FOR UPDATE`;
    await tx.$queryRaw`
      SELECT "id" FROM "RollInvite"
       WHERE "schoolId" = ${schoolId} AND "id" = ${found.id} FOR UPDATE`;
    const invite = await findInvite(tx, schoolId, input.token.trim());
    if (!invite) throw notFound(ROLL_LINK_INVALID);
    if (invite.claimedAt) throw conflict(ROLL_LINK_USED);
    if (invite.expiresAt <= now) throw conflict(ROLL_LINK_EXPIRED);
    const child = invite.rollChild;
    if (!sameGuardian(invite)) throw conflict(ROLL_LINK_REPLACED);
    const kept = child.studentId
      ? await tx.student.findFirst({
          where: { schoolId, id: child.studentId, archivedAt: null },
          select: { id: true },
        })
      : null;
    let studentId: number;
    let how: string;
    // The child's Student, unless it was removed while this claim waited: then as if none.
    const link = kept ? await linkGuardian(tx, schoolId, kept.id, user.id) : "gone";
    if (link === "full") throw conflict(ROLL_CLAIM_FULL);
    if (kept && link !== "gone") {
      studentId = kept.id;
      how = link;
    } else {
      studentId = await ownStudent(tx, schoolId, user.id, child);
      how = "first";
      await tx.rollChild.update({
        where: { schoolId_id: { schoolId, id: child.id } },
        data: { studentId },
      });
    }
    await tx.rollInvite.update({
      where: { schoolId_id: { schoolId, id: invite.id } },
      data: { claimedAt: now, claimedById: user.id },
    });
    await audit(school, tx, user, {
      action: "roll.claim",
      entity: "Student",
      entityId: String(studentId),
      details: { rollChildId: child.id, slot: invite.slot, guardian: how },
    });
    return { studentId, message: rollClaimedMessage(child.name) };
  });
}

/** The claimer's own child of that name (added before the roll), or a new Student. */
async function ownStudent(
  tx: Tx,
  schoolId: number,
  userId: number,
  child: { name: string; grade: string; className: string | null },
): Promise<number> {
  const own = await tx.student.findMany({
    where: { schoolId, parentId: userId, archivedAt: null },
    select: { id: true, name: true },
  });
  const onRoll = new Set(
    (
      await tx.rollChild.findMany({
        where: { schoolId, studentId: { in: own.map((s) => s.id) } },
        select: { studentId: true },
      })
    ).map((row) => row.studentId),
  );
  const same = own.find(
    (s) => !onRoll.has(s.id) && studentName(s.name) === studentName(child.name),
  );
  if (same) {
    await tx.student.update({
      where: { schoolId_id: { schoolId, id: same.id } },
      data: { name: child.name, grade: child.grade, className: child.className },
    });
    return same.id;
  }
  const created = await tx.student.create({
    data: {
      schoolId,
      name: child.name,
      grade: child.grade,
      className: child.className,
      parentId: userId,
    },
    select: { id: true },
  });
  return created.id;
}
