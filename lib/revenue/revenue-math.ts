import { fromNgwee, toNgwee } from "@/lib/money";

// The Revenue Stats arithmetic (spec 001 §9), pure so the screen and the server agree and the edge
// cases are unit-tested: money in integer ngwee, never floats.

/** Completed count = total − cancelled − pending, never below 0. */
export function completedCount(total: number, cancelled: number, pending: number): number {
  return Math.max(0, total - cancelled - pending);
}

/** Total Revenue = net (completed) revenue + the pending amount, as a 2-decimal string. */
export function totalRevenue(netRevenue: string, pendingAmount: string): string {
  return fromNgwee(toNgwee(netRevenue) + toNgwee(pendingAmount));
}

/**
 * A share of the total with one decimal, rounded half up ("33.3"); "0.0" when there are no
 * orders. Computed on integers (tenths of a percent), so 1/8 is 12.5, not 12.499999.
 */
export function percentOf(count: number, total: number): string {
  if (total <= 0 || count <= 0) return "0.0";
  const tenths = Math.floor((count * 1000 * 2 + total) / (2 * total));
  return `${Math.floor(tenths / 10)}.${tenths % 10}`;
}

/** A 2-decimal amount rounded UP to whole kwacha: "45.01" → 46, "45.00" → 45. */
export function roundUpToKwacha(amount: string): number {
  return Math.ceil(toNgwee(amount) / 100);
}

const wholeZmw = new Intl.NumberFormat("en-ZM", {
  style: "currency",
  currency: "ZMW",
  minimumFractionDigits: 0,
  maximumFractionDigits: 0,
});

/** The revenue screen's amounts: en-ZM ZMW, no decimals, rounded up ("1234.01" → "K 1,235"). */
export function formatRevenueAmount(amount: string): string {
  return wholeZmw.format(roundUpToKwacha(amount));
}
