import { z } from "zod";
import { GRADES } from "@/lib/contracts";

// Student cards and handing out (issue 47).

/** GET /api/kitchen/student-cards?grade=: one grade's children, or (absent) every child's. */
export const studentCardsQuerySchema = z.object({
  grade: z.enum(GRADES, { error: "Unknown grade" }).optional(),
});
export type StudentCardsQuery = z.infer<typeof studentCardsQuerySchema>;

/** POST /api/counter/collect. */
export const collectSchema = z.object({
  orderId: z
    .number({ error: "orderId must be a whole number" })
    .int("orderId must be a whole number")
    .positive("orderId must be a whole number")
    .max(2_147_483_647, "Order not found"),
});
export type CollectInput = z.infer<typeof collectSchema>;

/** GET /api/kitchen/uncollected?date=: a day (default the school's today). */
export const uncollectedQuerySchema = z.object({
  date: z
    .string()
    .regex(/^\d{4}-\d{2}-\d{2}$/, "Date must be YYYY-MM-DD")
    .optional(),
});
export type UncollectedQuery = z.infer<typeof uncollectedQuerySchema>;
