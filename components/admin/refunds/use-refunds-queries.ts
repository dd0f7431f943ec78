"use client";

import { keepPreviousData, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { toastError, toastSuccess, useErrorToast } from "@/components/notifications/toast";
import { api } from "@/lib/client/api";
import { queryKeys } from "@/lib/client/query-keys";
import type { RefundCompleteValues } from "@/lib/validations/refunds";

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

export function useCompleteRefund(onDone?: () => void) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ orderId, how }: { orderId: number; how: RefundCompleteValues }) =>
      api(`/api/refunds/${orderId}/complete`, { method: "POST", body: how }),
    onSuccess: (_answer, { how }) => {
      toastSuccess(
        "Refund completed",
        how.method === "credit"
          ? "The paid amount was added to the parent's account credit."
          : "The order has been marked as refunded.",
      );
      onDone?.();
    },
    onError: (error) => {
      toastError(error, "Failed to mark order as refunded");
    },
    // Refetch after a refusal too: the order may have changed under us.
    onSettled: () => queryClient.invalidateQueries({ queryKey: queryKeys.refundsAll }),
  });
}
