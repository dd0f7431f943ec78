"use client";

import type { RowSelectionState } from "@tanstack/react-table";
import { useState } from "react";
import { ALL } from "@/components/admin/data-table/filter-select";
import type { OrderCycleDto } from "@/lib/contracts";

// Cycle History's filters, page and selection (spec 001 §2): the newest cycle until one is
// chosen; any change goes back to page 1 and clears the selection.

export type CycleHistoryFilters = {
  cycleId: string;
  week: string;
  day: string;
  status: string;
  menuItemId: string;
};

export type OrderFilterKey = Exclude<keyof CycleHistoryFilters, "cycleId">;

/** GET /api/cycle-orders with a query (an entry of lib/contracts/endpoints.ts). */
export type CycleOrdersPath = `/api/cycle-orders?${string}`;

/** The query of GET /api/cycle-orders: the filters are sent only when not 'all'. */
export function cycleOrdersPath(
  filters: CycleHistoryFilters,
  page: number,
  pageSize: number,
): CycleOrdersPath {
  const params = new URLSearchParams({
    page: String(page),
    pageSize: String(pageSize),
    cycleId: filters.cycleId,
  });
  if (filters.week !== ALL) params.set("weekNumber", filters.week);
  if (filters.day !== ALL) params.set("dayOfWeek", filters.day);
  if (filters.status !== ALL) params.set("status", filters.status);
  if (filters.menuItemId !== ALL) params.set("menuItemId", filters.menuItemId);
  return `/api/cycle-orders?${params.toString()}`;
}

export function useCycleHistoryFilters(cycles: readonly OrderCycleDto[]) {
  const [chosenCycleId, setChosenCycleId] = useState<string | null>(null);
  const [filters, setFilters] = useState<Omit<CycleHistoryFilters, "cycleId">>({
    week: ALL,
    day: ALL,
    status: ALL,
    menuItemId: ALL,
  });
  const [page, setPage] = useState(1);
  const [rowSelection, setRowSelection] = useState<RowSelectionState>({});
  const cycleId = chosenCycleId ?? (cycles[0] ? String(cycles[0].id) : "");

  function resetPaging() {
    setPage(1);
    setRowSelection({});
  }

  function changeFilter(key: OrderFilterKey, value: string) {
    setFilters((current) => ({ ...current, [key]: value }));
    resetPaging();
  }

  function changeCycle(value: string) {
    setChosenCycleId(value);
    resetPaging();
  }

  const selectedIds = Object.keys(rowSelection)
    .filter((id) => rowSelection[id])
    .map(Number);

  return {
    filters: { ...filters, cycleId } satisfies CycleHistoryFilters,
    changeFilter,
    changeCycle,
    page,
    setPage,
    rowSelection,
    setRowSelection,
    selectedIds,
  };
}
