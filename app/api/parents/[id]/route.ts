import { route } from "@/lib/api/handler";
import { parseId } from "@/lib/api/params";
import { deleteParent, updateParent } from "@/lib/users/parents";
import { forceQuerySchema, parentChangeSchema } from "@/lib/validations/people";

// PUT /api/parents/{id} — updates a parent (a blank password keeps the current one).
export const PUT = route(
  { access: { feature: "parents_students" }, body: parentChangeSchema },
  async ({ school, user, params, body }) => updateParent(school, user, parseId(params.id), body),
);

// DELETE /api/parents/{id}(?force=true) — 409 { canForce, orderCount } while orders exist.
export const DELETE = route(
  { access: { feature: "parents_students" }, query: forceQuerySchema },
  async ({ school, user, params, query }) =>
    deleteParent(school, user, parseId(params.id), query.force),
);
