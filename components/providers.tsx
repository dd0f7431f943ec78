"use client";

import { onlineManager, QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { useState, type ReactNode } from "react";
import { BannerProvider } from "@/components/notifications/banner";
import { SchoolBrandProvider, type SchoolBrand } from "@/components/school-brand";
import { LazyToaster } from "@/components/ui/lazy-toaster";

// Data loading as spec 000 §9 sets it: no automatic retry, no refetch on window focus, no polling,
// data never stale on its own, unused cache dropped after 5 minutes.
function makeQueryClient() {
  // TanStack Query assumes a network until the browser reports losing it; a page opened without one
  // (the offline copy) would then try its stale reads and show them failed. Told at once, it pauses
  // them, keeps what the page holds, and reads again when the network returns.
  if (typeof navigator !== "undefined") onlineManager.setOnline(navigator.onLine);
  return new QueryClient({
    defaultOptions: {
      queries: {
        retry: false,
        refetchOnWindowFocus: false,
        staleTime: Infinity,
        gcTime: 5 * 60 * 1000,
      },
      mutations: { retry: false },
    },
  });
}

export function Providers({
  school,
  children,
}: {
  /** The school at this address (its name and clock), from the root layout. */
  school: SchoolBrand | undefined;
  children: ReactNode;
}) {
  const [queryClient] = useState(makeQueryClient);
  return (
    <SchoolBrandProvider brand={school}>
      <QueryClientProvider client={queryClient}>
        <BannerProvider>
          {children}
          <LazyToaster />
        </BannerProvider>
      </QueryClientProvider>
    </SchoolBrandProvider>
  );
}
