import { route } from "@/lib/api/handler";
import { createParent, listParents } from "@/lib/users/parents";
import { newParentSchema, parentsQuerySchema } from "@/lib/validations/people";

// GET /api/parents?page&search — parents with their students, 50 a page.
export const GET = route(
  { access: { feature: "parents_students" }, query: parentsQuerySchema },
  async ({ school, query }) => listParents(school, query),
);

// POST /api/parents — creates a parent account.
export const POST = route(
  { access: { feature: "parents_students" }, body: newParentSchema },
  async ({ school, user, body }) => createParent(school, user, body),
);
