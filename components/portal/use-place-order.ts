"use client";

import { useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { notify } from "@/components/notifications/toast";
import { api, ApiRequestError, errorMessage } from "@/lib/client/api";
import { cartTotals, pricedCartItems, toOrderRequest } from "@/lib/client/cart";
import { clearCart } from "@/lib/client/cart-store";
import { queryKeys } from "@/lib/client/query-keys";
import type { SessionUser } from "@/lib/auth/session";
import type { CartItem } from "@/lib/contracts";

/** What the cart hands to card checkout: the priced lines, the customer and the total. */
export type CheckoutHandler = (
  cartItems: CartItem[],
  context: { user: SessionUser; totalNgwee: number },
) => void | Promise<void>;

// Place Order (spec 000 §4, §5): an e-mail on the profile first; a free cart (100 % code or a
// zero total) goes straight to POST /api/orders; anything to pay goes to card checkout.
export function usePlaceOrder({
  user,
  onCheckout,
  onOrdered,
}: {
  user: SessionUser;
  onCheckout: CheckoutHandler;
  onOrdered: () => void;
}) {
  const queryClient = useQueryClient();
  const [placing, setPlacing] = useState(false);

  /** False (after a toast) when the cart cannot be ordered at all. */
  function canOrder(items: CartItem[]): boolean {
    if (!user.email) {
      notify({
        title: "Email Required",
        description:
          "Please add an email address to your profile before placing orders. Contact the school office for assistance.",
        variant: "destructive",
      });
      return false;
    }
    if (items.length === 0) {
      notify({ title: "Error", description: "No items found in cart", variant: "destructive" });
      return false;
    }
    return true;
  }

  async function placeOrder(items: CartItem[], codePercent: number) {
    if (!canOrder(items)) return;
    const { total } = cartTotals(items, codePercent);
    setPlacing(true);
    try {
      if (total > 0) {
        await onCheckout(pricedCartItems(items, codePercent), { user, totalNgwee: total });
        return;
      }
      await api("/api/orders", {
        method: "POST",
        body: toOrderRequest(items, codePercent, { name: user.name, email: user.email ?? "" }),
      });
      clearCart();
      notify({
        title: "Order Placed",
        description: "Your order has been placed successfully.",
        variant: "success",
      });
      void queryClient.invalidateQueries({ queryKey: queryKeys.orders });
      onOrdered();
    } catch (error) {
      notify({
        title: "Error",
        description: errorMessage(error, "Failed to place order"),
        variant: "destructive",
      });
      if (error instanceof ApiRequestError && error.body?.cartValidation) {
        void queryClient.invalidateQueries({ queryKey: queryKeys.menuValidationAll });
      }
    } finally {
      setPlacing(false);
    }
  }

  /**
   * Pay by Mobile Money or Bank Transfer (the payment bypass setting): the orders are placed now,
   * pending payment, and the payment instructions arrive by e-mail. The card path is untouched.
   */
  async function placeAlternativeOrder(items: CartItem[], codePercent: number) {
    if (!canOrder(items)) return;
    setPlacing(true);
    try {
      await api("/api/orders?paymentMethod=alternative", {
        method: "POST",
        body: toOrderRequest(items, codePercent, { name: user.name, email: user.email ?? "" }),
      });
      clearCart();
      notify({
        title: "Order Placed",
        description:
          "Your order is awaiting payment. Please check your email for payment instructions.",
        variant: "success",
      });
      void queryClient.invalidateQueries({ queryKey: queryKeys.orders });
      onOrdered();
    } catch (error) {
      notify({
        title: "Error",
        description: errorMessage(error, "Failed to place order"),
        variant: "destructive",
      });
      if (error instanceof ApiRequestError && error.body?.cartValidation) {
        void queryClient.invalidateQueries({ queryKey: queryKeys.menuValidationAll });
      }
    } finally {
      setPlacing(false);
    }
  }

  return { placeOrder, placeAlternativeOrder, placing };
}
