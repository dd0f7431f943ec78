"use client";

import { useQuery } from "@tanstack/react-query";
import { api } from "@/lib/client/api";
import { CUTOFF_STALE_MS, queryKeys } from "@/lib/client/query-keys";
import { ALLERGENS, allergenChoices } from "@/lib/contracts/allergies";

/** GET /api/settings/allergens: the built-ins and the school's own (issue 44). */
export function useAllergenSettings() {
  return useQuery({
    queryKey: queryKeys.allergens,
    queryFn: () => api("/api/settings/allergens"),
    staleTime: CUTOFF_STALE_MS,
  });
}

/**
 * The allergens a form offers: the built-ins, then the school's own (the built-ins alone until the
 * list has loaded), then any the record already carries that is no longer offered, so it shows
 * ticked and can be unticked rather than kept out of sight.
 */
export function useAllergenChoices(carried: readonly string[] = []): string[] {
  const { data } = useAllergenSettings();
  const choices = data ? allergenChoices(data.custom) : [...ALLERGENS];
  const offered = new Set(choices.map((a) => a.toLowerCase()));
  return [...choices, ...carried.filter((a) => !offered.has(a.toLowerCase()))];
}
