"use client";

import { keepPreviousData, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { CycleOrdersPath } from "@/components/admin/history/use-cycle-history-filters";
import { toastError, toastSuccess, useErrorToast } from "@/components/notifications/toast";
import { api } from "@/lib/client/api";
import { queryKeys } from "@/lib/client/query-keys";
import { plural } from "@/lib/client/format";

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

  useErrorToast(ordersQuery.error, "Failed to fetch cycle orders");

  return ordersQuery;
}

/** Bulk status update of the selected orders; `onUpdated` clears the selection. */
export function useUpdateOrderStatus(onUpdated: () => void) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: { orderIds: number[]; status: UpdateStatus }) =>
      api("/api/orders/status", { method: "POST", body: input }),
    onSuccess: (_result, input) => {
      toastSuccess(
        "Status updated",
        `Successfully updated status for ${plural(input.orderIds.length, "order")}`,
      );
      onUpdated();
      void queryClient.invalidateQueries({ queryKey: queryKeys.cycleOrdersAll });
    },
    onError: (error) => {
      toastError(error, "Failed to update order statuses", "Error updating status");
    },
  });
}
