import { route } from "@/lib/api/handler";
import { PARENT_OR_TEACHER } from "@/lib/api/access";
import { PAYMENT_METHODS } from "@/lib/contracts/mobile-money";
import { createMobilePayment } from "@/lib/payments/create-mobile-payment";
import { createPayment } from "@/lib/payments/create-payment";
import { createPaymentSchema } from "@/lib/validations/payments";

// POST /api/payments/create — checks and prices the cart, then starts (or reuses) a card payment,
// or with paymentMethod "MOBILE" a mobile-money push to the parent's phone.
export const POST = route(
  { access: PARENT_OR_TEACHER, body: createPaymentSchema },
  async ({ school, user, body }) =>
    body.paymentMethod?.toUpperCase() === PAYMENT_METHODS.mobile
      ? createMobilePayment(school, user, body)
      : createPayment(school, user, body),
);
