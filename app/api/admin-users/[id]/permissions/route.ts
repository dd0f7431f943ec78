import { route } from "@/lib/api/handler";
import { parseId } from "@/lib/api/params";
import { updateAdminPermissions } from "@/lib/users/admin-users";
import { permissionsSchema } from "@/lib/validations/people";

// PUT /api/admin-users/{id}/permissions — replaces another admin's feature list ({ features }).
export const PUT = route(
  { access: { feature: "admins" }, body: permissionsSchema },
  async ({ school, user, params, body }) =>
    updateAdminPermissions(school, user, parseId(params.id), body.features),
);
