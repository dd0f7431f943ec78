import Papa from "papaparse";

// The one way the app writes a CSV file (Cycle History's export, the menu upload template): every
// new export goes through here, so none can forget the formula guard (a source test checks that
// nothing else calls Papa.unparse).
//
// A spreadsheet runs a cell that starts with = + - @ as a formula (=HYPERLINK(...) to a phishing
// page, or DDE), and some strip a leading tab or carriage return first. Such a cell is written
// with a leading apostrophe, which the spreadsheet shows as text. papaparse's own
// `escapeFormulae: true` uses /^[=+\-@\t\r].*$/, which has no `s` flag: `.` stops at a line break
// and `$` then fails, so any value holding a newline was never escaped. This pattern looks only at
// the start. It also catches a formula behind leading whitespace (" =1+1", "\n=1+1"), since an
// import that trims spaces (LibreOffice's "Trim spaces") would otherwise evaluate it.
// A whole cell that is a negative amount ("-12.50": a refund, a net loss) is a number, not a
// formula, and stays one: with the apostrophe the office's spreadsheet could not add it up.
export const FORMULA_START = /^(?!-\d+(?:\.\d+)?$)(?:[\t\r]|\s*[=+\-@])/;

/** A CSV file (header row, then one row per entry; CRLF line breaks) safe to open in a spreadsheet. */
export function toCsv(fields: readonly string[], rows: readonly (readonly string[])[]): string {
  return Papa.unparse(
    { fields: [...fields], data: rows.map((row) => [...row]) },
    { escapeFormulae: FORMULA_START },
  );
}
