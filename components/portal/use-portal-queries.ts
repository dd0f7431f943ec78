"use client";

import { useQuery } from "@tanstack/react-query";
import { api, ApiRequestError } from "@/lib/client/api";
import { CUTOFF_STALE_MS, ORDERS_GC_MS, ORDERS_STALE_MS, queryKeys } from "@/lib/client/query-keys";
import type { OrderCycleDto } from "@/lib/contracts";
import { orderingCycle } from "@/lib/contracts/cycles";

// The reads of the parent and teacher screens, one query per endpoint. The client's defaults
// (components/providers.tsx) apply: no retry, no refetch on focus, never stale on its own.

export function useMenu() {
  return useQuery({ queryKey: queryKeys.menu, queryFn: () => api("/api/menu") });
}

const fetchCycles = () => api("/api/order-cycles");
/** The cycle parents order for: the active one open now that starts last (decision 0071). */
const selectActive = (cycles: OrderCycleDto[]) => orderingCycle(cycles, new Date());

export function useOrderCycles() {
  return useQuery({ queryKey: queryKeys.orderCycles, queryFn: fetchCycles });
}

/** The active order cycle, or null when there is none. */
export function useActiveCycle() {
  return useQuery({ queryKey: queryKeys.orderCycles, queryFn: fetchCycles, select: selectActive });
}

export function useCutoffTime() {
  return useQuery({
    queryKey: queryKeys.cutoffTime,
    queryFn: () => api("/api/settings/cutoff-time"),
    staleTime: CUTOFF_STALE_MS,
  });
}

export function useOrders() {
  return useQuery({
    queryKey: queryKeys.orders,
    queryFn: () => api("/api/orders?includeAll=true"),
    staleTime: ORDERS_STALE_MS,
    gcTime: ORDERS_GC_MS,
  });
}

/** The account's credit (issue 17): its balance, what an open payment holds, its movements. */
export function useAccountCredit() {
  return useQuery({
    queryKey: queryKeys.accountCredit,
    queryFn: () => api("/api/account/credit"),
    staleTime: ORDERS_STALE_MS,
  });
}

export function useStudents() {
  return useQuery({
    queryKey: queryKeys.students,
    queryFn: () => api("/api/students"),
  });
}

/** The caller's discount code; a 404 means none (null). */
export function useMyDiscountCode() {
  return useQuery({
    queryKey: queryKeys.myDiscountCode,
    queryFn: async () => {
      try {
        return await api("/api/discounts/my-discount-code");
      } catch (error) {
        if (error instanceof ApiRequestError && error.status === 404) return null;
        throw error;
      }
    },
  });
}

export function usePaymentBypass() {
  return useQuery({
    queryKey: queryKeys.paymentBypass,
    queryFn: () => api("/api/settings/payment-bypass"),
  });
}

/** Whether the school takes orders paid later by transfer (issue 44): on unless it turned it off. */
export function useBankTransfer() {
  return useQuery({
    queryKey: queryKeys.bankTransfer,
    queryFn: () => api("/api/settings/bank-transfer"),
  });
}

/** Whether the Cart offers mobile money, for which operators, and how long it waits. */
export function useMobileMoney() {
  return useQuery({
    queryKey: queryKeys.mobileMoney,
    queryFn: () => api("/api/settings/mobile-money"),
  });
}

export function useCommunication() {
  return useQuery({
    queryKey: queryKeys.communication,
    queryFn: () => api("/api/settings/communication"),
  });
}
