import { route } from "@/lib/api/handler";
import { createAdminUser, listAdminUsers } from "@/lib/users/admin-users";
import { adminUserSchema } from "@/lib/validations/people";

// GET /api/admin-users — every admin by username (the superadmin listed with every feature).
export const GET = route({ access: { feature: "admins" } }, async ({ school }) =>
  listAdminUsers(school),
);

// POST /api/admin-users — creates an admin with the features the caller may grant.
export const POST = route(
  { access: { feature: "admins" }, body: adminUserSchema },
  async ({ school, user, body }) => createAdminUser(school, user, body),
);
