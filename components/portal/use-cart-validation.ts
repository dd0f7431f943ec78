"use client";

import { useQuery } from "@tanstack/react-query";
import { api } from "@/lib/client/api";
import { CART_REVALIDATE_MS, queryKeys } from "@/lib/client/query-keys";
import type { MenuValidationDto, OrderRequestItem } from "@/lib/contracts";

/**
 * Asks the server which of these menu items are still orderable (spec 000 §4). A failed call
 * counts as valid: it resolves to null instead of failing; the server checks the order anyway.
 */
export async function validateMenuItems(
  menuItemIds: readonly number[],
  lines?: readonly Pick<OrderRequestItem, "menuItemId" | "studentId" | "allergyAcknowledged">[],
): Promise<MenuValidationDto | null> {
  // With the cart's lines the server also applies the allergy rule (issue 18).
  const items = lines?.map(({ menuItemId, studentId, allergyAcknowledged }) => ({
    menuItemId,
    studentId,
    allergyAcknowledged,
  }));
  try {
    return await api("/api/menu-items/validate", {
      method: "POST",
      body: { menuItemIds, items },
    });
  } catch {
    return null;
  }
}

/** The cart's validation, on mount and every 120000 ms (spec 000 §4). */
export function useCartValidation(menuItemIds: readonly number[]) {
  return useQuery({
    queryKey: queryKeys.menuValidation(menuItemIds),
    queryFn: () => validateMenuItems(menuItemIds),
    enabled: menuItemIds.length > 0,
    staleTime: 0,
    refetchInterval: CART_REVALIDATE_MS,
  });
}
