import { z } from "zod";

// A `cycleId` query parameter naming one cycle: absent (or empty) means "no particular cycle",
// which each endpoint reads its own way (the kitchen's current cycle, revenue's all time).
export const optionalCycleIdSchema = z
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
  );
