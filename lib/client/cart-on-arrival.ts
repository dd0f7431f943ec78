// "Try again" after a declined card (issue 24 §4) sends the parent home with the Cart open: the
// return page leaves this request in session storage, the dashboard takes it when it mounts.

/** Set by a page that sends the parent home to the cart ("Try again" after a declined card). */
const CART_ON_ARRIVAL_KEY = "open-cart-on-arrival";

/** Asks the dashboard the browser goes to next to open its cart. */
export function openCartOnArrival(): void {
  try {
    sessionStorage.setItem(CART_ON_ARRIVAL_KEY, "1");
  } catch {
    // Storage refused (private mode): the parent lands on the calendar instead.
  }
}

/** Whether the cart was asked for (once: the request is cleared). */
export function takeCartOnArrival(): boolean {
  try {
    const asked = sessionStorage.getItem(CART_ON_ARRIVAL_KEY) === "1";
    sessionStorage.removeItem(CART_ON_ARRIVAL_KEY);
    return asked;
  } catch {
    return false;
  }
}
