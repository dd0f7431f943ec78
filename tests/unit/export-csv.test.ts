import { describe, expect, it } from "@jest/globals";
import Papa from "papaparse";
import {
  CSV_COLUMNS,
  ordersCsv,
  type CycleOrder,
} from "@/components/admin/history/cycle-order-format";

// The Cycle History export carries text parents typed (comments) and admins typed (names). A cell
// that a spreadsheet would run as a formula is neutralised; everything else is kept exactly.

function order(comments: string, name = "Chanda"): CycleOrder {
  return {
    id: 1,
    orderDate: "2026-11-23T07:00:00.000Z",
    student: { name, grade: "3" },
    menuItem: { name: "Stew" },
    weekNumber: 1,
    dayOfWeek: 1,
    category: "beef",
    sideDish: null,
    comments,
    originalPrice: "45.00",
    discountedPrice: "40.50",
    discountPercentage: 10,
    status: "pending",
    cycle: { startDate: "2026-11-23" },
  };
}

describe("ordersCsv", () => {
  it.each(['=HYPERLINK("http://evil","x")', "+1+1", "-2+3", "@SUM(A1)"])(
    "neutralises the formula %s so a spreadsheet shows it as text",
    (formula) => {
      const rows = Papa.parse<string[]>(ordersCsv([order(formula)])).data;
      const comments = rows[1]![CSV_COLUMNS.indexOf("Comments")];
      expect(comments).toBe(`'${formula}`);
    },
  );

  it("keeps ordinary text, commas, quotes, newlines, unicode and HTML exactly", () => {
    const text = 'No "onions", please\nÜber ✓ <b>hot</b>';
    const rows = Papa.parse<string[]>(ordersCsv([order(text, "Mwila, Jr.")])).data;
    expect(rows[0]).toEqual([...CSV_COLUMNS]);
    expect(rows[1]![CSV_COLUMNS.indexOf("Comments")]).toBe(text);
    expect(rows[1]![CSV_COLUMNS.indexOf("Student Name")]).toBe("Mwila, Jr.");
    expect(rows[1]![CSV_COLUMNS.indexOf("Discounted Price")]).toBe("40.50");
  });
});
