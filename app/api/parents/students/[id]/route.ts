import { route } from "@/lib/api/handler";
import { parseId } from "@/lib/api/params";
import { deleteStudentAsAdmin, updateStudentAsAdmin } from "@/lib/students/admin-students";
import { forceQuerySchema } from "@/lib/validations/people";
import { adminStudentChangeSchema } from "@/lib/validations/students";

const STUDENT_ADMIN = { feature: "parents_students" } as const;

// PUT /api/parents/students/{id} — changes a parent's student (name, grade, allergies, notes, class).
export const PUT = route(
  { access: STUDENT_ADMIN, body: adminStudentChangeSchema },
  async ({ school, user, params, body }) =>
    updateStudentAsAdmin(school, user, parseId(params.id), body),
);

// DELETE /api/parents/students/{id}(?force=true) — 409 { canForce, orderCount } while orders exist.
export const DELETE = route(
  { access: STUDENT_ADMIN, query: forceQuerySchema },
  async ({ school, user, params, query }) =>
    deleteStudentAsAdmin(school, user, parseId(params.id), query.force),
);
