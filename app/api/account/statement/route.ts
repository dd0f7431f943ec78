import { PARENT_OR_TEACHER } from "@/lib/api/access";
import { route } from "@/lib/api/handler";
import { pdfResponse } from "@/lib/kitchen/service-day-pdfs";
import { statementFile } from "@/lib/statements/statement-file";
import { statementQuerySchema } from "@/lib/validations/statement-query";

// GET /api/account/statement?from=YYYY-MM-DD&to=YYYY-MM-DD — the caller's own statement (PDF).
export const GET = route(
  { access: PARENT_OR_TEACHER, query: statementQuerySchema },
  async ({ school, user, query }) => pdfResponse(await statementFile(school, user, query)),
);
