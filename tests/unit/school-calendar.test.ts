import { describe, expect, it } from "@jest/globals";
import { addDaysIso, mondayOf, parseIsoDate, schoolToday } from "@/lib/school-calendar";

describe("school calendar", () => {
  it("reads today in the school's zone, not the server's", () => {
    // 22:30 UTC on Sunday is already Monday in Lusaka (UTC+2).
    const instant = new Date("2026-11-22T22:30:00Z");
    expect(schoolToday("Africa/Lusaka", instant)).toBe("2026-11-23");
    expect(schoolToday("UTC", instant)).toBe("2026-11-22");
  });

  it("finds the Monday of any weekday", () => {
    expect(mondayOf("2026-11-23")).toBe("2026-11-23");
    expect(mondayOf("2026-11-27")).toBe("2026-11-23");
    expect(mondayOf("2026-11-29")).toBe("2026-11-23");
    expect(mondayOf("2027-01-01")).toBe("2026-12-28");
  });

  it("refuses impossible dates", () => {
    expect(parseIsoDate("2026-02-30")).toBeNull();
    expect(parseIsoDate("2026-2-3")).toBeNull();
    expect(parseIsoDate("2026-12-31")).not.toBeNull();
  });

  it("adds days across month and year ends", () => {
    expect(addDaysIso("2026-12-30", 3)).toBe("2027-01-02");
    expect(addDaysIso("2026-03-01", -1)).toBe("2026-02-28");
  });
});
