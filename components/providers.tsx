"use client";

import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { useState, type ReactNode } from "react";
import { BannerProvider } from "@/components/notifications/banner";
import { LazyToaster } from "@/components/ui/lazy-toaster";

// Data loading as spec 000 §9 sets it: no automatic retry, no refetch on window focus, no polling,
// data never stale on its own, unused cache dropped after 5 minutes.
function makeQueryClient() {
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

export function Providers({ children }: { children: ReactNode }) {
  const [queryClient] = useState(makeQueryClient);
  return (
    <QueryClientProvider client={queryClient}>
      <BannerProvider>
        {children}
        <LazyToaster />
      </BannerProvider>
    </QueryClientProvider>
  );
}
