import { route } from "@/lib/api/handler";
import { parseId } from "@/lib/api/params";
import { deleteStudentAsAdmin } from "@/lib/students/admin-students";
import { forceQuerySchema } from "@/lib/validations/people";

// DELETE /api/parents/students/{id}(?force=true) — 409 { canForce, orderCount } while orders exist.
export const DELETE = route(
  { access: { feature: "parents_students" }, query: forceQuerySchema },
  async ({ user, params, query }) => deleteStudentAsAdmin(user, parseId(params.id), query.force),
);
