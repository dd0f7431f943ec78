import { z } from "zod";
import { freeText, singleLine } from "@/lib/validations/text";

// POST /api/orders and the payment's cart: the spec's list of items. Prices, names and e-mail in
// the request are accepted for compatibility but never trusted: the server prices from the database.

const id = z.number().int().positive().max(2_147_483_647);
/** Trimmed; absent or blank is null. */
const optional = (text: z.ZodString, max: number, message: string) =>
  text
    .max(max, message)
    .nullish()
    .transform((v) => (v?.trim() ? v.trim() : null));
// The echoed price and customer fields are ignored, but checked like any text all the same.
const echoed = (label: string, max: number) => z.string().check(singleLine(label)).max(max);

export const orderItemSchema = z.object({
  menuItemId: id,
  studentId: id,
  weekNumber: z.number().int().min(1).max(6),
  dayOfWeek: z.number().int().min(1).max(5),
  category: optional(
    z.string().check(singleLine("Protein choice")),
    100,
    "Protein choice is too long",
  ),
  sideDish: optional(z.string().check(singleLine("Side dish")), 200, "Side dish is too long"),
  // Special instructions may run over several lines.
  comments: optional(
    z.string().check(...freeText("Special instructions", "contain")),
    500,
    "Special instructions must be at most 500 characters",
  ),
  /** The orderer confirmed that the meal is safe despite an allergen of the child (issue 18). */
  allergyAcknowledged: z.boolean({ error: "allergyAcknowledged must be true or false" }).optional(),
  originalPrice: z.union([echoed("Original price", 20), z.number()]).optional(),
  discountedPrice: z.union([echoed("Discounted price", 20), z.number()]).optional(),
  discountPercentage: z.number().optional(),
  customerName: echoed("Customer name", 200).optional(),
  customerEmail: echoed("Customer email", 254).optional(),
});
export type OrderItemInput = z.infer<typeof orderItemSchema>;

export const MAX_CART_ITEMS = 150;

export const orderRequestSchema = z
  .array(orderItemSchema, { error: "The order must be a list of items" })
  .min(1, "No items found in cart")
  .max(MAX_CART_ITEMS, `A cart holds at most ${MAX_CART_ITEMS} meals`);

const cartAllergyLineSchema = z.object({
  menuItemId: id,
  studentId: id,
  allergyAcknowledged: z.boolean().optional(),
  /** The line's day (issue 44 §8): with it the answer lists the lines whose day is closed. */
  weekNumber: z.number().int().min(1).max(6).optional(),
  dayOfWeek: z.number().int().min(1).max(5).optional(),
});
export type CartAllergyLine = z.infer<typeof cartAllergyLineSchema>;

export const validateMenuItemsSchema = z.object({
  menuItemIds: z.array(id).max(500, "Too many items"),
  /** The cart's lines, for the allergy rule (issue 18); optional for older clients. */
  items: z.array(cartAllergyLineSchema).max(MAX_CART_ITEMS, "Too many items").optional(),
});
