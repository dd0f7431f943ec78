import { z } from "zod";
import { orderItemSchema, MAX_CART_ITEMS } from "@/lib/validations/orders";

// The payment calls of spec 000 §7. The client's amount is checked against the server's total;
// its return addresses, names and prices are never trusted.

const money = z.union([z.number(), z.string().max(20)]);
const text = (max: number) => z.string().max(max).nullish();

export const createPaymentSchema = z.object({
  amount: money,
  currency: z.string().max(10).optional(),
  customerEmail: text(254),
  customerPhone: text(30),
  customerFirstName: text(100),
  customerLastName: text(100),
  redirectURL: text(2000),
  backURL: text(2000),
  paymentMethod: text(20),
  cartItems: z
    .array(orderItemSchema)
    .min(1, "Cannot proceed with payment: No items in cart")
    .max(MAX_CART_ITEMS),
});
export type CreatePaymentInput = z.infer<typeof createPaymentSchema>;

export const recordAttemptSchema = z.object({
  transactionId: z.string().min(1).max(200),
  transactionRef: z.string().max(200).nullish(),
  paymentAmount: money.nullish(),
  cartItems: z.array(z.unknown()).max(MAX_CART_ITEMS).nullish(),
  transactionStatus: z.string().max(40).nullish(),
  errorDetails: z.string().max(2000).nullish(),
  isRecovered: z.boolean().nullish(),
});

export const updateAttemptSchema = z.object({
  transactionId: z.string().min(1).max(200),
  transactionStatus: z.string().min(1).max(40),
  errorDetails: z.string().max(2000).nullish(),
});
