"use client";

import { useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { ADD_EMAIL_LABEL } from "@/components/portal/email-needed-notice";
import { openProfileSettings } from "@/components/portal/open-profile";
import { notify, toastError, toastFailure, toastSuccess } from "@/components/notifications/toast";
import { useAccountCredit } from "@/components/portal/use-portal-queries";
import { api, ApiRequestError } from "@/lib/client/api";
import { cartTotals, toOrderRequest, toRequestItems } from "@/lib/client/cart-checkout";
import { clearCart } from "@/lib/client/cart-store";
import { queryKeys } from "@/lib/client/query-keys";
import type { SessionUser } from "@/lib/auth/session";
import type { CartItem, MenuItemDto, OrderRequestItem } from "@/lib/contracts";
import { creditToSpend } from "@/lib/contracts/credit";
import { toNgwee } from "@/lib/money";

/** What the cart hands to card checkout: the request lines, the customer and what is left to pay. */
export type CheckoutHandler = (
  lines: OrderRequestItem[],
  context: { user: SessionUser; totalNgwee: number },
) => void | Promise<void>;

const PLACED = "Your order has been placed successfully.";
const AWAITING_PAYMENT =
  "Your order is awaiting payment. Please check your email for payment instructions.";

// Place Order (spec 000 §4, §5): an e-mail on the profile first; a free cart (100 % code or a
// zero total), or one the account's credit covers (issue 17), goes straight to POST /api/orders;
// anything left to pay after the credit goes to card checkout (the server holds the credit).
// Pay by Mobile Money or Bank Transfer (the payment bypass setting) places the orders now,
// pending payment, and the payment instructions arrive by e-mail.
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
  const credit = useAccountCredit().data;
  // The credit an open payment holds comes back when a new checkout settles it.
  const creditNgwee = credit ? toNgwee(credit.balance) + toNgwee(credit.held) : 0;
  /** What is left to pay after the credit, in ngwee. */
  const dueOf = (total: number) => total - creditToSpend(creditNgwee, total);

  /** False (after a toast) when the cart cannot be ordered at all. */
  function canOrder(items: CartItem[]): boolean {
    if (!user.email) {
      // The spec's text, with the button that fixes it (issue 24 §2); long enough to read and tap.
      notify({
        title: "Email Required",
        description:
          "Please add an email address to your profile before placing orders. Contact the school office for assistance.",
        variant: "destructive",
        duration: 15_000,
        action: { label: ADD_EMAIL_LABEL, onClick: openProfileSettings },
      });
      return false;
    }
    if (items.length === 0) {
      toastFailure("Error", "No items found in cart");
      return false;
    }
    return true;
  }

  /** Issue 47: with capped items on the menu, what is left changed: read the menu again. */
  function refreshCappedMenu() {
    const menu = queryClient.getQueryData<MenuItemDto[]>(queryKeys.menu);
    if (menu?.some((item) => item.dailyCap !== null)) {
      void queryClient.invalidateQueries({ queryKey: queryKeys.menu });
    }
  }

  /** `alternative`: Mobile Money or Bank Transfer, never card checkout. */
  async function place(items: CartItem[], codePercent: number, alternative: boolean) {
    if (!canOrder(items)) return;
    const { total } = cartTotals(items, codePercent);
    const due = dueOf(total);
    setPlacing(true);
    try {
      if (!alternative && due > 0) {
        await onCheckout(toRequestItems(items, codePercent), { user, totalNgwee: due });
        return;
      }
      await api(alternative ? "/api/orders?paymentMethod=alternative" : "/api/orders", {
        method: "POST",
        body: toOrderRequest(items, codePercent, { name: user.name, email: user.email ?? "" }),
      });
      clearCart();
      toastSuccess("Order Placed", alternative ? AWAITING_PAYMENT : PLACED);
      void queryClient.invalidateQueries({ queryKey: queryKeys.orders });
      void queryClient.invalidateQueries({ queryKey: queryKeys.accountCredit });
      refreshCappedMenu();
      onOrdered();
    } catch (error) {
      toastError(error, "Failed to place order");
      // Issue 44 §8: a refusal naming closed days rechecks the cart, so those lines are marked.
      if (
        error instanceof ApiRequestError &&
        (error.body?.cartValidation || Array.isArray(error.body?.closedLines))
      ) {
        void queryClient.invalidateQueries({ queryKey: queryKeys.menuValidationAll });
      }
      // Issue 47: a day sold out meanwhile shows as "Sold out" on the calendar.
      if (error instanceof ApiRequestError && Array.isArray(error.body?.soldOut)) {
        void queryClient.invalidateQueries({ queryKey: queryKeys.menu });
      }
    } finally {
      setPlacing(false);
    }
  }

  /** Mobile money: the request lines and the total, or null (after a toast) when it cannot. */
  function prepareMobile(items: CartItem[], codePercent: number) {
    if (!canOrder(items)) return null;
    const { total } = cartTotals(items, codePercent);
    return { lines: toRequestItems(items, codePercent), totalNgwee: dueOf(total) };
  }

  return {
    /** The credit this cart would spend and what is left to pay, in ngwee. */
    creditFor: (total: number) => ({ credit: total - dueOf(total), due: dueOf(total) }),
    prepareMobile,
    placeOrder: (items: CartItem[], codePercent: number) => place(items, codePercent, false),
    placeAlternativeOrder: (items: CartItem[], codePercent: number) =>
      place(items, codePercent, true),
    placing,
  };
}
