"use client";

import { useQueryClient } from "@tanstack/react-query";
import { useRouter } from "next/navigation";
import { useCallback } from "react";
import { toastError, toastSuccess } from "@/components/notifications/toast";
import { api } from "@/lib/client/api";
import { clearOfflineCache } from "@/lib/client/offline-cache";

// After login, registration or logout all cached data is cleared (spec 000 §4) and the server
// renders the page for the new session. The service worker's offline copies go too.
export function useSessionChanged() {
  const queryClient = useQueryClient();
  const router = useRouter();
  return useCallback(() => {
    queryClient.clear();
    void clearOfflineCache();
    router.refresh();
  }, [queryClient, router]);
}

export function useLogout() {
  const sessionChanged = useSessionChanged();
  return useCallback(async () => {
    try {
      await api("/api/logout", { method: "POST" });
      toastSuccess("Success", "Logged out successfully");
      sessionChanged();
    } catch (error) {
      toastError(error, "Failed to logout");
    }
  }, [sessionChanged]);
}
