import { route } from "@/lib/api/handler";
import { importRoll } from "@/lib/roll/import";
import { listRoll } from "@/lib/roll/list";
import { rollImportSchema, rollListQuerySchema } from "@/lib/validations/roll";

// GET /api/parents/roll?status=waiting|linked|all&q=&page= — the school roll, by name, 50 a page:
// each child's Student (when a guardian claimed it) and guardians with their latest link.
export const GET = route(
  { access: { feature: "parents_students" }, query: rollListQuerySchema },
  async ({ school, query }) => listRoll(school, query),
);

// POST /api/parents/roll { csv } — imports the school roll, all or nothing (issue 49).
export const POST = route(
  { access: { feature: "parents_students" }, body: rollImportSchema },
  async ({ school, user, body }) => importRoll(school, user, body),
);
