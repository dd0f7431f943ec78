import type { UseFormReturn } from "react-hook-form";
import type { MenuItemDto } from "@/lib/contracts";
import type { MenuItemInput, MenuItemValues } from "@/lib/validations/menu";

// The menu item form's values: what it starts from, what it sends, and the rules of its inputs.

export type EditableItem = MenuItemDto & { version?: number };

export type MenuItemFormApi = UseFormReturn<MenuItemInput, unknown, MenuItemValues>;

/** The form's message when a new item has no type chosen. */
export const CHOOSE_MENU_TYPE = "Choose primary, secondary or counter";

export function defaultsOf(item?: EditableItem): MenuItemInput {
  return {
    name: item?.name ?? "",
    description: item?.description ?? "",
    price: item?.price ?? "",
    discountPrice: item?.discountPrice ?? null,
    imageUrl: item?.imageUrl ?? "",
    // A new item's type is chosen, never silently "secondary" (issue 25; the API keeps its default).
    type: item?.type,
    categories: item?.categories ?? [],
    proteinDescriptions: item?.proteinDescriptions ?? {},
    weekNumbers: item?.weekNumbers ?? [],
    daysOfWeek: item?.daysOfWeek ?? [],
    allergens: item?.allergens ?? [],
    sideDishes: item?.sideDishes ?? [],
    isAvailable: item?.isAvailable ?? true,
    dailyCap: item?.dailyCap == null ? "" : String(item.dailyCap),
  };
}

/** The JSON of POST /api/menu and PUT /api/menu/{id}: price as a string, imageUrl null if empty. */
export function menuItemBody(values: MenuItemValues, version?: number) {
  const body = {
    ...values,
    price: String(values.price),
    imageUrl: values.imageUrl ? values.imageUrl : null,
  };
  return version === undefined ? body : { ...body, version };
}

/**
 * The price as typed: anything but digits and one dot is dropped; a second dot or a third
 * decimal is refused (the previous value is kept).
 */
export function filterPriceInput(next: string, previous: string): string {
  const cleaned = next.replace(/[^\d.]/g, "");
  const parts = cleaned.split(".");
  if (parts.length > 2) return previous;
  if ((parts[1] ?? "").length > 2) return previous;
  return cleaned;
}

/** A custom protein name as stored: trimmed and lower-cased. */
export function normaliseProtein(text: string): string {
  return text.trim().toLowerCase();
}

export function capitalise(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}
