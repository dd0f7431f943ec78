"use client";

import { keepPreviousData, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { toastError, toastSuccess, useErrorToast } from "@/components/notifications/toast";
import { api } from "@/lib/client/api";
import type { RollListStatus } from "@/lib/contracts/roll";
import { PARENTS_KEY } from "./use-parents-queries";

// The school roll's calls (decision 0120, "Changed later"): the paged list and "Send links again".
// The list's key is under the parents' one, so an import or any change of the accounts refetches it.

export const ROLL_KEY = [...PARENTS_KEY, "roll"] as const;

export function rollPath(
  status: RollListStatus,
  q: string,
  page: number,
): `/api/parents/roll?${string}` {
  const params = new URLSearchParams({ status, page: String(page) });
  if (q) params.set("q", q);
  return `/api/parents/roll?${params.toString()}`;
}

export function useRoll(status: RollListStatus, q: string, page: number) {
  const query = useQuery({
    queryKey: [...ROLL_KEY, status, q, page],
    queryFn: () => api(rollPath(status, q, page)),
    placeholderData: keepPreviousData,
  });
  useErrorToast(query.error, "Failed to fetch the school roll");
  return query;
}

export function useReinvite() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => api(`/api/parents/roll/${id}/invite`, { method: "POST" }),
    onSuccess: (done) => toastSuccess("Links sent again", done.message),
    onError: (error) => toastError(error, "The links could not be sent"),
    onSettled: () => client.invalidateQueries({ queryKey: ROLL_KEY }),
  });
}
