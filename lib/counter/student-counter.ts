import "server-only";
import { notFound } from "@/lib/api/errors";
import type { SessionUser } from "@/lib/auth/session";
import { COUNTER_STUDENT_NOT_FOUND, type StudentCounterDto } from "@/lib/contracts/counter";
import type { SchoolContext } from "@/lib/contracts/schools";
import { schoolDb } from "@/lib/db";
import { fromNgwee } from "@/lib/money";
import type { StudentCounterInput } from "@/lib/validations/counter";

// A parent's say over their child at the counter (issue 47): the child's own daily limit (null:
// the school's default applies) and a block. A teacher sets them on their own staff record, the
// one student a teacher has. Someone else's child is "not found", as for every student call.

const MAX_ID = 2_147_483_647;

/** PUT /api/students/{id}/counter. */
export async function updateStudentCounter(
  school: Pick<SchoolContext, "id">,
  actor: SessionUser,
  id: string,
  input: StudentCounterInput,
): Promise<StudentCounterDto> {
  const studentId = /^\d{1,10}$/.test(id) ? Number(id) : NaN;
  if (!Number.isSafeInteger(studentId) || studentId < 1 || studentId > MAX_ID) {
    throw notFound(COUNTER_STUDENT_NOT_FOUND);
  }
  const dailyLimit = input.dailyLimit === null ? null : fromNgwee(input.dailyLimit);
  const db = await schoolDb(school.id);
  const { count } = await db.student.updateMany({
    where: { schoolId: school.id, id: studentId, parentId: actor.id, archivedAt: null },
    data: { counterDailyLimit: dailyLimit, counterBlocked: input.blocked },
  });
  if (count === 0) throw notFound(COUNTER_STUDENT_NOT_FOUND);
  return { id: studentId, dailyLimit, blocked: input.blocked };
}
