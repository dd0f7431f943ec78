import { PARENT_OR_TEACHER } from "@/lib/api/access";
import { route } from "@/lib/api/handler";
import { updateStudentCounter } from "@/lib/counter/student-counter";
import { studentCounterSchema } from "@/lib/validations/counter";

// PUT /api/students/{id}/counter — `{ dailyLimit, blocked }` for one of the caller's students, the
// teacher's staff record included (someone else's: 404). dailyLimit null: the school's default.
export const PUT = route(
  { access: PARENT_OR_TEACHER, body: studentCounterSchema },
  async ({ school, user, params, body }) =>
    updateStudentCounter(school, user, String(params.id), body),
);
