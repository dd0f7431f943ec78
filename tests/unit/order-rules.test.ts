import { describe, expect, it } from "@jest/globals";
import { applyPercentOff, formatZmw, fromNgwee, percentOff, toNgwee } from "@/lib/money";
import {
  cycleDayDate,
  cycleEndDate,
  dayClosure,
  isOffered,
  isPastCutoff,
  isWeekCompleted,
  menuTypeForGrade,
} from "@/lib/school-calendar";

const tz = "Africa/Lusaka"; // UTC+2, no daylight saving
const cutoff = { cutoffHour: 8, cutoffMinute: 0 };
// A 4-week cycle starting Monday 2 November 2026, with week 2's Wednesday blocked.
const cycle = {
  startDate: "2026-11-02",
  cycleLength: 4,
  blockedDays: [{ weekNumber: 2, dayOfWeek: 3 }],
};
const at = (iso: string) => new Date(iso);

describe("cycle days", () => {
  it("maps week and day to dates", () => {
    expect(cycleDayDate(cycle.startDate, 1, 1)).toBe("2026-11-02");
    expect(cycleDayDate(cycle.startDate, 2, 3)).toBe("2026-11-11");
    expect(cycleEndDate(cycle)).toBe("2026-11-27");
  });

  it("closes blocked days, past days, and today from the cut-off on", () => {
    const tuesdayWeek3Morning = at("2026-11-17T05:59:00Z"); // 07:59 in Lusaka
    expect(dayClosure(cycle, 2, 3, cutoff, tz, at("2026-11-01T10:00:00Z"))).toBe("blocked");
    expect(dayClosure(cycle, 3, 1, cutoff, tz, tuesdayWeek3Morning)).toBe("past");
    expect(dayClosure(cycle, 3, 2, cutoff, tz, tuesdayWeek3Morning)).toBeNull();
    expect(dayClosure(cycle, 3, 2, cutoff, tz, at("2026-11-17T06:00:00Z"))).toBe("after-cutoff");
    expect(dayClosure(cycle, 3, 3, cutoff, tz, at("2026-11-17T06:00:00Z"))).toBeNull();
  });

  it("uses the school's clock when the server's UTC date is still the day before", () => {
    // 23:30 UTC on Sunday 15 November is 01:30 on Monday 16 November in Lusaka.
    const lateSundayUtc = at("2026-11-15T23:30:00Z");
    expect(dayClosure(cycle, 3, 1, cutoff, tz, lateSundayUtc)).toBeNull(); // Monday, before 08:00
    expect(dayClosure(cycle, 2, 5, cutoff, tz, lateSundayUtc)).toBe("past"); // Friday 13th
    // 06:30 UTC Monday is 08:30 in Lusaka: the cut-off has passed there.
    expect(dayClosure(cycle, 3, 1, cutoff, tz, at("2026-11-16T06:30:00Z"))).toBe("after-cutoff");
    expect(isPastCutoff(cutoff, tz, at("2026-11-16T05:59:00Z"))).toBe(false);
  });

  it("refuses days outside the cycle", () => {
    const early = at("2026-10-30T10:00:00Z");
    expect(dayClosure(cycle, 5, 1, cutoff, tz, early)).toBe("outside-cycle");
    expect(dayClosure(cycle, 1, 6, cutoff, tz, early)).toBe("outside-cycle");
    expect(dayClosure(cycle, 0, 1, cutoff, tz, early)).toBe("outside-cycle");
  });

  it("completes a week when its Friday has passed or is today after the cut-off", () => {
    expect(isWeekCompleted(cycle, 1, cutoff, tz, at("2026-11-06T05:00:00Z"))).toBe(false); // Fri 07:00
    expect(isWeekCompleted(cycle, 1, cutoff, tz, at("2026-11-06T06:00:00Z"))).toBe(true); // Fri 08:00
    expect(isWeekCompleted(cycle, 1, cutoff, tz, at("2026-11-07T00:00:00Z"))).toBe(true);
    expect(isWeekCompleted(cycle, 2, cutoff, tz, at("2026-11-07T00:00:00Z"))).toBe(false);
  });
});

describe("menus", () => {
  it.each([
    ["ELC", "primary"],
    ["K", "primary"],
    ["1", "primary"],
    ["5", "primary"],
    ["6", "secondary"],
    ["12", "secondary"],
    ["teacher", "secondary"],
  ])("grade %s eats from the %s menu", (grade, type) => {
    expect(menuTypeForGrade(grade)).toBe(type);
  });

  it("offers an item only when available, not archived and scheduled", () => {
    const item = { isAvailable: true, isArchived: false, weekNumbers: [1, 3], daysOfWeek: [2] };
    expect(isOffered(item, 1, 2)).toBe(true);
    expect(isOffered(item, 2, 2)).toBe(false);
    expect(isOffered(item, 1, 3)).toBe(false);
    expect(isOffered({ ...item, isAvailable: false }, 1, 2)).toBe(false);
    expect(isOffered({ ...item, isArchived: true }, 1, 2)).toBe(false);
  });
});

describe("money", () => {
  it("counts in ngwee without floats", () => {
    expect(toNgwee("45.5")).toBe(4550);
    expect(toNgwee("0.10") + toNgwee("0.20")).toBe(30);
    expect(fromNgwee(30)).toBe("0.30");
    expect(() => toNgwee("-1")).toThrow();
    expect(() => toNgwee("1.234")).toThrow();
    expect(() => toNgwee("abc")).toThrow();
  });

  it("applies discount codes half up and 100% to zero", () => {
    expect(applyPercentOff(3600, 50)).toBe(1800);
    expect(applyPercentOff(3333, 10)).toBe(3000); // 29.997 → 30.00
    expect(applyPercentOff(4550, 100)).toBe(0);
    expect(applyPercentOff(4550, 0)).toBe(4550);
  });

  it("labels percent off from price and discount price", () => {
    expect(percentOff("40.00", "36.00")).toBe(10);
    expect(percentOff("30.00", "20.00")).toBe(33);
    expect(percentOff("30.00", null)).toBeNull();
  });

  it("formats kwacha in en-ZM with 2 decimals", () => {
    expect(formatZmw("1234.5")).toMatch(/^K\s?1,234\.50$/);
  });
});
