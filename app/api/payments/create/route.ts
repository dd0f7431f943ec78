import { route } from "@/lib/api/handler";
import { PARENT_OR_TEACHER } from "@/lib/api/access";
import { createPayment } from "@/lib/payments/create-payment";
import { createPaymentSchema } from "@/lib/validations/payments";

// POST /api/payments/create — checks and prices the cart, then starts (or reuses) a card payment.
export const POST = route(
  { access: PARENT_OR_TEACHER, body: createPaymentSchema },
  async ({ user, body }) => createPayment(user, body),
);
