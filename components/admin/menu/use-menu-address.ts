"use client";

import { useCallback, useMemo } from "react";
import { useAddressParams } from "@/components/admin/data-table/use-console-address";
import { NO_FILTERS, type MenuFilterValues } from "./menu-filters";

// Menu Management's view in the address (issue 25), like every console table's:
// `&view=grid&archived=1&week=2&day=3&availability=unavailable`, each left out at its default.

const AVAILABILITY = ["all", "available", "unavailable"] as const;
const WEEK_OR_DAY = /^[1-9]$/;

export function useMenuAddress() {
  const address = useAddressParams();
  const { get, set } = address;
  const view: "table" | "grid" = get("view") === "grid" ? "grid" : "table";
  const showArchived = get("archived") === "1";
  const week = get("week") ?? "";
  const day = get("day") ?? "";
  const availability = get("availability") ?? "";
  const filters = useMemo<MenuFilterValues>(
    () => ({
      week: WEEK_OR_DAY.test(week) ? week : NO_FILTERS.week,
      day: WEEK_OR_DAY.test(day) ? day : NO_FILTERS.day,
      availability: AVAILABILITY.find((value) => value === availability) ?? "all",
    }),
    [week, day, availability],
  );
  const setView = useCallback(
    (next: "table" | "grid") => set({ view: next === "grid" ? "grid" : null }),
    [set],
  );
  const setShowArchived = useCallback(
    (next: boolean) => set({ archived: next ? "1" : null }),
    [set],
  );
  const setFilters = useCallback(
    (change: (current: MenuFilterValues) => MenuFilterValues) => {
      const next = change(filters);
      const param = (value: string) => (value === "all" ? null : value);
      set({ week: param(next.week), day: param(next.day), availability: param(next.availability) });
    },
    [set, filters],
  );
  return { view, setView, showArchived, setShowArchived, filters, setFilters };
}
