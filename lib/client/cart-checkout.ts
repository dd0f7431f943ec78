import type { CartItem, MenuValidationDto, OrderRequestItem } from "@/lib/contracts";
import { applyPercentOff, fromNgwee, toNgwee } from "@/lib/money";

// The cart's prices and what the Cart sends (spec 000 §3-§5): each line priced in ngwee with the
// caller's discount code, exactly as the server prices the order (discount price first, then the
// code, rounded half up per line), the request lines, the grouping by student and the answer of
// the cart's validation. Apart from the cart's own rules (lib/client/cart.ts), which the Menu
// Calendar's first paint uses: this is only the Cart's, fetched with it.

/**
 * A line's prices in ngwee: the menu price (`original`, what orders call originalPrice), the
 * price before the code (its discount price when it has one) and what is paid after the code.
 */
export function linePrice(
  item: CartItem,
  codePercent: number,
): { original: number; base: number; paid: number } {
  const base = toNgwee(item.menuItem.discountPrice ?? item.menuItem.price);
  const original = Math.max(toNgwee(item.menuItem.price), base);
  return { original, base, paid: applyPercentOff(base, codePercent) };
}

export type CartTotals = { subtotal: number; discount: number; total: number };

/** Subtotal at menu prices, the discount (offers and the code) and the total, in ngwee. */
export function cartTotals(items: readonly CartItem[], codePercent: number): CartTotals {
  let subtotal = 0;
  let total = 0;
  for (const item of items) {
    const { original, paid } = linePrice(item, codePercent);
    subtotal += original;
    total += paid;
  }
  return { subtotal, discount: subtotal - total, total };
}

/** The cart lines with discountedPrice and discountPercentage filled in (spec 000 §3). */
export function pricedCartItems(items: readonly CartItem[], codePercent: number): CartItem[] {
  return items.map((item) => ({
    ...item,
    discountedPrice: fromNgwee(linePrice(item, codePercent).paid),
    discountPercentage: codePercent,
  }));
}

/**
 * The cart lines as the server takes them, in POST /api/orders and in the card payment's
 * `cartItems`: empty choices null, priced with the code. The server prices the order again; these
 * prices are informative.
 */
export function toRequestItems(
  items: readonly CartItem[],
  codePercent: number,
): OrderRequestItem[] {
  return pricedCartItems(items, codePercent).map((item) => ({
    menuItemId: item.menuItemId,
    studentId: item.studentId,
    weekNumber: item.weekNumber,
    dayOfWeek: item.dayOfWeek,
    category: item.category || null,
    sideDish: item.sideDish || null,
    comments: item.comments || null,
    allergyAcknowledged: (item.acknowledgedAllergens?.length ?? 0) > 0,
    originalPrice: item.menuItem.price,
    discountedPrice: item.discountedPrice,
    discountPercentage: item.discountPercentage,
  }));
}

/** POST /api/orders' body: the request lines, each with the customer's name and e-mail. */
export function toOrderRequest(
  items: readonly CartItem[],
  codePercent: number,
  customer: { name: string; email: string },
): OrderRequestItem[] {
  return toRequestItems(items, codePercent).map((line) => ({
    ...line,
    customerName: customer.name,
    customerEmail: customer.email,
  }));
}

export type CartGroup = { studentId: number; studentName: string; items: CartItem[] };

/** The cart grouped by student (in first-added order), each group sorted by week and day. */
export function groupCartByStudent(items: readonly CartItem[]): CartGroup[] {
  const groups = new Map<number, CartGroup>();
  for (const item of items) {
    const group = groups.get(item.studentId) ?? {
      studentId: item.studentId,
      studentName: item.student.name,
      items: [],
    };
    group.items.push(item);
    groups.set(item.studentId, group);
  }
  return [...groups.values()].map((g) => ({
    ...g,
    items: [...g.items].sort((a, b) => a.weekNumber - b.weekNumber || a.dayOfWeek - b.dayOfWeek),
  }));
}

export type UnavailableReason = "unavailable" | "archived" | "missing";

/** Why a menu item can no longer be ordered, from POST /api/menu-items/validate; null when fine. */
export function unavailableReason(
  validation: MenuValidationDto | null | undefined,
  menuItemId: number,
): UnavailableReason | null {
  if (!validation) return null;
  if (validation.missing.includes(menuItemId)) return "missing";
  if (validation.archived.includes(menuItemId)) return "archived";
  if (validation.unavailable.includes(menuItemId)) return "unavailable";
  return null;
}

/**
 * The distinct menu item ids of the cart (or of its request lines), sorted: the body of
 * POST /api/menu-items/validate and a stable query key.
 */
export function cartMenuItemIds(items: readonly { menuItemId: number }[]): number[] {
  return [...new Set(items.map((i) => i.menuItemId))].sort((a, b) => a - b);
}
