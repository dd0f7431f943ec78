import { route } from "@/lib/api/handler";
import { createParent, listParents } from "@/lib/users/parents";
import { newParentSchema, parentsQuerySchema } from "@/lib/validations/people";

// GET /api/parents?page&search — parents with their students, 50 a page.
export const GET = route(
  { access: { feature: "parents_students" }, query: parentsQuerySchema },
  async ({ query }) => listParents(query),
);

// POST /api/parents — creates a parent account.
export const POST = route(
  { access: { feature: "parents_students" }, body: newParentSchema },
  async ({ user, body }) => createParent(user, body),
);
