"use client";

import { useState } from "react";
import { pageParam, useAddressParams } from "@/components/admin/data-table/use-console-address";
import {
  ALL,
  EMPTY_FILTERS,
  type LiveOrderFilters,
} from "@/components/admin/live-orders/live-order-format";

// Live Orders' filters (spec 001 §2): typed into a draft, sent only on 'Apply Filters', which
// goes back to page 1. The applied filters and the page live in the address (issue 25:
// `/?section=live_orders&status=cancelled&page=2`), so a reload or a colleague sees the same view.

const KEYS = Object.keys(EMPTY_FILTERS) as (keyof LiveOrderFilters)[];

export function useLiveOrderFilters() {
  const address = useAddressParams();
  const applied = Object.fromEntries(
    KEYS.map((key) => [key, address.get(key) ?? EMPTY_FILTERS[key]]),
  ) as LiveOrderFilters;
  const page = pageParam(address.get("page"));
  const [draft, setDraft] = useState<LiveOrderFilters>(applied);

  function apply() {
    const changes: Record<string, string | null> = { page: null };
    for (const key of KEYS) {
      const value = draft[key].trim();
      changes[key] = value === "" || value === ALL ? null : value;
    }
    address.set(changes);
  }

  function setPage(next: number) {
    address.set({ page: next > 1 ? next : null });
  }

  const set = (key: keyof LiveOrderFilters) => (value: string) =>
    setDraft((current) => ({ ...current, [key]: value }));

  return { draft, set, apply, applied, page, setPage };
}
