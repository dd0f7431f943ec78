import { describe, expect, it } from "@jest/globals";
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import Papa from "papaparse";
import { CSV_COLUMNS, ordersCsv } from "@/components/admin/history/cycle-orders-csv";
import type { CycleOrderDto } from "@/lib/contracts/orders";
import { toCsv } from "@/lib/export-csv";
import { MENU_CSV_COLUMNS, MENU_CSV_TEMPLATE } from "@/lib/menu/menu-csv";

// The Cycle History export carries text parents typed (comments) and admins typed (names). A cell
// that a spreadsheet would run as a formula is neutralised; everything else is kept exactly.

function order(comments: string, name = "Chanda"): CycleOrderDto {
  return {
    id: 1,
    orderDate: "2026-11-23T07:00:00.000Z",
    student: { name, grade: "3", allergies: [], dietaryNotes: null },
    menuItem: { name: "Stew" },
    weekNumber: 1,
    dayOfWeek: 1,
    category: "beef",
    sideDish: null,
    comments,
    originalPrice: "45.00",
    discountedPrice: "40.50",
    discountPercentage: 10,
    allergyAcknowledged: false,
    status: "pending",
    cycle: { startDate: "2026-11-23" },
    cartItems: [],
    orderedBy: { name: "Mwansa Banda", username: "mwansa" },
    paymentReference: null,
  };
}

describe("ordersCsv", () => {
  it.each(['=HYPERLINK("http://evil","x")', "+1+1", "-2+3", "@SUM(A1)"])(
    "neutralises the formula %s so a spreadsheet shows it as text",
    (formula) => {
      const rows = Papa.parse<string[]>(ordersCsv([order(formula)], "Africa/Lusaka")).data;
      const comments = rows[1]![CSV_COLUMNS.indexOf("Comments")];
      expect(comments).toBe(`'${formula}`);
    },
  );

  it("keeps ordinary text, commas, quotes, newlines, unicode and HTML exactly", () => {
    const text = 'No "onions", please\nÜber ✓ <b>hot</b>';
    const rows = Papa.parse<string[]>(ordersCsv([order(text, "Mwila, Jr.")], "Africa/Lusaka")).data;
    expect(rows[0]).toEqual([...CSV_COLUMNS]);
    expect(rows[1]![CSV_COLUMNS.indexOf("Comments")]).toBe(text);
    expect(rows[1]![CSV_COLUMNS.indexOf("Student Name")]).toBe("Mwila, Jr.");
    expect(rows[1]![CSV_COLUMNS.indexOf("Discounted Price")]).toBe("40.50");
  });
});

// Issue 22 part 9: papaparse's own guard (/^[=+\-@\t\r].*$/, no `s` flag) let any value holding a
// line break through, so a parent's comment could reach the admin's spreadsheet as a live formula.
const FORMULAS: [string, string][] = [
  ["=", '=HYPERLINK("http://evil.example","Refund")'],
  ["+", "+1+cmd|' /C calc'!A0"],
  ["-", "-2+3+cmd|' /C calc'!A0"],
  ["@", "@SUM(1+1)*cmd|' /C calc'!A0"],
  ["a tab", "\t=1+1"],
  ["a carriage return", "\r=1+1"],
];
const ENDINGS: [string, string][] = [
  ["alone", ""],
  ["followed by a newline", "\n"],
  ["followed by another line", "\nCall 0977 000 111 for your refund"],
  ["followed by CRLF and another line", "\r\nmore"],
];
/** Every trigger with every ending, plus a formula behind leading whitespace or a line break. */
const HOSTILE: [string, string][] = [
  ...FORMULAS.flatMap(([start, formula]) =>
    ENDINGS.map(([ending, tail]): [string, string] => [`${start}, ${ending}`, formula + tail]),
  ),
  ["a newline, then =", '\n=HYPERLINK("http://evil.example","Refund")'],
  ["CRLF, then +", "\r\n+1+1\nmore"],
  ["spaces, then =", "  =1+1"],
  ["a space, then @, then a newline", " @SUM(A1)\nx"],
  ["a negative number, then more", "-12.50+cmd|' /C calc'!A0"],
  ["a negative number, then a line", "-12.50\n=1+1"],
  ["a negative number with a space", "-12.50 "],
];
/** Text that no spreadsheet runs: kept exactly, without an added quote. */
const HARMLESS = [
  "No onions",
  "No onions\n=1+1",
  "\nNo onions",
  "1-2",
  "a=b",
  "mary@example.com",
  "",
  '"Quoted", with a comma',
  "Über ✓ <b>hot</b>",
  "45.00",
  // A refund or a net loss in the takings: a number the spreadsheet must be able to add up.
  "-12.50",
  "-3",
];

/** The file's cells, read back the way a spreadsheet imports it. */
function cellsOf(csv: string): string[][] {
  return Papa.parse<string[]>(csv).data;
}

describe("toCsv", () => {
  it.each(HOSTILE)("starts the cell with a quote for a formula with %s", (_label, value) => {
    const [header, row] = cellsOf(toCsv(["Comments", "Name"], [[value, value]]));
    expect(header).toEqual(["Comments", "Name"]);
    expect(row).toEqual([`'${value}`, `'${value}`]);
  });

  it.each(HARMLESS)("keeps %j exactly", (value) => {
    const [, row] = cellsOf(toCsv(["Comments"], [[value]]));
    expect(row).toEqual([value]);
  });

  it.each(HOSTILE)(
    "neutralises a parent's comment with %s in the Cycle History export",
    (_l, text) => {
      const rows = cellsOf(ordersCsv([order(text)], "Africa/Lusaka"));
      expect(rows[1]![CSV_COLUMNS.indexOf("Comments")]).toBe(`'${text}`);
    },
  );

  it("writes the menu template through it, and the template reads back unchanged", () => {
    const [header, example] = cellsOf(MENU_CSV_TEMPLATE).filter((row) => row.join("") !== "");
    expect(header).toEqual([...MENU_CSV_COLUMNS]);
    expect(example).toHaveLength(MENU_CSV_COLUMNS.length);
    expect(example!.some((cell) => cell.startsWith("'"))).toBe(false);
  });

  it("is the only CSV writer: nothing else in the app calls Papa.unparse", () => {
    const sources = (dir: string): string[] =>
      readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
        const full = path.join(dir, entry.name);
        if (entry.isDirectory()) return entry.name === "generated" ? [] : sources(full);
        return /\.(ts|tsx)$/.test(entry.name) ? [full] : [];
      });
    const writers = ["app", "components", "lib"]
      .flatMap((dir) => sources(path.join(process.cwd(), dir)))
      .filter((file) => /\bunparse\s*\(|escapeFormulae/.test(readFileSync(file, "utf8")))
      .map((file) => path.relative(process.cwd(), file));
    expect(writers).toEqual(["lib/export-csv.ts"]);
  });
});
