import { describe, expect, it } from "@jest/globals";
import {
  addDaysIso,
  isPastCutoff,
  mondayOf,
  parseIsoDate,
  schoolToday,
} from "@/lib/school-calendar";

describe("school calendar", () => {
  it("reads today in the school's zone, not the server's", () => {
    // 22:30 UTC on Sunday is already Monday in Lusaka (UTC+2).
    const instant = new Date("2026-11-22T22:30:00Z");
    expect(schoolToday("Africa/Lusaka", instant)).toBe("2026-11-23");
    expect(schoolToday("UTC", instant)).toBe("2026-11-22");
  });

  it("answers each zone and instant for itself when asked in turns (the last answer is kept)", () => {
    const cutoff = { cutoffHour: 8, cutoffMinute: 0 };
    const sundayNight = new Date("2026-11-22T22:30:00Z"); // 00:30 on Monday in Lusaka
    const beforeCutoff = new Date("2026-11-23T05:59:00Z"); // 07:59 in Lusaka
    const atCutoff = new Date("2026-11-23T06:00:00Z"); // 08:00 in Lusaka
    for (let round = 0; round < 2; round += 1) {
      expect(schoolToday("Africa/Lusaka", sundayNight)).toBe("2026-11-23");
      expect(isPastCutoff(cutoff, "Africa/Lusaka", sundayNight)).toBe(false);
      expect(schoolToday("UTC", sundayNight)).toBe("2026-11-22");
      expect(isPastCutoff(cutoff, "UTC", sundayNight)).toBe(true);
      expect(isPastCutoff(cutoff, "Africa/Lusaka", beforeCutoff)).toBe(false);
      expect(isPastCutoff(cutoff, "Africa/Lusaka", atCutoff)).toBe(true);
      expect(schoolToday("America/Lima", atCutoff)).toBe("2026-11-23");
      expect(schoolToday("America/Lima", sundayNight)).toBe("2026-11-22");
    }
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
