import type { CartItem, MenuItemDto } from "@/lib/contracts";
import { toNgwee } from "@/lib/money";

// The cart's pure rules (spec 000 §3-§5): one meal per student and school day, the stored cart
// read back, a line made from the add dialog's choices. Its prices and what the Cart sends are in
// lib/client/cart-checkout.ts, loaded with the Cart: the Menu Calendar's first paint uses only
// these.

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
