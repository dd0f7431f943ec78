"use client";

import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { ALL } from "@/components/admin/data-table/filter-select";
import { api } from "@/lib/client/api";
import { queryKeys } from "@/lib/client/query-keys";

// Revenue Stats' call (spec 001 §7 GET /api/revenue/stats), retried once on failure.

export function revenueStatsPath(
  period: string,
): "/api/revenue/stats" | `/api/revenue/stats?cycleId=${string}` {
  return period === ALL
    ? "/api/revenue/stats"
    : `/api/revenue/stats?cycleId=${encodeURIComponent(period)}`;
}

/** The stats of all time (ALL) or of one cycle (its id). */
export function useRevenueStats(period: string) {
  return useQuery({
    queryKey: queryKeys.revenueStats(period),
    queryFn: () => api(revenueStatsPath(period)),
    retry: 1,
    placeholderData: keepPreviousData,
  });
}
