import { format, isValid } from "date-fns";
import { formatZmw, toNgwee } from "@/lib/money";
import { parseIsoDate } from "@/lib/school-calendar";

// How the console's order tables show money and dates (spec 001 §9): amounts rounded up to whole
// kwacha with the original struck through, timestamps and calendar dates as "3 Mar 2025".

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

/** "45.50" → "K 45.50": the exact amount behind a whole-kwacha one, for its tooltip (issue 44). */
export function exactAmount(amount: string): string | undefined {
  try {
    return formatZmw(amount);
  } catch {
    return undefined;
  }
}

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
