// Money is counted in ngwee (1/100 kwacha) as integers and travels as 2-decimal strings. Never a
// float: "0.1 + 0.2" problems cannot reach a parent's total.

/** "45.5", "45.50", 45.5 → 4550. Throws on anything that is not a non-negative 2-decimal amount. */
export function toNgwee(value: string | number): number {
  const text = typeof value === "number" ? value.toFixed(2) : value.trim();
  const match = /^(\d{1,9})(?:\.(\d{1,2}))?$/.exec(text);
  if (!match) throw new RangeError(`Not an amount: ${String(value)}`);
  return Number(match[1]) * 100 + Number((match[2] ?? "").padEnd(2, "0"));
}

/** 4550 → "45.50" */
export function fromNgwee(ngwee: number): string {
  const sign = ngwee < 0 ? "-" : "";
  const abs = Math.abs(Math.round(ngwee));
  return `${sign}${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, "0")}`;
}

/** Applies a whole-percent discount, rounding half up to the ngwee. */
export function applyPercentOff(ngwee: number, percent: number): number {
  const p = Math.min(100, Math.max(0, Math.round(percent)));
  return Math.floor((ngwee * (100 - p) + 50) / 100);
}

/** The percent-off label from a price and its discount price (spec 000 §9: rounded). */
export function percentOff(price: string, discountPrice: string | null): number | null {
  if (discountPrice === null) return null;
  const full = toNgwee(price);
  const sale = toNgwee(discountPrice);
  if (full <= 0 || sale >= full) return null;
  return Math.round(((full - sale) / full) * 100);
}

const zmw = new Intl.NumberFormat("en-ZM", {
  style: "currency",
  currency: "ZMW",
  minimumFractionDigits: 2,
  maximumFractionDigits: 2,
});

/** "K 45.50" in the en-ZM format with 2 decimals (parent screens), from a 2-decimal string. */
export function formatZmw(amount: string): string {
  return formatNgwee(toNgwee(amount));
}

/** The same from ngwee (integer division is exact for display: at most 2 decimals). */
export function formatNgwee(ngwee: number): string {
  return zmw.format(ngwee / 100);
}
