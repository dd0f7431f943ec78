"use client";

import { useEffect, useRef } from "react";

/** The window event that opens the cart from anywhere (spec 000 §2). */
export const SWITCH_TO_CART_EVENT = "switch-to-cart";

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

function takeCartOnArrival(): boolean {
  try {
    const asked = sessionStorage.getItem(CART_ON_ARRIVAL_KEY) === "1";
    sessionStorage.removeItem(CART_ON_ARRIVAL_KEY);
    return asked;
  } catch {
    return false;
  }
}

export function useSwitchToCart(onSwitch: () => void) {
  const handler = useRef(onSwitch);
  useEffect(() => {
    handler.current = onSwitch;
  });
  useEffect(() => {
    const listener = () => handler.current();
    if (takeCartOnArrival()) listener();
    window.addEventListener(SWITCH_TO_CART_EVENT, listener);
    return () => window.removeEventListener(SWITCH_TO_CART_EVENT, listener);
  }, []);
}
