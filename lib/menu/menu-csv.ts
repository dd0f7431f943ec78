import Papa from "papaparse";
import { toCsv } from "@/lib/export-csv";
import { menuItemSchema, type MenuItemValues } from "@/lib/validations/menu";

// The menu CSV upload (spec 001 §5), as a pure function so it can be tested without a database:
// text in, the valid items and the `Row N: reason` messages out. N is the line of the file where
// the record starts (the header is line 1), so a quoted description spanning lines still points
// at the right place. Every row goes through the same zod schema as the menu item form.

export const MENU_CSV_COLUMNS = [
  "name",
  "description",
  "price",
  "type",
  "categories",
  "proteinDescriptions",
  "weekNumbers",
  "daysOfWeek",
  "allergens",
  "sideDishes",
  "isAvailable",
] as const;

/** Columns a row may also carry (the form has them; the spec's template does not). */
const OPTIONAL_COLUMNS = ["imageUrl", "discountPrice"] as const;
const REQUIRED_COLUMNS = ["name", "price", "categories", "weekNumbers", "daysOfWeek"] as const;

export const MENU_CSV_MAX_ROWS = 2000;

/** The Download Template file: the columns and one example row, written like every export. */
export const MENU_CSV_TEMPLATE =
  toCsv(MENU_CSV_COLUMNS, [
    [
      "Chicken Stew",
      "Slow-cooked stew, served hot",
      "45.50",
      "secondary",
      "chicken,beef",
      "chicken:Grilled chicken thigh|beef:Beef in tomato gravy",
      "1,2,3,4",
      "1,3,5",
      "Milk,Wheat",
      "Rice,Nshima",
      "true",
    ],
  ]) + "\r\n";

export type MenuCsvRow = { line: number; item: MenuItemValues };

export type MenuCsvResult =
  { ok: true; rows: MenuCsvRow[]; errors: string[] } | { ok: false; message: string };

type Column = (typeof MENU_CSV_COLUMNS)[number] | (typeof OPTIONAL_COLUMNS)[number];
const KNOWN_COLUMNS: ReadonlySet<string> = new Set([...MENU_CSV_COLUMNS, ...OPTIONAL_COLUMNS]);

class RowError extends Error {}

export function parseMenuCsv(input: string): MenuCsvResult {
  // One line-break style, so line numbers are a count of "\n" (Excel writes CRLF, old Macs CR).
  const text = input.replace(/^\uFEFF/, "").replace(/\r\n?/g, "\n");
  const records: { line: number; fields: string[]; broken: boolean }[] = [];
  // Line breaks before each record's end, counted incrementally (a 2 MB file stays linear).
  let cursor = 0;
  let breaks = 0;
  Papa.parse<string[]>(text, {
    header: false,
    delimiter: ",",
    skipEmptyLines: "greedy",
    step: (result) => {
      const end = result.meta.cursor;
      breaks += countLines(text.slice(cursor, end));
      cursor = end;
      const fields = result.data;
      const inside = fields.reduce((n, f) => n + countLines(f), 0);
      const broken = result.errors.some((e) => e.type === "Quotes");
      // The cursor may stand after the record's own line break, which is not inside a field
      // (except in an unclosed quote, which runs to the end of the file).
      const ownBreak = text[end - 1] === "\n" && !broken ? 1 : 0;
      records.push({ line: 1 + breaks - ownBreak - inside, fields, broken });
    },
  });

  const [header, ...body] = records;
  if (!header) return { ok: false, message: "The CSV file is empty." };
  const columns = header.fields.map((h) => h.trim());
  const lower = new Map([...KNOWN_COLUMNS].map((c) => [c.toLowerCase(), c as Column]));
  const names = columns.map((c) => lower.get(c.toLowerCase()) ?? null);
  const missing = REQUIRED_COLUMNS.filter((c) => !names.includes(c));
  if (missing.length > 0) {
    return {
      ok: false,
      message: `The CSV file is missing the column${missing.length > 1 ? "s" : ""}: ${missing.join(", ")}. Download the template to see the expected columns.`,
    };
  }
  if (body.length === 0) return { ok: false, message: "The CSV file has no menu items." };
  if (body.length > MENU_CSV_MAX_ROWS) {
    return {
      ok: false,
      message: `The CSV file has more than ${MENU_CSV_MAX_ROWS} menu items. Split it into smaller files.`,
    };
  }

  const rows: MenuCsvRow[] = [];
  const errors: string[] = [];
  for (const record of body) {
    try {
      if (record.broken) throw new RowError("a quoted field is not closed properly");
      if (record.fields.length !== columns.length) {
        throw new RowError(
          `expected ${columns.length} columns but found ${record.fields.length} (quote fields that contain commas)`,
        );
      }
      const cells = new Map<Column, string>();
      names.forEach((name, i) => {
        if (name) cells.set(name, (record.fields[i] ?? "").trim());
      });
      const parsed = menuItemSchema.safeParse(toItemInput(cells));
      if (!parsed.success) throw new RowError(parsed.error.issues[0]?.message ?? "invalid row");
      rows.push({ line: record.line, item: parsed.data });
    } catch (error) {
      if (!(error instanceof RowError)) throw error;
      errors.push(`Row ${record.line}: ${error.message}`);
    }
  }
  return { ok: true, rows, errors };
}

function countLines(text: string): number {
  let n = 0;
  for (let i = text.indexOf("\n"); i !== -1; i = text.indexOf("\n", i + 1)) n++;
  return n;
}

const list = (cell: string | undefined) =>
  (cell ?? "")
    .split(",")
    .map((v) => v.trim())
    .filter(Boolean);

/** "1, 2,3" → [1, 2, 3]; a token that is not a whole number stays text so the schema refuses it. */
const numbers = (cell: string | undefined) =>
  list(cell).map((v) => (/^\d{1,3}$/.test(v) ? Number(v) : v));

const TRUE = new Set(["true", "yes", "1", "y"]);
const FALSE = new Set(["false", "no", "0", "n"]);

function toItemInput(cells: Map<Column, string>): Record<string, unknown> {
  const allergens = cells.get("allergens") ?? "";
  const available = (cells.get("isAvailable") ?? "").toLowerCase();
  let isAvailable = true;
  if (TRUE.has(available)) isAvailable = true;
  else if (FALSE.has(available)) isAvailable = false;
  else if (available !== "") throw new RowError("isAvailable must be true or false");
  return {
    name: cells.get("name") ?? "",
    description: cells.get("description") ?? null,
    price: cells.get("price") ?? "",
    discountPrice: cells.get("discountPrice") ?? null,
    imageUrl: cells.get("imageUrl") ?? null,
    type: (cells.get("type") ?? "").toLowerCase() || undefined,
    categories: list(cells.get("categories")),
    proteinDescriptions: proteinDescriptions(cells.get("proteinDescriptions") ?? ""),
    weekNumbers: numbers(cells.get("weekNumbers")),
    daysOfWeek: numbers(cells.get("daysOfWeek")),
    allergens: allergens.toLowerCase() === "none" ? [] : list(allergens),
    sideDishes: list(cells.get("sideDishes")),
    isAvailable,
  };
}

/** "chicken:Grilled|beef:Stew" → { chicken: "Grilled", beef: "Stew" } (the text may hold ":"). */
function proteinDescriptions(cell: string): Record<string, string> {
  const result: Record<string, string> = {};
  for (const pair of cell.split("|")) {
    if (pair.trim() === "") continue;
    const colon = pair.indexOf(":");
    if (colon <= 0) {
      throw new RowError("proteinDescriptions must be protein:text pairs joined by |");
    }
    result[pair.slice(0, colon).trim().toLowerCase()] = pair.slice(colon + 1).trim();
  }
  return result;
}
