import { route } from "@/lib/api/handler";
import { importRoll } from "@/lib/roll/import";
import { rollImportSchema } from "@/lib/validations/roll";

// POST /api/parents/roll { csv } — imports the school roll, all or nothing (issue 49).
export const POST = route(
  { access: { feature: "parents_students" }, body: rollImportSchema },
  async ({ school, user, body }) => importRoll(school, user, body),
);
