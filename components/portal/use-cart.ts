"use client";

import { useSyncExternalStore } from "react";
import { readCart, readServerCart, subscribeCart } from "@/lib/client/cart-store";
import type { CartItem } from "@/lib/contracts";

/** The localStorage cart, shared by every screen and tab; empty during server rendering. */
export function useCart(): CartItem[] {
  return useSyncExternalStore(subscribeCart, readCart, readServerCart);
}
