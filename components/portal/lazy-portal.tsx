"use client";

import dynamic from "next/dynamic";
import { LoadingBlock } from "@/components/portal/load-state";

// The parts of the parent and teacher screens that nobody needs for the first paint of the Menu
// Calendar, each fetched when first shown: the cart (and its checkout), the Students tab
// (components/parent/lazy-parent.tsx), Order History (components/portal/lazy-offline.tsx), the
// teacher's cart sheet (components/teacher/lazy-teacher.tsx) and the dialogs (their forms bring zod
// and react-hook-form). Keeps a parent's first download small on a phone. What must also work
// offline (Order History, repeat-last-week's planning, the cart and the teacher's cart sheet) is
// fetched once the page is idle (components/portal/lazy-offline.tsx, decision 0125). The dialogs
// opened from them (add to cart, cancel order) and the header's menu
// (components/account/lazy-account.tsx) are fetched on first use, so the service worker has them
// for offline use only once they have been opened online.

// Only an account without an e-mail address sees it (server-rendered, its chunk preloaded then).
export const LazyEmailNeededNotice = dynamic(() =>
  import("@/components/portal/email-needed-notice").then((m) => m.EmailNeededNotice),
);
/**
 * The Cart's code, one loader for the component and for the idle prefetch (prefetchForOffline in
 * components/portal/lazy-offline.tsx): the same chunk, which the service worker then keeps.
 */
export const loadCartView = () => import("@/components/portal/cart-view");
export const LazyCartView = dynamic(() => loadCartView().then((m) => m.CartView), {
  loading: () => <LoadingBlock label="Loading cart" />,
});
export const LazyContactDialogs = dynamic(() =>
  import("@/components/portal/contact-dialog").then((m) => m.ContactDialogs),
);
export const LazyTermsDialog = dynamic(() =>
  import("@/components/portal/terms-dialog").then((m) => m.TermsDialog),
);
export const LazyAddToCartDialog = dynamic(() =>
  import("@/components/portal/add-to-cart-dialog").then((m) => m.AddToCartDialog),
);
export const LazyCancelOrderDialog = dynamic(() =>
  import("@/components/portal/cancel-order-dialog").then((m) => m.CancelOrderDialog),
);
export const LazyReceiptDialog = dynamic(() =>
  import("@/components/portal/receipt-dialog").then((m) => m.ReceiptDialog),
);
