import { z } from "zod";
import { GRADES, STAFF_GRADE } from "@/lib/contracts";
import { optionalCycleIdSchema } from "@/lib/validations/cycle-id";

// GET /api/kitchen/labels and /api/kitchen/class-list (issue 18): the day, and optionally a grade.

export const serviceDayQuerySchema = z.object({
  date: z
    .string({ error: "Date is required (YYYY-MM-DD)" })
    .regex(/^\d{4}-\d{2}-\d{2}$/, "Date must be YYYY-MM-DD"),
  grade: z.enum([...GRADES, STAFF_GRADE], { error: "Unknown grade" }).optional(),
});
export type ServiceDayQuery = z.infer<typeof serviceDayQuerySchema>;

// GET /api/orders/today and /week/{week} (issue 44 §7): `cycleId` points the Fat Chef View at a
// chosen cycle; absent (or empty), the cycle the kitchen serves.
export const kitchenCycleIdSchema = optionalCycleIdSchema;
