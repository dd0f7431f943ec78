import { z } from "zod";

// GET /api/revenue/stats?cycleId= — absent (or empty) means all time.
export const revenueStatsQuerySchema = z.object({
  cycleId: z
    .string()
    .trim()
    .optional()
    .transform((value) => (value === "" ? undefined : value))
    .pipe(
      z
        .string()
        .regex(/^[1-9]\d{0,9}$/, "Cycle id must be a positive whole number")
        .transform(Number)
        .refine((n) => n <= 2_147_483_647, "Cycle id must be a positive whole number")
        .optional(),
    ),
});
