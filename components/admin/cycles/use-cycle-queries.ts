"use client";

import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { toastError, toastSuccess, useErrorToast } from "@/components/notifications/toast";
import { api } from "@/lib/client/api";
import { queryKeys } from "@/lib/client/query-keys";
import type { BlockedDay, OrderCycleDto } from "@/lib/contracts";

// The order-cycles calls (spec 001 §7) with their toasts (§8). Every mutation refetches the cycle
// list and the history.

export type CycleHistoryEntry = {
  id: number;
  cycleId: number;
  startDate: string;
  endDate: string;
  createdAt: string;
  isActive: boolean;
  cycleLength: number;
  blockedDays: BlockedDay[];
  totalOrders: number;
  totalRevenue: string;
};

export type CycleHistoryPage = {
  data: CycleHistoryEntry[];
  metadata: {
    total: number;
    page: number;
    pageSize: number;
    totalPages: number;
    hasNextPage: boolean;
    hasPreviousPage: boolean;
  };
};

export type NewCycle = { startDate: string; cycleLength: 4 | 6; blockedDays: BlockedDay[] };

const HISTORY_KEY = ["/api/order-cycles/history"] as const;

export function useCycles() {
  const query = useQuery({
    queryKey: queryKeys.orderCycles,
    queryFn: () => api<OrderCycleDto[]>("/api/order-cycles"),
  });
  useErrorToast(query.error, "Failed to fetch cycles");
  return query;
}

export function useCycleHistory(page: number) {
  const query = useQuery({
    queryKey: [...HISTORY_KEY, page],
    queryFn: () => api<CycleHistoryPage>(`/api/order-cycles/history?page=${page}`),
    placeholderData: (previous) => previous,
  });
  useErrorToast(query.error, "Failed to fetch history");
  return query;
}

function useRefetchCycles() {
  const client = useQueryClient();
  return () =>
    Promise.all([
      client.invalidateQueries({ queryKey: queryKeys.orderCycles }),
      client.invalidateQueries({ queryKey: HISTORY_KEY }),
    ]);
}

export function useCreateCycle(onCreated: () => void) {
  const refetch = useRefetchCycles();
  return useMutation({
    mutationFn: (cycle: NewCycle) =>
      api<OrderCycleDto>("/api/order-cycles", { method: "POST", body: cycle }),
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

export function useDeactivateCycle() {
  const refetch = useRefetchCycles();
  return useMutation({
    mutationFn: (id: number) => api<unknown>(`/api/order-cycles/${id}`, { method: "DELETE" }),
    onSuccess: () => toastSuccess("Order cycle deactivated"),
    onError: (error) => toastError(error, "Failed to deactivate order cycle"),
    onSettled: refetch,
  });
}

export function useReactivateCycle() {
  const refetch = useRefetchCycles();
  return useMutation({
    mutationFn: (cycleId: number) =>
      api<unknown>(`/api/order-cycles/${cycleId}/reactivate`, { method: "POST", body: {} }),
    onSuccess: () => toastSuccess("Cycle reactivated"),
    onError: (error) => toastError(error, "Failed to reactivate cycle"),
    onSettled: refetch,
  });
}
