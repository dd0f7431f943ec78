"use client";

import { useQuery } from "@tanstack/react-query";
import { api, ApiRequestError } from "@/lib/client/api";
import { cartMenuItemIds } from "@/lib/client/cart-checkout";
import { CART_REVALIDATE_MS, queryKeys } from "@/lib/client/query-keys";
import type {
  CartItem,
  ClosedCartLineDto,
  MenuValidationDto,
  OrderRequestItem,
} from "@/lib/contracts";

/** A line as the validation reads it: the allergy rule's fields and (issue 44 §8) its day. */
type AllergyLine = Pick<
  OrderRequestItem,
  "menuItemId" | "studentId" | "allergyAcknowledged" | "weekNumber" | "dayOfWeek"
>;

/** A cart line the server refused under the allergy rule (issue 18), with its message. */
export type CartAllergyConflict = { menuItemId: number; studentId: number; message: string };

/**
 * The periodic check's answer: each item's state, the line the allergy rule refused, and the lines
 * whose day takes no orders (issue 44 §8: a day the school closed after the cart was filled).
 */
export type CartCheck = {
  validation: MenuValidationDto | null;
  allergyConflict: CartAllergyConflict | null;
  closedLines: ClosedCartLineDto[];
};

/**
 * Asks the server which of these menu items are still orderable (spec 000 §4). A failed call
 * counts as valid: it resolves to null instead of failing; the server checks the order anyway.
 */
export async function validateMenuItems(
  menuItemIds: readonly number[],
  lines?: readonly AllergyLine[],
): Promise<MenuValidationDto | null> {
  try {
    return await api("/api/menu-items/validate", {
      method: "POST",
      body: { menuItemIds, items: lines && allergyLines(lines) },
    });
  } catch {
    return null;
  }
}

// With the cart's lines the server also applies the allergy rule (issue 18) and names the lines
// whose day is closed (issue 44 §8).
const allergyLines = (lines: readonly AllergyLine[]): AllergyLine[] =>
  lines.map(({ menuItemId, studentId, allergyAcknowledged, weekNumber, dayOfWeek }) => ({
    menuItemId,
    studentId,
    allergyAcknowledged,
    weekNumber,
    dayOfWeek,
  }));

/** The cart's lines as the allergy rule reads them: acknowledged when the parent ticked the box. */
export function cartAllergyLines(items: readonly CartItem[]): AllergyLine[] {
  return items.map((item) => ({
    menuItemId: item.menuItemId,
    studentId: item.studentId,
    allergyAcknowledged: (item.acknowledgedAllergens?.length ?? 0) > 0,
    weekNumber: item.weekNumber,
    dayOfWeek: item.dayOfWeek,
  }));
}

/**
 * The periodic check: the items' state and the allergy rule on every line with its
 * acknowledgement, so an acknowledged line is not a conflict and a meal that gained an allergen
 * after it went into the cart is. Any other failure counts as valid (spec 000 §4).
 */
export async function recheckCart(items: readonly CartItem[]): Promise<CartCheck> {
  try {
    const validation = await api("/api/menu-items/validate", {
      method: "POST",
      body: { menuItemIds: cartMenuItemIds(items), items: cartAllergyLines(items) },
    });
    return { validation, allergyConflict: null, closedLines: validation.closedLines ?? [] };
  } catch (error) {
    return { validation: null, allergyConflict: allergyConflictOf(error), closedLines: [] };
  }
}

function allergyConflictOf(error: unknown): CartAllergyConflict | null {
  if (!(error instanceof ApiRequestError) || error.status !== 422) return null;
  const conflict = error.body?.allergyConflict as
    { menuItemId?: unknown; studentId?: unknown } | undefined;
  if (typeof conflict?.menuItemId !== "number" || typeof conflict.studentId !== "number") {
    return null;
  }
  return {
    menuItemId: conflict.menuItemId,
    studentId: conflict.studentId,
    message: error.serverMessage ?? "",
  };
}

/** The cart's validation, on mount and every 120000 ms (spec 000 §4). */
export function useCartValidation(items: readonly CartItem[]) {
  const lines = cartAllergyLines(items);
  return useQuery({
    queryKey: [...queryKeys.menuValidation(cartMenuItemIds(items)), lines],
    queryFn: () => recheckCart(items),
    enabled: items.length > 0,
    staleTime: 0,
    refetchInterval: CART_REVALIDATE_MS,
  });
}
