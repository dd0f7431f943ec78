import { format, isValid } from "date-fns";
import { weekdayName } from "@/lib/client/format";
import type { CycleOrderDto } from "@/lib/contracts/orders";
import { toCsv } from "@/lib/export-csv";

// Cycle History's CSV export (spec 001 §9): the columns, one row per order and the file.

/** An ISO timestamp as "2025-03-03 10:30" in the browser's time zone (for the CSV). */
export function formatCsvDate(value: string | null | undefined): string {
  if (!value) return "";
  const date = new Date(value);
  return isValid(date) ? format(date, "yyyy-MM-dd HH:mm") : "Invalid date";
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
