import { z } from "zod";

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
