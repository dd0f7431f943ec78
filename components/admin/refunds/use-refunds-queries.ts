"use client";

import { keepPreviousData, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { toastError, toastSuccess, useErrorToast } from "@/components/notifications/toast";
import { api } from "@/lib/client/api";
import { queryKeys } from "@/lib/client/query-keys";

// Refund Management's calls (spec 001 §7 GET /api/refunds, POST /api/refunds/{id}/complete) with
// their toasts (§8).

export function useRefunds(page: number) {
  const query = useQuery({
    queryKey: queryKeys.refunds(page),
    queryFn: () => api(`/api/refunds?page=${page}`),
    placeholderData: keepPreviousData,
  });

  useErrorToast(query.error, "Failed to fetch refunds");

  return query;
}

export function useCompleteRefund() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (orderId: number) => api(`/api/refunds/${orderId}/complete`, { method: "POST" }),
    onSuccess: () => {
      toastSuccess("Refund completed", "The order has been marked as refunded.");
    },
    onError: (error) => {
      toastError(error, "Failed to mark order as refunded");
    },
    // Refetch after a refusal too: the order may have changed under us.
    onSettled: () => queryClient.invalidateQueries({ queryKey: queryKeys.refundsAll }),
  });
}
