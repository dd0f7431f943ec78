"use client";

import type { RowSelectionState } from "@tanstack/react-table";
import { useState } from "react";
import { ALL } from "@/components/admin/data-table/filter-select";
import { pageParam, useAddressParams } from "@/components/admin/data-table/use-console-address";
import type { OrderCycleDto } from "@/lib/contracts";

// Cycle History's filters, page and selection (spec 001 §2): the newest cycle until one is
// chosen; any change goes back to page 1 and clears the selection. The filters and the page live in
// the address (issue 25), the selection in the screen.

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

/** Each filter's name in the address (issue 25): `&cycle=3&week=2&status=cancelled&page=2`. */
const ADDRESS_KEYS: Record<keyof CycleHistoryFilters, string> = {
  cycleId: "cycle",
  week: "week",
  day: "day",
  status: "status",
  menuItemId: "item",
};

export function useCycleHistoryFilters(cycles: readonly OrderCycleDto[]) {
  const address = useAddressParams();
  const filter = (key: OrderFilterKey) => address.get(ADDRESS_KEYS[key]) ?? ALL;
  const filters = {
    week: filter("week"),
    day: filter("day"),
    status: filter("status"),
    menuItemId: filter("menuItemId"),
  };
  const page = pageParam(address.get("page"));
  const [rowSelection, setRowSelection] = useState<RowSelectionState>({});
  const cycleId = address.get(ADDRESS_KEYS.cycleId) ?? (cycles[0] ? String(cycles[0].id) : "");

  function changeFilter(key: OrderFilterKey, value: string) {
    address.set({ [ADDRESS_KEYS[key]]: value === ALL ? null : value, page: null });
    setRowSelection({});
  }

  function changeCycle(value: string) {
    address.set({ [ADDRESS_KEYS.cycleId]: value, page: null });
    setRowSelection({});
  }

  function setPage(next: number) {
    address.set({ page: next > 1 ? next : null });
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
