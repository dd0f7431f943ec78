import { toastError, toastFailure } from "@/components/notifications/toast";
import { validateMenuItems } from "@/components/portal/use-cart-validation";
import type { CheckoutHandler } from "@/components/portal/use-place-order";
import { api } from "@/lib/client/api";
import { cartMenuItemIds } from "@/lib/client/cart-checkout";
import type { OrderRequestItem } from "@/lib/contracts";
import type { MobilePaymentAnswer } from "@/lib/contracts/mobile-money";
import type { CreatePaymentAnswer } from "@/lib/contracts/payments";
import { fromNgwee } from "@/lib/money";

// Card checkout, the five steps of spec 000 §4: (1) validate the cart with the server, (2) create
// the payment and get the provider's token, (3) record the attempt, (4) send the browser to the
// provider's pay page, (5) verify on return (the /payment/success page).

export const UNAVAILABLE_MESSAGE = "Some items in your cart are no longer available";

/** (1) A failed validation call counts as valid (spec 000 §4); the server checks again anyway. */
async function cartIsAvailable(lines: readonly OrderRequestItem[]): Promise<boolean> {
  const result = await validateMenuItems(cartMenuItemIds(lines), lines);
  return (
    !result || result.unavailable.length + result.archived.length + result.missing.length === 0
  );
}

export const startCardPayment: CheckoutHandler = async (lines, { user, totalNgwee }) => {
  if (!(await cartIsAvailable(lines))) {
    toastFailure("Error", UNAVAILABLE_MESSAGE);
    return;
  }
  const [firstName, ...rest] = (user.name || user.username).split(" ");
  let created: CreatePaymentAnswer | MobilePaymentAnswer;
  try {
    created = await api("/api/payments/create", {
      method: "POST",
      body: {
        amount: fromNgwee(totalNgwee),
        currency: "ZMW",
        customerEmail: user.email,
        customerPhone: user.phone,
        customerFirstName: firstName,
        customerLastName: rest.join(" "),
        redirectURL: `${window.location.origin}/payment/success`,
        backURL: `${window.location.origin}/payment/cancel`,
        paymentMethod: "CC",
        cartItems: lines,
      },
    });
  } catch (error) {
    toastError(error, "Failed to create payment token");
    return;
  }
  // A card answer names the pay page (a mobile-money push has none).
  if (!("paymentUrl" in created)) {
    toastFailure("Error", "Invalid payment response received");
    return;
  }
  if (created.Result !== "000") {
    toastFailure("Error", created.ResultExplanation || "Payment initialization failed");
    return;
  }
  if (!created.TransToken || !created.paymentUrl) {
    toastFailure("Error", "Invalid payment response received");
    return;
  }
  // (3) The server recorded the attempt when it created it; this confirms it is there.
  await api("/api/payments/payment-attempts", {
    method: "POST",
    body: {
      transactionId: created.TransToken,
      transactionRef: created.companyRef,
      paymentAmount: fromNgwee(totalNgwee),
      transactionStatus: "initiated",
      isRecovered: false,
    },
  }).catch(() => undefined);
  // (4) Leave for the pay page. The promise never settles, so Place Order stays disabled until
  // the page is gone (no second tap).
  window.location.assign(created.paymentUrl);
  await new Promise<never>(() => undefined);
};
