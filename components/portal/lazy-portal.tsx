"use client";

import dynamic from "next/dynamic";
import { LoadingBlock } from "@/components/portal/load-state";

// The parts of the parent and teacher screens that nobody needs for the first paint of the Menu
// Calendar, each fetched when first shown: Order History, the cart (and its checkout), the Students
// tab (components/parent/lazy-parent.tsx), the teacher's cart sheet
// (components/teacher/lazy-teacher.tsx) and the dialogs (their forms bring zod and react-hook-form).
// Keeps a parent's first download small on a phone. What must also work offline (Order History,
// repeat-last-week's planning) is fetched once the page is idle (`prefetchForOffline`, called by
// components/portal/offline-support.tsx before the service worker is told what to keep). The
// dialogs opened from them (add to cart, cancel order) and the header's menu
// (components/account/lazy-account.tsx) are fetched on first use, so the service worker has them for
// offline use only once they have been opened online.
export const LazyOrderHistory = dynamic(
  () => import("@/components/portal/order-history").then((m) => m.OrderHistory),
  {
    loading: () => (
      <div className="grid gap-4">
        <h2 className="text-xl font-semibold">Order History</h2>
        <LoadingBlock label="Loading orders" />
      </div>
    ),
  },
);
// Only an account without an e-mail address sees it (server-rendered, its chunk preloaded then).
export const LazyEmailNeededNotice = dynamic(() =>
  import("@/components/portal/email-needed-notice").then((m) => m.EmailNeededNotice),
);
export const LazyCartView = dynamic(
  () => import("@/components/portal/cart-view").then((m) => m.CartView),
  { loading: () => <LoadingBlock label="Loading cart" /> },
);
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

/**
 * The code that offline use needs beyond the Menu Calendar's first paint: Order History (with its
 * order cards and credit panel) and repeat-last-week's planning and note. Fetched after the page is
 * idle, so the first paint does not wait for it and the service worker can keep it.
 */
export function prefetchForOffline(): Promise<unknown> {
  return Promise.all([
    import("@/components/portal/order-history"),
    import("@/components/portal/repeat-planning"),
  ]);
}
