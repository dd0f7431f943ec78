import { z } from "zod";
import { MOBILE_OPERATORS } from "@/lib/contracts/mobile-money";
import { orderItemSchema, MAX_CART_ITEMS } from "@/lib/validations/orders";
import { freeText, singleLine } from "@/lib/validations/text";

// The payment calls of spec 000 §7. The client's amount is checked against the server's total;
// its return addresses, names and prices are never trusted.

const money = z.union([z.number(), z.string().check(singleLine("Amount")).max(20)]);
const line = (label: string, max: number) => z.string().check(singleLine(label)).max(max);
const text = (label: string, max: number) => line(label, max).nullish();
const details = z
  .string()
  .check(...freeText("Error details", "contain"))
  .max(2000)
  .nullish();

export const createPaymentSchema = z.object({
  amount: money,
  currency: line("Currency", 10).optional(),
  customerEmail: text("Customer email", 254),
  customerPhone: text("Customer phone", 30),
  customerFirstName: text("Customer first name", 100),
  customerLastName: text("Customer last name", 100),
  redirectURL: text("Redirect URL", 2000),
  backURL: text("Back URL", 2000),
  paymentMethod: text("Payment method", 20),
  /** Mobile money (paymentMethod "MOBILE"): the number that pays, checked by the domain. */
  mobileNumber: text("Mobile number", 40),
  mobileOperator: z.enum(MOBILE_OPERATORS, "Mobile operator must be airtel or mtn").nullish(),
  cartItems: z
    .array(orderItemSchema)
    .min(1, "Cannot proceed with payment: No items in cart")
    .max(MAX_CART_ITEMS),
});
export type CreatePaymentInput = z.infer<typeof createPaymentSchema>;

export const recordAttemptSchema = z.object({
  transactionId: line("Transaction ID", 200).min(1),
  transactionRef: text("Transaction reference", 200),
  paymentAmount: money.nullish(),
  cartItems: z.array(z.unknown()).max(MAX_CART_ITEMS).nullish(),
  transactionStatus: text("Transaction status", 40),
  errorDetails: details,
  isRecovered: z.boolean().nullish(),
});

export const updateAttemptSchema = z.object({
  transactionId: line("Transaction ID", 200).min(1),
  transactionStatus: line("Transaction status", 40).min(1),
  errorDetails: details,
});

/** POST /api/payments/sandbox/decide: the sandbox pay page's choice (the token is looked up). */
export const sandboxDecisionSchema = z.object({
  token: z.string().trim().check(singleLine("Token")).min(1, "Missing token").max(100),
  action: z.enum(["pay", "decline", "cancel"], "Unknown action"),
});
