"use client";

import { keepPreviousData, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { toastError, toastSuccess, useErrorToast } from "@/components/notifications/toast";
import { api } from "@/lib/client/api";
import { queryKeys } from "@/lib/client/query-keys";
import type { DeclineInput, PayoutInput } from "@/lib/validations/withdrawals";

// Refund Management's withdrawals (issue 47): the families' requests, and the office's Pay out and
// Decline, with their toasts. A refused decision (another clerk was first) refetches the list.

export function useWithdrawals(status: string, page: number) {
  const query = useQuery({
    queryKey: queryKeys.withdrawals(status, page),
    queryFn: () =>
      api(`/api/refunds/withdrawals?status=${encodeURIComponent(status)}&page=${page}`),
    placeholderData: keepPreviousData,
  });
  useErrorToast(query.error, "Failed to fetch withdrawals");
  return query;
}

type Decision =
  | { kind: "pay"; id: number; body: PayoutInput }
  | { kind: "decline"; id: number; body: DeclineInput };

export function useDecideWithdrawal(onDone?: () => void) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (decision: Decision) =>
      decision.kind === "pay"
        ? api(`/api/refunds/withdrawals/${decision.id}/pay`, {
            method: "POST",
            body: decision.body,
          })
        : api(`/api/refunds/withdrawals/${decision.id}/decline`, {
            method: "POST",
            body: decision.body,
          }),
    onSuccess: (_answer, decision) => {
      toastSuccess(
        decision.kind === "pay" ? "Withdrawal paid out" : "Withdrawal declined",
        decision.kind === "pay"
          ? "The family has been told."
          : "The money is back in the family's wallet, and they have been told.",
      );
      onDone?.();
    },
    onError: (error) => toastError(error, "The withdrawal could not be updated"),
    onSettled: () => queryClient.invalidateQueries({ queryKey: queryKeys.withdrawalsAll }),
  });
}
