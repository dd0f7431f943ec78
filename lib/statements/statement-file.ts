import "server-only";
import { badRequest } from "@/lib/api/errors";
import type { SessionUser } from "@/lib/auth/session";
import type { SchoolContext } from "@/lib/contracts/schools";
import { onePdfAtATime, type PdfFile } from "@/lib/kitchen/service-day-pdfs";
import { getStatement } from "@/lib/statements/statement";
import { statementPdf } from "@/lib/statements/statement-pdf";
import { checkStatementPeriod } from "@/lib/validations/statement";
import type { StatementQuery } from "@/lib/validations/statement-query";

// GET /api/account/statement (issue 49): the signed-in account's statement for a period, as a PDF
// built in the same one-at-a-time queue as the kitchen's PDFs (decision 0061).

export async function statementFile(
  school: SchoolContext,
  actor: SessionUser,
  query: StatementQuery,
): Promise<PdfFile> {
  const checked = checkStatementPeriod(query.from, query.to);
  if ("error" in checked) throw badRequest(checked.error);
  const statement = await getStatement(school, actor, checked.period);
  return {
    bytes: await onePdfAtATime(() => statementPdf(statement)),
    filename: `statement-${school.slug}-${checked.period.from}-to-${checked.period.to}.pdf`,
  };
}
