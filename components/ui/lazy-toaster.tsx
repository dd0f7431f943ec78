"use client";

import dynamic from "next/dynamic";
import { useSyncExternalStore } from "react";
import { isToasterWanted, subscribeToasterWanted } from "@/components/notifications/toast";

const Toaster = dynamic(() => import("@/components/ui/sonner").then((m) => m.Toaster), {
  ssr: false,
});

/**
 * The toast outlet, fetched with the first notify() (components/notifications/toast.ts) rather
 * than with every page. Mount once, in the root providers.
 */
export function LazyToaster() {
  const wanted = useSyncExternalStore(subscribeToasterWanted, isToasterWanted, () => false);
  return wanted ? <Toaster /> : null;
}
