import { describe, expect, it } from "@jest/globals";
import {
  completedCount,
  formatRevenueAmount,
  percentOf,
  roundUpToKwacha,
  totalRevenue,
} from "@/lib/revenue/revenue-math";

// Spec 001 §9: completed = total − cancelled − pending; Total Revenue = net + pending; one-decimal
// percentages; revenue amounts in whole kwacha, rounded up.

describe("completedCount", () => {
  it.each([
    [10, 3, 2, 5],
    [0, 0, 0, 0],
    [4, 4, 0, 0],
    [3, 2, 2, 0], // never negative, even if the parts overlap
  ])("total %i, cancelled %i, pending %i → %i", (total, cancelled, pending, expected) => {
    expect(completedCount(total, cancelled, pending)).toBe(expected);
  });
});

describe("totalRevenue", () => {
  it.each([
    ["121.51", "60.00", "181.51"],
    ["0.00", "0.00", "0.00"],
    ["0.10", "0.20", "0.30"], // no float drift
    ["999999.99", "0.01", "1000000.00"],
  ])("%s + %s = %s", (net, pending, expected) => {
    expect(totalRevenue(net, pending)).toBe(expected);
  });
});

describe("percentOf", () => {
  it.each([
    [1, 3, "33.3"],
    [2, 3, "66.7"],
    [1, 8, "12.5"],
    [1, 16, "6.3"], // 6.25 rounds half up
    [3, 3, "100.0"],
    [0, 5, "0.0"],
    [0, 0, "0.0"], // no orders: 0, not NaN
    [5, 0, "0.0"],
    [1, 2000, "0.1"], // 0.05 rounds up
    [1, 2001, "0.0"],
  ])("%i of %i → %s", (count, total, expected) => {
    expect(percentOf(count, total)).toBe(expected);
  });
});

describe("roundUpToKwacha and formatRevenueAmount", () => {
  it.each([
    ["45.00", 45],
    ["45.01", 46],
    ["45.99", 46],
    ["0.00", 0],
    ["0.01", 1],
  ])("%s → %i kwacha", (amount, expected) => {
    expect(roundUpToKwacha(amount)).toBe(expected);
  });

  it("formats in en-ZM ZMW without decimals, rounded up", () => {
    const format = (n: number) =>
      new Intl.NumberFormat("en-ZM", {
        style: "currency",
        currency: "ZMW",
        maximumFractionDigits: 0,
        minimumFractionDigits: 0,
      }).format(n);
    expect(formatRevenueAmount("1234.01")).toBe(format(1235));
    expect(formatRevenueAmount("0.00")).toBe(format(0));
    expect(formatRevenueAmount("1234.01")).not.toMatch(/\./);
  });
});
