import { resolveAllergens, unknownAllergenMessage } from "@/lib/contracts/allergies";
import { csvRecords } from "@/lib/csv-records";
import { toCsv } from "@/lib/export-csv";
import { menuItemSchema, type MenuItemValues } from "@/lib/validations/menu";

// The menu CSV upload (spec 001 §5), as a pure function so it can be tested without a database:
// text in, the valid items and the `Row N: reason` messages out. N is the line of the file where
// the record starts (the header is line 1), so a quoted description spanning lines still points
// at the right place. Every row goes through the same zod schema as the menu item form, and
// every reason a row is refused is reported (issue 44): the upload saves nothing while one is left.

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

export type MenuCsvRow = {
  line: number;
  item: MenuItemValues;
  /** The optional columns the file has: a row updating an item keeps what the file leaves out. */
  has: { imageUrl: boolean; discountPrice: boolean };
};

/** `errors` lists every reason of every bad row; `badRows` counts the rows they belong to. */
export type MenuCsvResult =
  | { ok: true; rows: MenuCsvRow[]; errors: string[]; badRows: number }
  | { ok: false; message: string };

/** The row's name again, lower case: one file names each item once. */
export const duplicateNameMessage = (line: number) => `the same name is already on row ${line}`;

type Column = (typeof MENU_CSV_COLUMNS)[number] | (typeof OPTIONAL_COLUMNS)[number];
const KNOWN_COLUMNS: ReadonlySet<string> = new Set([...MENU_CSV_COLUMNS, ...OPTIONAL_COLUMNS]);

class RowError extends Error {}

/** Collects a row's problems instead of stopping at the first. */
type Problems = string[];

/** `customAllergens`: the school's own, allowed after the built-ins (issue 44). */
export function parseMenuCsv(
  input: string,
  customAllergens: readonly string[] = [],
): MenuCsvResult {
  const records = csvRecords(input);
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

  const has = {
    imageUrl: names.includes("imageUrl"),
    discountPrice: names.includes("discountPrice"),
  };
  const rows: MenuCsvRow[] = [];
  const errors: string[] = [];
  let badRows = 0;
  const firstLineOfName = new Map<string, number>();
  for (const record of body) {
    const problems: Problems = [];
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
      const parsed = menuItemSchema.safeParse(toItemInput(cells, problems));
      if (!parsed.success) {
        for (const issue of parsed.error.issues) {
          if (!problems.includes(issue.message)) problems.push(issue.message);
        }
      } else {
        const allergens = resolveAllergens(parsed.data.allergens, customAllergens);
        if (allergens.ok) parsed.data.allergens = allergens.allergens;
        else problems.push(unknownAllergenMessage(allergens.unknown, customAllergens));
      }
      const key = (cells.get("name") ?? "").toLowerCase();
      if (key !== "") {
        const earlier = firstLineOfName.get(key);
        if (earlier === undefined) firstLineOfName.set(key, record.line);
        else problems.push(duplicateNameMessage(earlier));
      }
      if (parsed.success && problems.length === 0) {
        rows.push({ line: record.line, item: parsed.data, has });
      }
    } catch (error) {
      if (!(error instanceof RowError)) throw error;
      problems.push(error.message);
    }
    if (problems.length > 0) {
      badRows++;
      for (const problem of problems) errors.push(`Row ${record.line}: ${problem}`);
    }
  }
  return { ok: true, rows, errors, badRows };
}

const list = (cell: string | undefined) =>
  (cell ?? "")
    .split(",")
    .map((v) => v.trim())
    .filter(Boolean);

const DAY_NAMES = ["monday", "tuesday", "wednesday", "thursday", "friday"] as const;

/** "3", "Mon", "TUES", "thursday" → the day's number; anything else stays text (refused). */
function dayNumber(token: string): number | string {
  if (/^\d{1,3}$/.test(token)) return Number(token);
  const lower = token.toLowerCase();
  const index = DAY_NAMES.findIndex((name) => lower.length >= 3 && name.startsWith(lower));
  return index === -1 ? token : index + 1;
}

const wholeNumber = (token: string): number | string =>
  /^\d{1,3}$/.test(token) ? Number(token) : token;

/**
 * "1, 2,3" → [1, 2, 3], "1-5" → [1, 2, 3, 4, 5] (and with `read` = dayNumber, "Mon,Wed" → [1, 3],
 * "mon-fri" → 1 to 5). A token it cannot read stays text, so the schema refuses it with its
 * message.
 */
function numbers(cell: string | undefined, read: (token: string) => number | string = wholeNumber) {
  return list(cell).flatMap((token): (number | string)[] => {
    const range = /^([^-\s]+)\s*-\s*([^-\s]+)$/.exec(token);
    if (!range) return [read(token)];
    const [from, to] = [read(range[1] ?? ""), read(range[2] ?? "")];
    if (typeof from !== "number" || typeof to !== "number" || from > to || to - from > 9) {
      return [token];
    }
    return Array.from({ length: to - from + 1 }, (_, i) => from + i);
  });
}

const TRUE = new Set(["true", "yes", "1", "y"]);
const FALSE = new Set(["false", "no", "0", "n"]);

function toItemInput(cells: Map<Column, string>, problems: Problems): Record<string, unknown> {
  const allergens = cells.get("allergens") ?? "";
  const available = (cells.get("isAvailable") ?? "").toLowerCase();
  let isAvailable = true;
  if (TRUE.has(available)) isAvailable = true;
  else if (FALSE.has(available)) isAvailable = false;
  else if (available !== "") problems.push("isAvailable must be true or false");
  return {
    name: cells.get("name") ?? "",
    description: cells.get("description") ?? null,
    price: cells.get("price") ?? "",
    discountPrice: cells.get("discountPrice") ?? null,
    imageUrl: cells.get("imageUrl") ?? null,
    type: (cells.get("type") ?? "").toLowerCase() || undefined,
    categories: list(cells.get("categories")),
    proteinDescriptions: proteinDescriptions(cells.get("proteinDescriptions") ?? "", problems),
    weekNumbers: numbers(cells.get("weekNumbers")),
    daysOfWeek: numbers(cells.get("daysOfWeek"), dayNumber),
    allergens: allergens.toLowerCase() === "none" ? [] : list(allergens),
    sideDishes: list(cells.get("sideDishes")),
    isAvailable,
  };
}

/** "chicken:Grilled|beef:Stew" → { chicken: "Grilled", beef: "Stew" } (the text may hold ":"). */
function proteinDescriptions(cell: string, problems: Problems): Record<string, string> {
  const result: Record<string, string> = {};
  for (const pair of cell.split("|")) {
    if (pair.trim() === "") continue;
    const colon = pair.indexOf(":");
    if (colon <= 0) {
      problems.push("proteinDescriptions must be protein:text pairs joined by |");
      return {};
    }
    result[pair.slice(0, colon).trim().toLowerCase()] = pair.slice(colon + 1).trim();
  }
  return result;
}
