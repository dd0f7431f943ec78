"use client";

import { keepPreviousData, useMutation, useQuery } from "@tanstack/react-query";
import type { KitchenPath } from "@/components/admin/kitchen/kitchen-format";
import { toastError, toastSuccess } from "@/components/notifications/toast";
import { api } from "@/lib/client/api";
import { queryKeys } from "@/lib/client/query-keys";
import { plural } from "@/lib/client/format";

// The kitchen's calls (spec 001 §7 GET /api/orders/today and /week/{week}, POST
// /api/orders/status) with their toasts (§8).

/** The cycles the Fat Chef View may show, soonest first (issue 44 §7). */
export function useKitchenCycles() {
  return useQuery({
    queryKey: queryKeys.kitchen("/api/kitchen/cycles"),
    queryFn: () => api("/api/kitchen/cycles"),
  });
}

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
      toastSuccess(
        "Status updated",
        `Successfully updated status for ${plural(orderIds.length, "order")}`,
      );
      onCompleted();
    },
    onError: (error) => {
      toastError(error, "Failed to update orders. Please try again.");
    },
  });
}
