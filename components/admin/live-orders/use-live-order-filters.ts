"use client";

import { useState } from "react";
import {
  EMPTY_FILTERS,
  type LiveOrderFilters,
} from "@/components/admin/live-orders/live-order-format";

// Live Orders' filters (spec 001 §2): typed into a draft, sent only on 'Apply Filters', which
// goes back to page 1.

export function useLiveOrderFilters() {
  const [draft, setDraft] = useState<LiveOrderFilters>(EMPTY_FILTERS);
  const [applied, setApplied] = useState<LiveOrderFilters>(EMPTY_FILTERS);
  const [page, setPage] = useState(1);

  function apply() {
    setApplied(draft);
    setPage(1);
  }

  const set = (key: keyof LiveOrderFilters) => (value: string) =>
    setDraft((current) => ({ ...current, [key]: value }));

  return { draft, set, apply, applied, page, setPage };
}
