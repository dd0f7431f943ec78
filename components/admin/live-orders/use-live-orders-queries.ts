"use client";

import { keepPreviousData, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useCallback, useEffect } from "react";
import {
  performLiveAction,
  type LiveActionRequest,
} from "@/components/admin/live-orders/live-order-actions";
import {
  LIVE_ORDERS_REFRESH_MS,
  type LiveOrdersPath,
} from "@/components/admin/live-orders/live-order-format";
import { toastError } from "@/components/notifications/toast";
import { api } from "@/lib/client/api";
import { queryKeys } from "@/lib/client/query-keys";
import type { LiveOrder } from "@/lib/contracts/live-orders";
import type { LiveAction } from "@/lib/payments/attempt-transitions";

// Live Orders' calls (spec 001 §7 GET /api/payments/live-orders and the actions of §4) with their
// toasts (§8).

/** One page, polled every 5 s; the last page stays shown while the next one loads. */
export function useLiveOrders(path: LiveOrdersPath) {
  const query = useQuery({
    queryKey: queryKeys.liveOrders(path),
    queryFn: () => api(path),
    refetchInterval: LIVE_ORDERS_REFRESH_MS,
    placeholderData: keepPreviousData,
  });

  const failed = query.isError;
  useEffect(() => {
    if (failed) {
      toastError(query.error, "Failed to fetch orders");
    }
    // Once per failure, not on every 5 s retry of the poll.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [failed]);

  return query;
}

const FAILURE_TITLES: Record<LiveAction, string> = {
  retry: "Retry Failed",
  "check-payment": "Verification Failed",
  verify: "Verification Failed",
  "submit-order": "Processing Failed",
  abandon: "Update Failed",
};

const FALLBACKS: Record<LiveAction, string> = {
  retry: "Failed to retry order",
  "check-payment": "Failed to verify payment",
  verify: "Failed to verify payment",
  "submit-order": "Failed to process order",
  abandon: "Failed to update payment status",
};

/** One action at a time per console; the list is refreshed after each. */
export function useLiveOrderAction() {
  const queryClient = useQueryClient();
  const mutation = useMutation({
    mutationFn: (request: LiveActionRequest) => performLiveAction(request),
    onError: (error, { action }) => {
      toastError(error, FALLBACKS[action], FAILURE_TITLES[action]);
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: queryKeys.liveOrdersAll }),
  });
  const { mutate } = mutation;
  return {
    run: useCallback((order: LiveOrder, action: LiveAction) => mutate({ order, action }), [mutate]),
    pendingId: mutation.isPending ? mutation.variables.order.id : null,
  };
}
