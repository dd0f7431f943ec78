import { route } from "@/lib/api/handler";
import { previewRoll } from "@/lib/roll/import";
import { rollImportSchema } from "@/lib/validations/roll";

// POST /api/parents/roll/preview { csv } — every problem of the file, or what importing would do.
export const POST = route(
  { access: { feature: "parents_students" }, body: rollImportSchema },
  async ({ school, body }) => previewRoll(school, body),
);
