import Papa from "papaparse";

// The one way the app reads an uploaded CSV file into records (the menu upload, the school roll):
// each record with the line of the file where it starts (the header is line 1), so a quoted value
// spanning lines still points at the right place, and whether its quotes were left open.

export type CsvRecord = { line: number; fields: string[]; broken: boolean };

export function csvRecords(input: string): CsvRecord[] {
  // One line-break style, so line numbers are a count of "\n" (Excel writes CRLF, old Macs CR).
  const text = input.replace(/^\uFEFF/, "").replace(/\r\n?/g, "\n");
  const found: CsvRecord[] = [];
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
      found.push({ line: 1 + breaks - ownBreak - inside, fields, broken });
    },
  });
  return found;
}

function countLines(text: string): number {
  let n = 0;
  for (let i = text.indexOf("\n"); i !== -1; i = text.indexOf("\n", i + 1)) n++;
  return n;
}
