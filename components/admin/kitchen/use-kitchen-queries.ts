"use client";

import { keepPreviousData, useMutation, useQuery } from "@tanstack/react-query";
import type { KitchenPath } from "@/components/admin/kitchen/kitchen-format";
import { notify } from "@/components/notifications/toast";
import { api, errorMessage } from "@/lib/client/api";
import { queryKeys } from "@/lib/client/query-keys";

// The kitchen's calls (spec 001 §7 GET /api/orders/today and /week/{week}, POST
// /api/orders/status) with their toasts (§8).

export function useKitchenOrders(path: KitchenPath) {
  return useQuery({
    queryKey: queryKeys.kitchen(path),
    queryFn: () => api(path),
    placeholderData: keepPreviousData,
  });
}

/** Mark as Complete; `onCompleted` clears the selection and reads the orders again. */
export function useCompleteOrders(onCompleted: () => void) {
  return useMutation({
    mutationFn: (orderIds: number[]) =>
      api("/api/orders/status", {
        method: "POST",
        body: { orderIds, status: "completed" },
      }),
    onSuccess: (_result, orderIds) => {
      notify({
        title: "Status updated",
        description: `Successfully updated status for ${orderIds.length} orders`,
        variant: "success",
      });
      onCompleted();
    },
    onError: (error) => {
      notify({
        title: "Error",
        description: errorMessage(error, "Failed to update orders. Please try again."),
        variant: "destructive",
      });
    },
  });
}
