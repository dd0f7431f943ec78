"use client";

import { useQuery } from "@tanstack/react-query";
import { api } from "@/lib/client/api";
import { CART_REVALIDATE_MS, queryKeys } from "@/lib/client/query-keys";
import type { MenuValidationDto } from "@/lib/contracts";

/**
 * Asks the server which cart items are still orderable, on mount and every 120000 ms (spec 000
 * §4). A failed call counts as valid: it resolves to null instead of failing.
 */
export function useCartValidation(menuItemIds: readonly number[]) {
  return useQuery({
    queryKey: queryKeys.menuValidation(menuItemIds),
    queryFn: async (): Promise<MenuValidationDto | null> => {
      try {
        return await api("/api/menu-items/validate", {
          method: "POST",
          body: { menuItemIds },
        });
      } catch {
        return null;
      }
    },
    enabled: menuItemIds.length > 0,
    staleTime: 0,
    refetchInterval: CART_REVALIDATE_MS,
  });
}
