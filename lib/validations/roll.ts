import { z } from "zod";
import { ROLL_LIST_STATUSES, ROLL_SEARCH_MAX } from "@/lib/contracts/roll";
import { adminPageQuerySchema } from "@/lib/validations/payments-admin";
import { singleLine } from "@/lib/validations/text";

// The roll's upload (issue 49): the CSV file's text, read by the browser. parseRollCsv (lib/roll)
// lists what is wrong inside it, row by row; a file larger than the request limit is a 413.

/** POST /api/parents/roll and /api/parents/roll/preview. */
export const rollImportSchema = z.object({
  csv: z.string({ error: "Choose a CSV file" }),
});
export type RollImportInput = z.input<typeof rollImportSchema>;

/** GET and POST /api/roll/claim: the link's token. */
export const rollClaimSchema = z.object({
  token: z
    .string({ error: "The link is not complete" })
    .trim()
    .regex(/^[A-Za-z0-9_-]{20,100}$/, "The link is not complete"),
});
export type RollClaimInput = z.input<typeof rollClaimSchema>;

/** GET /api/parents/roll?status=waiting|linked|all&q=&page= (absent or blank: all, no search, 1). */
export const rollListQuerySchema = adminPageQuerySchema.extend({
  status: z.preprocess(
    (value) => (value === "" ? undefined : value),
    z
      .enum(ROLL_LIST_STATUSES, 'Status must be "waiting", "linked" or "all"')
      .optional()
      .default("all"),
  ),
  q: z
    .string()
    .transform((value) => value.trim())
    .pipe(
      z
        .string()
        .max(ROLL_SEARCH_MAX, `Search must be at most ${ROLL_SEARCH_MAX} characters`)
        // A control character (a NUL among them, which PostgreSQL's text refuses) is a 422.
        .check(singleLine("Search")),
    )
    .optional()
    .transform((value) => value || undefined),
});
export type RollListQuery = z.output<typeof rollListQuerySchema>;
