import { z } from "zod";

// GET /api/account/statement's query as text (issue 49). Its dates are checked by
// checkStatementPeriod (lib/validations/statement.ts, shared with the browser's picker, which must
// not bring zod), so that a wrong period is a 400 with the one sentence saying what is wrong.
export const statementQuerySchema = z.object({
  from: z.string().optional(),
  to: z.string().optional(),
});
export type StatementQuery = z.infer<typeof statementQuerySchema>;
