import { z } from "zod";

// POST /api/orders and the payment's cart: the spec's list of items. Prices, names and e-mail in
// the request are accepted for compatibility but never trusted: the server prices from the database.

const id = z.number().int().positive().max(2_147_483_647);
const optionalText = (max: number, message: string) =>
  z
    .string()
    .max(max, message)
    .nullish()
    .transform((v) => (v?.trim() ? v.trim() : null));

export const orderItemSchema = z.object({
  menuItemId: id,
  studentId: id,
  weekNumber: z.number().int().min(1).max(6),
  dayOfWeek: z.number().int().min(1).max(5),
  category: optionalText(100, "Protein choice is too long"),
  sideDish: optionalText(200, "Side dish is too long"),
  comments: optionalText(500, "Special instructions must be at most 500 characters"),
  originalPrice: z.union([z.string().max(20), z.number()]).optional(),
  discountedPrice: z.union([z.string().max(20), z.number()]).optional(),
  discountPercentage: z.number().optional(),
  customerName: z.string().max(200).optional(),
  customerEmail: z.string().max(254).optional(),
});
export type OrderItemInput = z.infer<typeof orderItemSchema>;

export const MAX_CART_ITEMS = 150;

export const orderRequestSchema = z
  .array(orderItemSchema, { error: "The order must be a list of items" })
  .min(1, "No items found in cart")
  .max(MAX_CART_ITEMS, `A cart holds at most ${MAX_CART_ITEMS} meals`);

export const validateMenuItemsSchema = z.object({
  menuItemIds: z.array(id).max(500, "Too many items"),
});
