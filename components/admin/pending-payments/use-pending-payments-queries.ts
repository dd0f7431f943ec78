"use client";

import { keepPreviousData, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { toastError, toastSuccess, useErrorToast } from "@/components/notifications/toast";
import { api } from "@/lib/client/api";
import { queryKeys } from "@/lib/client/query-keys";

// Pending Payments' calls (spec 001 §7 GET /api/payments/pending, PUT /api/payments/verify) with
// their toasts (§8).

export function usePendingPayments(page: number) {
  const query = useQuery({
    queryKey: queryKeys.pendingPayments(page),
    queryFn: () => api(`/api/payments/pending?page=${page}`),
    placeholderData: keepPreviousData,
  });

  useErrorToast(query.error, "Failed to fetch pending payments");

  return query;
}

/** Verify Selected Payments; `onVerified` clears the group's selection. */
export function useVerifyPayments(onVerified: () => void) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (orderIds: number[]) =>
      api("/api/payments/verify", { method: "PUT", body: { orderIds } }),
    onSuccess: () => {
      toastSuccess("Payments Verified", "Selected orders have been marked as paid");
      onVerified();
      void queryClient.invalidateQueries({ queryKey: queryKeys.pendingPaymentsAll });
    },
    onError: (error) => {
      toastError(error, "Failed to verify payments");
    },
  });
}
