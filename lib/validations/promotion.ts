import { z } from "zod";

// POST /api/parents/students/promotion: the school year the office read in the preview, so a
// second click (or a stale page) cannot move the children up twice.
export const promotionSchema = z.object({
  year: z.number("Give the school year as a number").int().min(2000).max(2100),
});
export type PromotionInput = z.infer<typeof promotionSchema>;
