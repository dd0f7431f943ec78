"use client";

import dynamic from "next/dynamic";
import { loadCartView } from "@/components/portal/lazy-portal";
import { LoadingBlock } from "@/components/portal/load-state";

// The parts of the parent and teacher screens that are not in the Menu Calendar's first paint but
// must work offline too: Order History (fetched when its tab is first shown), repeat-last-week's
// planning (components/portal/repeat-last-week.tsx) and the Cart (lazy-portal.tsx).
// `prefetchForOffline` fetches them once the page is idle, and
// components/portal/offline-support.tsx then tells the service worker to keep them.
// Kept apart from lazy-portal.tsx, which Order History itself imports (its cancel dialog): the
// import graph allows no circle (tests/unit/import-graph.test.ts).

// One loader per module, used by the component and by the prefetch alike: an import() written inside
// next/dynamic's call is compiled into a chunk of its own, so a second import() of the same module
// fetched a different file, which the service worker then lacked offline (tests/e2e/offline.spec.ts).
const loadOrderHistory = () => import("@/components/portal/order-history");
/** Repeat-last-week's planning and note (components/portal/repeat-last-week.tsx). */
export const loadRepeatPlanning = () => import("@/components/portal/repeat-planning");

export const LazyOrderHistory = dynamic(() => loadOrderHistory().then((m) => m.OrderHistory), {
  loading: () => (
    <div className="grid gap-4">
      <h2 className="text-xl font-semibold">Order History</h2>
      <LoadingBlock label="Loading orders" />
    </div>
  ),
});

/**
 * The code that offline use needs beyond the Menu Calendar's first paint: Order History (with its
 * order cards and credit panel), repeat-last-week's planning and note, and the Cart (a parent who
 * had never opened it that visit got the error page offline instead of their cart), with what the
 * screen adds (the teacher's cart sheet). Fetched after the page is idle, so the first paint does
 * not wait for it and the service worker can keep it; on a phone it also opens the Cart at once.
 */
export function prefetchForOffline(more?: () => Promise<unknown>): Promise<unknown> {
  // Each on its own: one failed download does not keep the worker from the others.
  return Promise.allSettled([loadOrderHistory(), loadRepeatPlanning(), loadCartView(), more?.()]);
}
