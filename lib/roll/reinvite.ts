import "server-only";
import { ApiError, conflict, notFound } from "@/lib/api/errors";
import { audit } from "@/lib/audit/audit";
import type { SessionUser } from "@/lib/auth/session";
import type { Grade } from "@/lib/contracts";
import {
  ROLL_CHILD_FULL,
  ROLL_CHILD_NOT_FOUND,
  ROLL_NOBODY_TO_INVITE,
  ROLL_RESEND_MINUTES,
  rollReinvitedMessage,
  rollResendTooSoonMessage,
  type RollReinviteDoneDto,
} from "@/lib/contracts/roll";
import { schoolDb, type Tx } from "@/lib/db";
import { offeredChannels } from "@/lib/messaging/config";
import { kickOutbox } from "@/lib/messaging/outbox";
import { sendInvite, type InviteSchool } from "@/lib/roll/invites";
import { guardianState, liveLink, type CurrentGuardians } from "@/lib/roll/list";

// "Send links again" from the roll (decision 0120, "Changed later"): every guardian of one roll
// child who has an e-mail and is not (yet) a guardian of its Student gets a fresh link, through
// the import's own sendInvite (e-mail, and SMS when the school sends SMS), which replaces their
// open link. One guardian at most once in ROLL_RESEND_MINUTES, counted from their latest link
// (the import's too): a double click, or two office staff, do not send two e-mails. The child is
// locked for the transaction, so two requests at once run one after the other.

const MINUTE_MS = 60_000;

async function currentGuardians(
  tx: Tx,
  schoolId: number,
  studentId: number | null,
): Promise<{ current: CurrentGuardians | null; full: boolean }> {
  const student = studentId
    ? await tx.student.findFirst({
        where: { schoolId, id: studentId, archivedAt: null },
        select: { parentId: true, secondGuardian: { select: { userId: true } } },
      })
    : null;
  if (!student) return { current: null, full: false };
  const ids = [
    student.parentId,
    ...(student.secondGuardian ? [student.secondGuardian.userId] : []),
  ];
  const users = await tx.user.findMany({
    where: { schoolId, id: { in: ids } },
    select: { email: true },
  });
  return {
    current: {
      ids: new Set(ids),
      emails: new Set(users.flatMap((u) => (u.email ? [u.email.toLowerCase()] : []))),
    },
    full: student.secondGuardian !== null,
  };
}

/** POST /api/parents/roll/{id}/invite: the waiting guardians' links, sent again now. */
export async function reinviteRollChild(
  school: InviteSchool,
  actor: SessionUser,
  id: number | null,
  now: Date = new Date(),
): Promise<RollReinviteDoneDto> {
  if (id === null) throw notFound(ROLL_CHILD_NOT_FOUND);
  const schoolId = school.id;
  const db = await schoolDb(schoolId);
  const done = await db.$transaction(async (tx) => {
    const locked = await tx.$queryRaw<{ id: number }[]>`
      SELECT "id" FROM "RollChild" WHERE "schoolId" = ${schoolId} AND "id" = ${id} FOR UPDATE`;
    if (locked.length === 0) throw notFound(ROLL_CHILD_NOT_FOUND);
    const child = await tx.rollChild.findUniqueOrThrow({
      where: { schoolId_id: { schoolId, id } },
      include: { invites: { where: { schoolId }, orderBy: { id: "desc" } } },
    });
    const { current, full } = await currentGuardians(tx, schoolId, child.studentId);
    if (full) throw conflict(ROLL_CHILD_FULL);
    const slots = [
      {
        slot: 1 as const,
        name: child.guardian1Name,
        email: child.guardian1Email,
        phone: child.guardian1Phone,
      },
      {
        slot: 2 as const,
        name: child.guardian2Name,
        email: child.guardian2Email,
        phone: child.guardian2Phone,
      },
    ];
    const waiting = slots.flatMap((guardian) => {
      const latest = child.invites.find((invite) => invite.slot === guardian.slot) ?? null;
      // A link to an address the roll no longer names is dead: it neither counts nor waits.
      const link = liveLink(guardian.email, latest);
      if (!guardian.email || guardianState(guardian.email, link, current, now) === "linked") {
        return [];
      }
      return [{ ...guardian, email: guardian.email, link }];
    });
    if (waiting.length === 0) throw conflict(ROLL_NOBODY_TO_INVITE);
    const since = now.getTime() - ROLL_RESEND_MINUTES * MINUTE_MS;
    const due = waiting.filter((g) => !g.link || g.link.createdAt.getTime() <= since);
    if (due.length === 0) {
      const latest = Math.max(...waiting.map((g) => g.link!.createdAt.getTime()));
      const wait = Math.max(1, Math.ceil((latest - since) / 1000));
      throw new ApiError(
        429,
        rollResendTooSoonMessage(wait),
        { retryAfter: wait },
        { "Retry-After": String(wait) },
      );
    }
    const sms = (await offeredChannels(school, tx)).includes("sms");
    const phones = due.flatMap((g) => (g.phone ? [g.phone] : []));
    const stopped = new Set(
      sms && phones.length > 0
        ? (
            await tx.user.findMany({
              where: { schoolId, phone: { in: phones }, smsOptedOutAt: { not: null } },
              select: { phone: true },
            })
          ).map((user) => user.phone)
        : [],
    );
    let smsSent = 0;
    for (const guardian of due) {
      const withSms = sms && guardian.phone !== null && !stopped.has(guardian.phone);
      const queued = await sendInvite(
        tx,
        school,
        {
          rollChildId: child.id,
          slot: guardian.slot,
          guardianName: guardian.name ?? "",
          email: guardian.email,
          fresh: false,
          smsTo: withSms ? guardian.phone : null,
          childName: child.name,
          grade: child.grade as Grade,
          className: child.className,
        },
        now,
      );
      if (queued) smsSent += 1;
    }
    await audit(school, tx, actor, {
      action: "roll.reinvite",
      entity: "RollChild",
      entityId: String(child.id),
      details: { slots: due.map((g) => g.slot), sms: smsSent },
    });
    return { sent: due.length, sms: smsSent };
  });
  kickOutbox(schoolId);
  return { ...done, message: rollReinvitedMessage(done.sent, done.sms) };
}
