import { route } from "@/lib/api/handler";
import { PARENT_OR_TEACHER } from "@/lib/api/access";
import { deleteStudent, updateStudent } from "@/lib/students/students";
import { studentSchema } from "@/lib/validations/students";

// PUT /api/students/{id} — renames or regrades one of the caller's students (someone else's: 404).
export const PUT = route(
  { access: PARENT_OR_TEACHER, body: studentSchema },
  async ({ school, user, params, body }) => updateStudent(school, user, String(params.id), body),
);

// DELETE /api/students/{id} — removes one of the caller's students; 409 while meals are still due.
export const DELETE = route({ access: PARENT_OR_TEACHER }, async ({ school, user, params }) =>
  deleteStudent(school, user, String(params.id)),
);
