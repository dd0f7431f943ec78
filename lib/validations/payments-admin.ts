import { z } from "zod";
import { MAX_VERIFY_ORDERS } from "@/lib/contracts/orders";

// Pending Payments and Refund Management calls (spec 001 §5, §7): the page query and the
// verification of selected orders. Shared by the handlers and the console screens.

export const NO_ORDERS_SELECTED = "No orders selected";
export const ORDER_IDS_INVALID = "Order ids must be positive whole numbers";
export const PAGE_INVALID = "Page must be a positive whole number";

/** ?page=N, 1 when absent or empty. */
export const adminPageQuerySchema = z.object({
  page: z.preprocess(
    (value) => (value === "" ? undefined : value),
    z
      .string()
      .trim()
      .regex(/^[1-9]\d{0,6}$/, PAGE_INVALID)
      .transform(Number)
      .optional()
      .default(1),
  ),
});
export type AdminPageQuery = z.output<typeof adminPageQuerySchema>;

export const verifyPaymentsSchema = z.object({
  orderIds: z
    .array(
      z
        .number({ error: ORDER_IDS_INVALID })
        .int(ORDER_IDS_INVALID)
        .positive(ORDER_IDS_INVALID)
        .max(2_147_483_647, ORDER_IDS_INVALID),
      { error: NO_ORDERS_SELECTED },
    )
    .min(1, NO_ORDERS_SELECTED)
    .max(MAX_VERIFY_ORDERS, `At most ${MAX_VERIFY_ORDERS} orders at a time`),
});
export type VerifyPaymentsInput = z.output<typeof verifyPaymentsSchema>;

/** Where an order's money goes: the card (default) or the school's alternative methods. */
export const orderPaymentQuerySchema = z.object({
  paymentMethod: z
    .enum(["card", "alternative"], { error: "Payment method must be card or alternative" })
    .optional(),
});
export type OrderPaymentQuery = z.output<typeof orderPaymentQuerySchema>;
