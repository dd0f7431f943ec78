import type { CheckoutHandler } from "@/components/portal/use-place-order";

// Beside the checkout it loads (not in components/portal, which the checkout itself imports).
/** Card checkout (components/parent/checkout.ts), fetched when Place Order is first pressed. */
export const lazyStartCardPayment: CheckoutHandler = (lines, context) =>
  import("@/components/parent/checkout").then((m) => m.startCardPayment(lines, context));
