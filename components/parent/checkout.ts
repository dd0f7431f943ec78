import { notify } from "@/components/notifications/toast";
import type { CheckoutHandler } from "@/components/portal/use-place-order";

// Extension point for card checkout: the cart calls this for a cart with something to pay, with
// the priced lines (discountedPrice and discountPercentage set), the user and the total in ngwee.
// Issue 4 (DPO Pay) replaces the body with the payment flow.
export const startCardPayment: CheckoutHandler = () => {
  notify({ title: "Card payments are not available yet", variant: "destructive" });
};
