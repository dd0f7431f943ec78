"use client";

import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import {
  toastError,
  toastFailure,
  toastSuccess,
  useErrorToast,
} from "@/components/notifications/toast";
import { api } from "@/lib/client/api";
import { queryKeys } from "@/lib/client/query-keys";
import type { CardRefundDto } from "@/lib/contracts/card-refunds";
import type {
  CardRefundByHandValues,
  CardRefundValues,
  LeavingInput,
} from "@/lib/validations/refunds";

// Refund Management's refunds through DPO (issue 49): the list, refunding an order to its card,
// a retry, and a family leaving, with their toasts. Each answer is DPO's as recorded: a refusal
// or no answer is not an error of the call but a pending refund with DPO's reason.

export function useCardRefunds() {
  const query = useQuery({
    queryKey: queryKeys.cardRefunds,
    queryFn: () => api("/api/refunds/card-refunds"),
  });
  useErrorToast(query.error, "Failed to fetch card refunds");
  return query;
}

export function useLeavingFamilies() {
  const query = useQuery({
    queryKey: queryKeys.leavingFamilies,
    queryFn: () => api("/api/refunds/leaving"),
  });
  useErrorToast(query.error, "Failed to fetch families with credit");
  return query;
}

/** The toast for DPO's answer: refunded, or pending with DPO's reason. */
function toastAnswer(refund: CardRefundDto) {
  if (refund.status === "refunded") {
    toastSuccess("Refunded to the card", "DPO confirmed the refund. The family has been told.");
  } else {
    toastFailure(
      "Not refunded yet: the refund stays pending",
      refund.explanation ?? "DPO did not refund it.",
    );
  }
}

function useRefreshAll() {
  const queryClient = useQueryClient();
  return () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: queryKeys.refundsAll }),
      queryClient.invalidateQueries({ queryKey: queryKeys.cardRefunds }),
      queryClient.invalidateQueries({ queryKey: queryKeys.leavingFamilies }),
    ]);
}

export function useRefundToCard(onDone?: () => void) {
  const refresh = useRefreshAll();
  return useMutation({
    mutationFn: ({ orderId, values }: { orderId: number; values: CardRefundValues }) =>
      api(`/api/refunds/${orderId}/card`, { method: "POST", body: values }),
    onSuccess: (refund) => {
      toastAnswer(refund);
      onDone?.();
    },
    onError: (error) => toastError(error, "The refund could not be started"),
    onSettled: refresh,
  });
}

export function useRetryCardRefund() {
  const refresh = useRefreshAll();
  return useMutation({
    mutationFn: (id: number) =>
      api(`/api/refunds/card-refunds/${id}/retry`, { method: "POST", body: {} }),
    onSuccess: toastAnswer,
    onError: (error) => toastError(error, "The refund could not be sent again"),
    onSettled: refresh,
  });
}

export function usePayByHand(onDone?: () => void) {
  const refresh = useRefreshAll();
  return useMutation({
    mutationFn: ({ id, values }: { id: number; values: CardRefundByHandValues }) =>
      api(`/api/refunds/card-refunds/${id}/by-hand`, { method: "POST", body: values }),
    onSuccess: () => {
      toastSuccess("Recorded as paid by hand", "DPO will not be asked for this refund again.");
      onDone?.();
    },
    onError: (error) => toastError(error, "The refund could not be recorded"),
    onSettled: refresh,
  });
}

export function useFamilyLeaving(onDone?: () => void) {
  const refresh = useRefreshAll();
  return useMutation({
    mutationFn: (body: LeavingInput) => api("/api/refunds/leaving", { method: "POST", body }),
    onSuccess: (answer) => {
      const waiting = answer.cardRefunds.filter((r) => r.status === "pending").length;
      toastSuccess(
        "Credit given back",
        waiting > 0
          ? `${waiting} card refund(s) are pending with DPO: see Card refunds through DPO.`
          : "The family's wallet is empty and they have been told.",
      );
      onDone?.();
    },
    onError: (error) => toastError(error, "The credit could not be given back"),
    onSettled: refresh,
  });
}
