"use client";

import { keepPreviousData, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useEffect } from "react";
import type { CycleOrdersPath } from "@/components/admin/history/use-cycle-history-filters";
import { notify } from "@/components/notifications/toast";
import { api, errorMessage } from "@/lib/client/api";
import { queryKeys } from "@/lib/client/query-keys";

// Cycle History's calls (spec 001 §7 GET /api/cycle-orders, POST /api/orders/status) with their
// toasts (§8). The cycles come from the Order Cycles section's useCycles.

export type UpdateStatus = "completed" | "pending" | "cancelled";

export function useMenuItems() {
  return useQuery({
    queryKey: queryKeys.menu,
    queryFn: () => api("/api/menu"),
  });
}

/** One page of the cycle's orders; the last page stays shown while the next one loads. */
export function useCycleOrders(path: CycleOrdersPath, enabled: boolean) {
  const ordersQuery = useQuery({
    queryKey: queryKeys.cycleOrders(path),
    queryFn: () => api(path),
    enabled,
    placeholderData: keepPreviousData,
  });

  useEffect(() => {
    if (ordersQuery.error) {
      notify({
        title: "Error",
        description: errorMessage(ordersQuery.error, "Failed to fetch cycle orders"),
        variant: "destructive",
      });
    }
  }, [ordersQuery.error]);

  return ordersQuery;
}

/** Bulk status update of the selected orders; `onUpdated` clears the selection. */
export function useUpdateOrderStatus(onUpdated: () => void) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: { orderIds: number[]; status: UpdateStatus }) =>
      api("/api/orders/status", { method: "POST", body: input }),
    onSuccess: (_result, input) => {
      notify({
        title: "Status updated",
        description: `Successfully updated status for ${input.orderIds.length} orders`,
        variant: "success",
      });
      onUpdated();
      void queryClient.invalidateQueries({ queryKey: queryKeys.cycleOrdersAll });
    },
    onError: (error) => {
      notify({
        title: "Error updating status",
        description: errorMessage(error, "Failed to update order statuses"),
        variant: "destructive",
      });
    },
  });
}
