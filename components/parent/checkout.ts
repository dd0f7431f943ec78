import { notify } from "@/components/notifications/toast";
import type { CheckoutHandler } from "@/components/portal/use-place-order";
import { api, errorMessage } from "@/lib/client/api";
import type { CartItem, OrderRequestItem } from "@/lib/contracts";
import type { CreatePaymentAnswer } from "@/lib/contracts/payments";
import { fromNgwee } from "@/lib/money";

// Card checkout, the five steps of spec 000 §4: (1) validate the cart with the server, (2) create
// the payment and get the provider's token, (3) record the attempt, (4) send the browser to the
// provider's pay page, (5) verify on return (the /payment/success page).

export const UNAVAILABLE_MESSAGE = "Some items in your cart are no longer available";

function toRequestItems(items: readonly CartItem[]): OrderRequestItem[] {
  return items.map((item) => ({
    menuItemId: item.menuItemId,
    studentId: item.studentId,
    weekNumber: item.weekNumber,
    dayOfWeek: item.dayOfWeek,
    category: item.category || null,
    sideDish: item.sideDish || null,
    comments: item.comments || null,
    originalPrice: item.menuItem.price,
    discountedPrice: item.discountedPrice,
    discountPercentage: item.discountPercentage,
  }));
}

/** (1) A failed validation call counts as valid (spec 000 §4); the server checks again anyway. */
async function cartIsAvailable(items: readonly CartItem[]): Promise<boolean> {
  try {
    const result = await api("/api/menu-items/validate", {
      method: "POST",
      body: { menuItemIds: [...new Set(items.map((i) => i.menuItemId))] },
    });
    return result.unavailable.length + result.archived.length + result.missing.length === 0;
  } catch {
    return true;
  }
}

export const startCardPayment: CheckoutHandler = async (items, { user, totalNgwee }) => {
  if (!(await cartIsAvailable(items))) {
    notify({ title: "Error", description: UNAVAILABLE_MESSAGE, variant: "destructive" });
    return;
  }
  const [firstName, ...rest] = (user.name || user.username).split(" ");
  let created: CreatePaymentAnswer;
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
        cartItems: toRequestItems(items),
      },
    });
  } catch (error) {
    notify({
      title: "Error",
      description: errorMessage(error, "Failed to create payment token"),
      variant: "destructive",
    });
    return;
  }
  if (created.Result !== "000") {
    notify({
      title: "Error",
      description: created.ResultExplanation || "Payment initialization failed",
      variant: "destructive",
    });
    return;
  }
  if (!created.TransToken || !created.paymentUrl) {
    notify({
      title: "Error",
      description: "Invalid payment response received",
      variant: "destructive",
    });
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
