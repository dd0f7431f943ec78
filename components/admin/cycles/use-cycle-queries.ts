"use client";

import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { toastError, toastSuccess, useErrorToast } from "@/components/notifications/toast";
import { api, ApiRequestError } from "@/lib/client/api";
import { queryKeys } from "@/lib/client/query-keys";
import type { BlockedDay } from "@/lib/contracts";
import { formatZmw } from "@/lib/money";
import type { CloseDayValues } from "@/lib/validations/credit";
import { isMonday } from "./wizard-state";

// The order-cycles calls (spec 001 §7) with their toasts (§8). Every mutation refetches the cycle
// list and the history.

export type NewCycle = {
  startDate: string;
  cycleLength: 4 | 6;
  blockedDays: BlockedDay[];
  /** Decision 0071: when a next cycle opens for ordering; absent for the only cycle (at once). */
  openOrdering?: "now" | "start-date";
};

const HISTORY_KEY = ["/api/order-cycles/history"] as const;

export function useCycles() {
  const query = useQuery({
    queryKey: queryKeys.orderCycles,
    queryFn: () => api("/api/order-cycles"),
  });
  useErrorToast(query.error, "Failed to fetch cycles");
  return query;
}

export function useCycleHistory(page: number) {
  const query = useQuery({
    queryKey: [...HISTORY_KEY, page],
    queryFn: () => api(`/api/order-cycles/history?page=${page}`),
    placeholderData: (previous) => previous,
  });
  useErrorToast(query.error, "Failed to fetch history");
  return query;
}

/**
 * The wizard's check before its last step (issue 25): whether another cycle still holds live orders
 * on the dates of the new one. Idle until a length and a Monday are chosen.
 */
export function useCycleOverlap(cycleLength: number | null, startDate: string | null) {
  const ready = cycleLength !== null && startDate !== null && isMonday(startDate);
  return useQuery({
    queryKey: queryKeys.cycleOverlap(startDate ?? "", cycleLength ?? 0),
    queryFn: () =>
      api(`/api/order-cycles/overlap?startDate=${startDate ?? ""}&cycleLength=${cycleLength ?? 4}`),
    enabled: ready,
    staleTime: 0,
  });
}

function useRefetchCycles() {
  const client = useQueryClient();
  return () =>
    Promise.all([
      client.invalidateQueries({ queryKey: queryKeys.orderCycles }),
      client.invalidateQueries({ queryKey: HISTORY_KEY }),
      client.invalidateQueries({ queryKey: ["/api/order-cycles/overlap"] }),
    ]);
}

export function useCreateCycle(onCreated: () => void) {
  const refetch = useRefetchCycles();
  return useMutation({
    mutationFn: (cycle: NewCycle) => api("/api/order-cycles", { method: "POST", body: cycle }),
    onSuccess: (_created, cycle) => {
      toastSuccess(
        "Order cycle created",
        `New ${cycle.cycleLength}-week order cycle has been activated successfully.`,
      );
      onCreated();
    },
    onError: (error) => toastError(error, "Failed to create order cycle"),
    onSettled: refetch,
  });
}

/** The server's question when the cycle still has meals to serve (409 with canForce), or null. */
export type DeactivateQuestion = { id: number; message: string; orderCount: number };

/**
 * Deactivates a cycle. A 409 with canForce (meals still to serve, decision 0071) calls `onAsk`
 * with the server's message instead of showing an error; the confirmed call sends ?force=true.
 */
export function useDeactivateCycle(onAsk: (question: DeactivateQuestion) => void = () => {}) {
  const refetch = useRefetchCycles();
  return useMutation({
    mutationFn: ({ id, force }: { id: number; force: boolean }) =>
      force
        ? api(`/api/order-cycles/${id}?force=true`, { method: "DELETE" })
        : api(`/api/order-cycles/${id}`, { method: "DELETE" }),
    onSuccess: () => toastSuccess("Order cycle deactivated"),
    onError: (error, { id, force }) => {
      if (!force && error instanceof ApiRequestError && error.body?.canForce === true) {
        const count = error.body.orderCount;
        onAsk({
          id,
          message: error.serverMessage ?? "",
          orderCount: typeof count === "number" ? count : 0,
        });
      } else toastError(error, "Failed to deactivate order cycle");
    },
    onSettled: refetch,
  });
}

export function useReactivateCycle() {
  const refetch = useRefetchCycles();
  return useMutation({
    mutationFn: (cycleId: number) =>
      api(`/api/order-cycles/${cycleId}/reactivate`, { method: "POST", body: {} }),
    onSuccess: () => toastSuccess("Cycle reactivated"),
    onError: (error) => toastError(error, "Failed to reactivate cycle"),
    onSettled: refetch,
  });
}

/** Closing a day (issue 17): the confirmation's numbers first, then the closing itself. */
export function useCloseDay(onClosed: () => void) {
  const refetch = useRefetchCycles();
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ cycleId, ...body }: { cycleId: number } & CloseDayValues) =>
      api(`/api/order-cycles/${cycleId}/close-day`, { method: "POST", body }),
    onSuccess: (answer) => {
      toastSuccess(
        "Day closed",
        `${answer.cancelledCount} ${answer.cancelledCount === 1 ? "order" : "orders"} cancelled, ${formatZmw(answer.creditedTotal)} credited. Parents are being e-mailed.`,
      );
      onClosed();
    },
    onError: (error) => toastError(error, "Failed to close the day"),
    onSettled: () =>
      Promise.all([refetch(), client.invalidateQueries({ queryKey: queryKeys.cycleOrdersAll })]),
  });
}

export function closeDayPreview(cycleId: number, day: BlockedDay) {
  return api(
    `/api/order-cycles/${cycleId}/close-day?weekNumber=${day.weekNumber}&dayOfWeek=${day.dayOfWeek}`,
  );
}
