import "server-only";
import { unprocessable } from "@/lib/api/errors";
import { audit } from "@/lib/audit/audit";
import type { SessionUser } from "@/lib/auth/session";
import {
  ROLL_MAX_ERRORS,
  rollImportedMessage,
  rollProblemsMessage,
  type RollErrorDto,
  type RollImportDoneDto,
  type RollPreviewDto,
} from "@/lib/contracts/roll";
import { gradeLabel } from "@/lib/client/format";
import type { SchoolContext } from "@/lib/contracts/schools";
import { schoolDb, type Tx } from "@/lib/db";
import { enqueueEmail } from "@/lib/mail/outbox";
import { offeredChannels } from "@/lib/messaging/config";
import { kickOutbox } from "@/lib/messaging/outbox";
import { sendInvite, type InviteSchool } from "@/lib/roll/invites";
import { parseRollCsv, type RollRow } from "@/lib/roll/parse";
import { planRoll, rollChildData, type ChildStep } from "@/lib/roll/plan";
import { linkGuardian } from "@/lib/students/guardians";
import type { RollImportInput } from "@/lib/validations/roll";

// Import the roll (issue 49, decision 0120): every problem of the file listed, or the whole file
// applied in one transaction; a re-upload finds each child by its key and updates it. The preview
// runs the same plan without writing.

type School = InviteSchool & Pick<SchoolContext, "id">;

/** A long roll is thousands of statements: more than the default five seconds. */
const IMPORT_TIMEOUT_MS = 120_000;

function listed(errors: RollErrorDto[]) {
  return {
    errors: errors.slice(0, ROLL_MAX_ERRORS),
    moreErrors: Math.max(0, errors.length - ROLL_MAX_ERRORS),
  };
}

async function smsOn(school: School, tx: Tx): Promise<boolean> {
  return (await offeredChannels(school, tx)).includes("sms");
}

/** POST /api/parents/roll/preview: the file's problems, or what importing it would do. */
export async function previewRoll(
  school: School,
  input: RollImportInput,
  now: Date = new Date(),
): Promise<RollPreviewDto> {
  const parsed = parseRollCsv(input.csv);
  if (!parsed.ok) return { ...listed(parsed.errors), summary: null };
  const db = await schoolDb(school.id);
  const plan = await db.$transaction(
    async (tx) => planRoll(tx, school.id, parsed.rows, await smsOn(school, tx), now),
    { timeout: IMPORT_TIMEOUT_MS },
  );
  return { errors: [], moreErrors: 0, summary: plan.summary };
}

/** POST /api/parents/roll: imports the file, or refuses it whole (422 with every problem). */
export async function importRoll(
  school: School,
  actor: SessionUser,
  input: RollImportInput,
  now: Date = new Date(),
): Promise<RollImportDoneDto> {
  const parsed = parseRollCsv(input.csv);
  if (!parsed.ok) {
    throw unprocessable(rollProblemsMessage(parsed.errors.length), listed(parsed.errors));
  }
  const rows: RollRow[] = parsed.rows;
  const db = await schoolDb(school.id);
  const summary = await db.$transaction(
    async (tx) => {
      await lockRoll(tx, school.id, rows);
      const plan = await planRoll(tx, school.id, rows, await smsOn(school, tx), now);
      for (const step of plan.steps) await applyStep(tx, school, step, now);
      await audit(school, tx, actor, {
        action: "roll.import",
        entity: "School",
        entityId: String(school.id),
        details: plan.summary,
      });
      return plan.summary;
    },
    { timeout: IMPORT_TIMEOUT_MS },
  );
  kickOutbox(school.id);
  return { summary, message: rollImportedMessage(summary) };
}

/**
 * A guardian whose account the roll linked is told, so that a child put on the wrong family's
 * account by a slip in the file is noticed by that family, not found later in its orders.
 */
async function tellLinked(
  tx: Tx,
  school: School,
  guardian: { guardian: { name: string; email: string | null }; userId: number },
  row: RollRow,
): Promise<void> {
  if (!guardian.guardian.email) return;
  const klass = row.className ? `, class ${row.className}` : "";
  await enqueueEmail(
    {
      userId: guardian.userId,
      to: guardian.guardian.email,
      subject: `${row.name} is on your canteen account`,
      text:
        `Hello ${guardian.guardian.name},\n\n${school.name} has added ${row.name} ` +
        `(${gradeLabel(row.grade)}${klass}) to your canteen account from its school roll, with ` +
        `you as a guardian. You can now order school lunches for ${row.name}.\n\n` +
        `If this is not your child, please tell the school office.\n`,
    },
    tx,
  );
}

/**
 * One import of a school's roll at a time (a transaction-level advisory lock on the school), and
 * the file's children already on the roll locked before they are read: a claim committing
 * meanwhile (it locks its child first) is seen by the plan, never overwritten by it, and cannot
 * leave the child with two Students.
 */
async function lockRoll(tx: Tx, schoolId: number, rows: RollRow[]): Promise<void> {
  await tx.$queryRaw`
    SELECT 1 AS "locked" FROM pg_advisory_xact_lock(${ROLL_LOCK_CLASS}::int, ${schoolId}::int)`;
  const keys = [...new Set(rows.flatMap((row) => [row.key, row.nameKey]))];
  if (keys.length === 0) return;
  await tx.$queryRaw`
    SELECT "id" FROM "RollChild"
     WHERE "schoolId" = ${schoolId} AND ("rollKey" = ANY(${keys}) OR "nameKey" = ANY(${keys}))
     ORDER BY "id" FOR UPDATE`;
}

/** The advisory lock's first key: the roll's imports (the second is the school). */
const ROLL_LOCK_CLASS = 4_904_901;

async function applyStep(tx: Tx, school: School, step: ChildStep, now: Date): Promise<void> {
  const schoolId = school.id;
  const { row } = step;
  const data = rollChildData(row, step.rollKey);
  const child = step.existing
    ? step.change === "unchanged"
      ? step.existing
      : await tx.rollChild.update({
          where: { schoolId_id: { schoolId, id: step.existing.id } },
          data,
        })
    : await tx.rollChild.create({ data: { ...data, schoolId } });
  let studentId = step.studentId;
  if (studentId !== null && step.studentChanged) {
    await tx.student.update({
      where: { schoolId_id: { schoolId, id: studentId } },
      data: { name: row.name, grade: row.grade, className: row.className },
    });
  }
  for (const guardian of step.guardians) {
    if (guardian.kind === "owner" && studentId === null) {
      const student = await tx.student.create({
        data: {
          schoolId,
          name: row.name,
          grade: row.grade,
          className: row.className,
          parentId: guardian.userId,
        },
        select: { id: true },
      });
      studentId = student.id;
      await tellLinked(tx, school, guardian, row);
    } else if (guardian.kind === "link" && studentId !== null) {
      const link = await linkGuardian(tx, schoolId, studentId, guardian.userId);
      if (link === "second") await tellLinked(tx, school, guardian, row);
    } else if (guardian.kind === "invite") {
      await sendInvite(
        tx,
        school,
        {
          rollChildId: child.id,
          fresh: step.existing === null,
          slot: guardian.guardian.slot,
          guardianName: guardian.guardian.name,
          email: guardian.guardian.email,
          smsTo: guardian.sms ? guardian.guardian.phone : null,
          childName: row.name,
          grade: row.grade,
          className: row.className,
        },
        now,
      );
    }
  }
  if (studentId !== child.studentId) {
    await tx.rollChild.update({
      where: { schoolId_id: { schoolId, id: child.id } },
      data: { studentId },
    });
  }
}
