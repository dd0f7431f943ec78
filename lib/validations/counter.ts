import { z } from "zod";
import { toNgwee } from "@/lib/money";
import { singleLine } from "@/lib/validations/text";

// The counter's calls (issue 47). Amounts are kwacha with at most 2 decimals, read as ngwee.

export const LIMIT_FORMAT = "Daily limit must be in kwacha, like 50 or 50.00";
/** The largest daily counter limit: the largest top-up there is. */
export const MAX_COUNTER_LIMIT_NGWEE = 20_000_00;
export const LIMIT_TOO_HIGH = "The daily limit can be at most K20,000.00";

/** A kwacha amount of 0 or more (0: nothing may be spent), as ngwee. */
const limitNgwee = z
  .union([z.number(), z.string().max(20)])
  .transform((value, ctx) => {
    try {
      return toNgwee(typeof value === "number" ? String(value) : value);
    } catch {
      ctx.addIssue({ code: "custom", message: LIMIT_FORMAT });
      return z.NEVER;
    }
  })
  .refine((ngwee) => ngwee <= MAX_COUNTER_LIMIT_NGWEE, LIMIT_TOO_HIGH);

/** PUT /api/students/{id}/counter: the child's own limit (null: the school's) and the block. */
export const studentCounterSchema = z.object({
  dailyLimit: limitNgwee.nullable(),
  blocked: z.boolean({ error: "Blocked must be true or false" }),
});
export type StudentCounterInput = z.output<typeof studentCounterSchema>;

/** POST /api/settings/counter: the school's daily limit per child. */
export const counterSettingsSchema = z.object({ dailyLimit: limitNgwee });
export type CounterSettingsInput = z.output<typeof counterSettingsSchema>;

const CARD_CODE_MAX = 64;
const NAME_QUERY_MAX = 100;

/** GET /api/counter/students: `code` (a card's, exactly) or `q` (part of a name). */
export const counterSearchSchema = z
  .object({
    code: z.string().trim().check(singleLine("Code")).max(CARD_CODE_MAX).optional(),
    q: z.string().trim().check(singleLine("Search")).max(NAME_QUERY_MAX).optional(),
  })
  .refine((query) => Boolean(query.code) !== Boolean(query.q), {
    message: "Give either a card code or part of a name",
    path: ["q"],
  });
export type CounterSearchInput = z.output<typeof counterSearchSchema>;

const MAX_ID = 2_147_483_647;
export const MAX_SALE_LINES = 30;
export const MAX_LINE_QUANTITY = 50;

/** POST /api/counter/sales. */
export const counterSaleSchema = z.object({
  studentId: z.number({ error: "Invalid student" }).int().positive().max(MAX_ID),
  items: z
    .array(
      z.object({
        menuItemId: z.number({ error: "Invalid item" }).int().positive().max(MAX_ID),
        quantity: z
          .number({ error: "Quantity must be a whole number" })
          .int("Quantity must be a whole number")
          .min(1, "Quantity must be at least 1")
          .max(MAX_LINE_QUANTITY, `Quantity must be at most ${MAX_LINE_QUANTITY}`),
      }),
    )
    .min(1, "Add at least one item")
    .max(MAX_SALE_LINES, `At most ${MAX_SALE_LINES} items in one sale`),
  idempotencyKey: z
    .string({ error: "A sale key is required" })
    .trim()
    .regex(/^[A-Za-z0-9_-]{8,100}$/, "The sale key must be 8 to 100 letters, digits, - or _"),
  allergyAcknowledged: z.boolean().optional().default(false),
});
export type CounterSaleInput = z.output<typeof counterSaleSchema>;
