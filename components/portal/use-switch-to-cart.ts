"use client";

import { useEffect, useRef } from "react";
import { takeCartOnArrival } from "@/lib/client/cart-on-arrival";

/** The window event that opens the cart from anywhere (spec 000 §2). */
export const SWITCH_TO_CART_EVENT = "switch-to-cart";

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
