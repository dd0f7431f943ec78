import type { CartItem, MenuValidationDto, OrderRequestItem, MenuItemDto } from "@/lib/contracts";
import { applyPercentOff, fromNgwee, toNgwee } from "@/lib/money";

// The cart's pure rules (spec 000 §3-§5): one meal per student and school day, prices in ngwee
// with the caller's discount code applied line by line, exactly as the server prices the order
// (discount price first, then the code, rounded half up per line).

export const CART_STORAGE_KEY = "cartItems";
export const SPECIAL_INSTRUCTIONS_MAX = 500;

const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === "object" && v !== null;
const isId = (v: unknown): v is number => Number.isInteger(v) && (v as number) > 0;
const isText = (v: unknown): v is string => typeof v === "string";

function isAmount(v: unknown): v is string {
  if (typeof v !== "string") return false;
  try {
    toNgwee(v);
    return true;
  } catch {
    return false;
  }
}

/** One stored line, checked field by field: anything else in storage is dropped, never trusted. */
function toCartItem(value: unknown): CartItem | null {
  if (!isRecord(value) || !isRecord(value.menuItem) || !isRecord(value.student)) return null;
  const { menuItem, student } = value;
  const valid =
    isId(value.menuItemId) &&
    menuItem.id === value.menuItemId &&
    isText(menuItem.name) &&
    (menuItem.type === "primary" || menuItem.type === "secondary") &&
    isAmount(menuItem.price) &&
    (menuItem.discountPrice === null || isAmount(menuItem.discountPrice)) &&
    Number.isInteger(value.weekNumber) &&
    (value.weekNumber as number) >= 1 &&
    Number.isInteger(value.dayOfWeek) &&
    (value.dayOfWeek as number) >= 1 &&
    (value.dayOfWeek as number) <= 5 &&
    isId(value.studentId) &&
    student.id === value.studentId &&
    isText(student.name) &&
    isText(student.grade);
  if (!valid) return null;
  return {
    menuItemId: value.menuItemId as number,
    menuItem: {
      id: menuItem.id as number,
      name: menuItem.name as string,
      type: menuItem.type as "primary" | "secondary",
      price: menuItem.price as string,
      discountPrice: (menuItem.discountPrice as string | null) ?? null,
    },
    weekNumber: value.weekNumber as number,
    dayOfWeek: value.dayOfWeek as number,
    studentId: value.studentId as number,
    student: {
      id: student.id as number,
      name: student.name as string,
      grade: student.grade as string,
    },
    category: isText(value.category) ? value.category : "",
    sideDish: isText(value.sideDish) ? value.sideDish : "",
    comments: isText(value.comments) ? value.comments.slice(0, SPECIAL_INSTRUCTIONS_MAX) : "",
    acknowledgedAllergens: Array.isArray(value.acknowledgedAllergens)
      ? value.acknowledgedAllergens.filter(isText)
      : [],
  };
}

/** The cart from its stored text; corrupt JSON or foreign shapes give an empty (or smaller) cart. */
export function parseCart(raw: string | null): CartItem[] {
  if (!raw) return [];
  let parsed: unknown;
  try {
    parsed = JSON.parse(raw);
  } catch {
    return [];
  }
  if (!Array.isArray(parsed)) return [];
  const items: CartItem[] = [];
  for (const entry of parsed) {
    const item = toCartItem(entry);
    if (item && !findCartDay(items, item.studentId, item.weekNumber, item.dayOfWeek)) {
      items.push(item);
    }
  }
  return items;
}

export function findCartDay(
  items: readonly CartItem[],
  studentId: number,
  weekNumber: number,
  dayOfWeek: number,
): CartItem | undefined {
  return items.find(
    (i) => i.studentId === studentId && i.weekNumber === weekNumber && i.dayOfWeek === dayOfWeek,
  );
}

export type AddToCartResult = { ok: true; items: CartItem[] } | { ok: false; reason: "in-cart" };

/** Adds a line unless that student already has a meal in the cart for that day. */
export function addCartItem(items: readonly CartItem[], item: CartItem): AddToCartResult {
  if (findCartDay(items, item.studentId, item.weekNumber, item.dayOfWeek)) {
    return { ok: false, reason: "in-cart" };
  }
  return { ok: true, items: [...items, item] };
}

export function removeCartDay(
  items: readonly CartItem[],
  studentId: number,
  weekNumber: number,
  dayOfWeek: number,
): CartItem[] {
  return items.filter(
    (i) => !(i.studentId === studentId && i.weekNumber === weekNumber && i.dayOfWeek === dayOfWeek),
  );
}

/** A cart line for a menu item, a student and a day, with the choices of the add dialog. */
export function makeCartItem(
  item: Pick<MenuItemDto, "id" | "name" | "type" | "price" | "discountPrice">,
  student: { id: number; name: string; grade: string },
  weekNumber: number,
  dayOfWeek: number,
  choice: {
    category: string;
    sideDish: string;
    comments: string;
    acknowledgedAllergens?: string[];
  },
): CartItem {
  return {
    menuItemId: item.id,
    menuItem: {
      id: item.id,
      name: item.name,
      type: item.type,
      price: item.price,
      discountPrice: item.discountPrice,
    },
    weekNumber,
    dayOfWeek,
    studentId: student.id,
    student: { id: student.id, name: student.name, grade: student.grade },
    category: choice.category,
    sideDish: choice.sideDish,
    comments: choice.comments.trim().slice(0, SPECIAL_INSTRUCTIONS_MAX),
    acknowledgedAllergens: choice.acknowledgedAllergens ?? [],
  };
}

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
