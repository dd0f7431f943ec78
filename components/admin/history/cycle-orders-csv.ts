import { TZDateMini as TZDate } from "@date-fns/tz/date/mini";
import { lightFormat } from "date-fns";
import { weekdayName } from "@/lib/client/format";
import type { CycleOrderDto } from "@/lib/contracts/orders";
import { toCsv } from "@/lib/export-csv";

// Cycle History's CSV export (spec 001 §9): the columns, one row per order and the file. The
// spec's columns come first, then who placed the order and the payment's reference (issue 44).

/**
 * An ISO timestamp as "2025-03-03 10:30" on the school's clock (`timeZone`, from the answer),
 * never the browser's: an office abroad, or a laptop set to another zone, exports the school's
 * times (issue 44).
 */
export function formatCsvDate(value: string | null | undefined, timeZone: string): string {
  if (!value) return "";
  const time = Date.parse(value);
  if (!Number.isFinite(time)) return "Invalid date";
  return lightFormat(new TZDate(time, timeZone), "yyyy-MM-dd HH:mm");
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
  "Parent",
  "Parent Username",
  "Payment Reference",
] as const;

/** One CSV row per order, in CSV_COLUMNS order (spec 001 §9). Amounts keep their 2 decimals. */
export function csvRow(order: CycleOrderDto, timeZone: string): string[] {
  return [
    formatCsvDate(order.orderDate, timeZone),
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
    order.orderedBy.name,
    order.orderedBy.username,
    order.paymentReference ?? "",
  ];
}

/**
 * The export file. It carries text parents typed (comments) and admins typed (names): toCsv keeps
 * a spreadsheet from running any of it as a formula (CSV injection).
 */
export function ordersCsv(orders: readonly CycleOrderDto[], timeZone: string): string {
  return toCsv(
    CSV_COLUMNS,
    orders.map((order) => csvRow(order, timeZone)),
  );
}
