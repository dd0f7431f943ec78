import { z } from "zod";

// Discount codes (spec 001 §5): the create form and POST /api/discount-codes.
export const discountCodeSchema = z.object({
  code: z
    .string()
    .trim()
    .min(3, "Code must be at least 3 characters")
    .max(40, "Code must be at most 40 characters")
    .regex(/^[A-Za-z0-9_-]+$/, "Use letters, digits, - and _ only"),
  userId: z
    .number({ error: "Please select a user" })
    .int("Please select a user")
    .positive("Please select a user"),
  discountPercentage: z
    .number({ error: "Discount must be between 0 and 100" })
    .int("Discount must be a whole percentage")
    .min(0, "Discount must be between 0 and 100")
    .max(100, "Discount must be between 0 and 100")
    .default(10),
  isActive: z.boolean().default(true),
});
export type DiscountCodeInput = z.input<typeof discountCodeSchema>;
