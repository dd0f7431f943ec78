import { format, isValid } from "date-fns";
import { weekdayName } from "@/lib/client/format";
import type { CycleOrderDto } from "@/lib/contracts/orders";
import { toCsv } from "@/lib/export-csv";
import { toNgwee } from "@/lib/money";
import { parseIsoDate } from "@/lib/school-calendar";

// Pure helpers of Cycle History (spec 001 §2, §9): the price rule, dates and the CSV rows.

/** A 2-decimal amount rounded UP to whole kwacha (integer arithmetic on ngwee, no floats). */
export function roundUpKwacha(amount: string): number {
  const ngwee = toNgwee(amount);
  return Math.floor((ngwee + 99) / 100);
}

const wholeZmw = new Intl.NumberFormat("en-ZM", {
  style: "currency",
  currency: "ZMW",
  minimumFractionDigits: 0,
  maximumFractionDigits: 0,
});

/** 46 → "K 46" (en-ZM, no decimals). */
export function formatKwacha(kwacha: number): string {
  return wholeZmw.format(kwacha);
}

/**
 * Spec 001 §9: the paid amount rounded up to whole kwacha, and the original (also rounded up)
 * struck through only when it exceeds the rounded paid amount. Unreadable amounts show as null.
 */
export function priceDisplay(
  originalPrice: string,
  discountedPrice: string,
): { paid: number | null; original: number | null } {
  let paid: number | null = null;
  let original: number | null = null;
  try {
    paid = roundUpKwacha(discountedPrice);
  } catch {
    paid = null;
  }
  try {
    original = roundUpKwacha(originalPrice);
  } catch {
    original = null;
  }
  if (paid === null) return { paid: original, original: null };
  return { paid, original: original !== null && original > paid ? original : null };
}

/** An ISO timestamp as "3 Mar 2025", or 'Invalid date' / 'No date'. */
export function formatOrderDate(value: string | null | undefined): string {
  if (!value) return "No date";
  const date = new Date(value);
  return isValid(date) ? format(date, "d MMM yyyy") : "Invalid date";
}

/** An ISO timestamp as "2025-03-03 10:30" in the browser's time zone (for the CSV). */
export function formatCsvDate(value: string | null | undefined): string {
  if (!value) return "";
  const date = new Date(value);
  return isValid(date) ? format(date, "yyyy-MM-dd HH:mm") : "Invalid date";
}

/** A calendar date (YYYY-MM-DD) as "3 Mar 2025", read as a calendar date (no time zone shift). */
export function formatCalendarDate(value: string | null | undefined): string {
  if (!value) return "No date";
  const date = parseIsoDate(value.slice(0, 10));
  if (!date) return "Invalid date";
  return format(
    new Date(date.getUTCFullYear(), date.getUTCMonth(), date.getUTCDate()),
    "d MMM yyyy",
  );
}

/** The menu item's name (a cycle order is one meal: its cartItems are always empty). */
export function orderItemNames(order: CycleOrderDto): string {
  return order.menuItem.name || "Unknown item";
}

export const CSV_COLUMNS = [
  "Order Date",
  "Student Name",
  "Student Grade",
  "Menu Item",
  "Cycle Start",
  "Week",
  "Day",
  "Category",
  "Side Dish",
  "Comments",
  "Original Price",
  "Discounted Price",
  "Status",
] as const;

/** One CSV row per order, in CSV_COLUMNS order (spec 001 §9). Amounts keep their 2 decimals. */
export function csvRow(order: CycleOrderDto): string[] {
  return [
    formatCsvDate(order.orderDate),
    order.student?.name ?? "",
    order.student?.grade ?? "",
    orderItemNames(order),
    order.cycle?.startDate ?? "",
    String(order.weekNumber),
    weekdayName(order.dayOfWeek),
    order.category ?? "",
    order.sideDish ?? "",
    order.comments ?? "",
    order.originalPrice,
    order.discountedPrice,
    order.status,
  ];
}

/**
 * The export file. It carries text parents typed (comments) and admins typed (names): toCsv keeps
 * a spreadsheet from running any of it as a formula (CSV injection).
 */
export function ordersCsv(orders: readonly CycleOrderDto[]): string {
  return toCsv(CSV_COLUMNS, orders.map(csvRow));
}
