import { route } from "@/lib/api/handler";
import { PARENT_OR_TEACHER } from "@/lib/api/access";
import { updateStudentCare } from "@/lib/students/students";
import { studentCareSchema } from "@/lib/validations/students";

// PUT /api/students/{id}/care — allergies, dietary notes and class of one of the caller's students,
// the teacher's staff record included (someone else's: 404).
export const PUT = route(
  { access: PARENT_OR_TEACHER, body: studentCareSchema },
  async ({ school, user, params, body }) =>
    updateStudentCare(school, user, String(params.id), body),
);
