import { z } from "zod";
import { csvRecords } from "@/lib/csv-records";
import { GRADES, type Grade } from "@/lib/contracts";
import {
  ROLL_COLUMNS,
  ROLL_MAX_BYTES,
  ROLL_MAX_ROWS,
  ROLL_REQUIRED_COLUMNS,
  type RollColumn,
  type RollErrorDto,
} from "@/lib/contracts/roll";
import { parsePhone } from "@/lib/validations/phone";
import { CLASS_NAME_MAX, STUDENT_NAME_MAX } from "@/lib/validations/students";
import { PERSON_NAME_CHARACTERS, SINGLE_LINE } from "@/lib/validations/text";

// The roll's CSV (issue 49, decision 0120), as a pure function: text in, the children or every
// problem out, each with its line (the header is line 1; a quoted field spanning lines still
// points at the line its record starts on) and its column. Nothing is saved while one is left.

export type RollGuardian = {
  slot: 1 | 2;
  name: string;
  email: string | null;
  phone: string | null;
};

export type RollRow = {
  line: number;
  /** The school's key for the child: a re-upload finds it by this (decision 0120). */
  key: string;
  /** The name key, for a child first uploaded without its admission number. */
  nameKey: string;
  name: string;
  grade: Grade;
  className: string | null;
  guardians: RollGuardian[];
};

export type RollParse = { ok: true; rows: RollRow[] } | { ok: false; errors: RollErrorDto[] };

const ADMISSION_MAX = 40;
const GUARDIAN_NAME_MAX = 100;
const emailSchema = z.email().max(254);
const KNOWN: ReadonlySet<string> = new Set(ROLL_COLUMNS);
/** Header spellings a spreadsheet may use for a column ("Child name", "Class name"). */
const ALIASES: Record<string, RollColumn> = { class_name: "class", name: "child_name" };

/** Lower case, spaces collapsed: how two spellings of one name or address compare. */
export function normalised(text: string): string {
  return text.trim().replace(/\s+/g, " ").toLowerCase();
}

export function nameKeyOf(name: string, email: string | null): string {
  return `nm:${normalised(name)}|${email ?? ""}`;
}

/** "Grade 3", "grade3", " 3 ", "elc", "k" → the grade, or null. */
export function toGrade(text: string): Grade | null {
  const bare = text
    .trim()
    .replace(/^grade\s*/i, "")
    .toUpperCase();
  return (GRADES as readonly string[]).includes(bare) ? (bare as Grade) : null;
}

function headerColumn(text: string): string {
  const key = text
    .trim()
    .toLowerCase()
    .replace(/[\s-]+/g, "_");
  return ALIASES[key] ?? key;
}

/** Every problem of the file, or its children. */
export function parseRollCsv(input: string): RollParse {
  if (input.length > ROLL_MAX_BYTES) {
    return fail(1, "file", `The file is larger than ${ROLL_MAX_BYTES / 1024} KB. Split it.`);
  }
  const [header, ...body] = csvRecords(input);
  if (!header) return fail(1, "file", "The file is empty.");
  const columns = header.fields.map(headerColumn);
  const errors: RollErrorDto[] = [];
  columns.forEach((column, i) => {
    const shown = header.fields[i]?.trim() || `column ${i + 1}`;
    if (!KNOWN.has(column)) {
      errors.push({ row: 1, column: shown, message: "Unknown column: use the template's names" });
    } else if (columns.indexOf(column) !== i) {
      errors.push({ row: 1, column: shown, message: "This column is in the file twice" });
    }
  });
  for (const column of ROLL_REQUIRED_COLUMNS) {
    if (!columns.includes(column)) {
      errors.push({ row: 1, column, message: "This column is missing" });
    }
  }
  if (errors.length > 0) return { ok: false, errors };
  if (body.length === 0) return fail(2, "file", "The file has no children.");
  if (body.length > ROLL_MAX_ROWS) {
    return fail(1, "file", `The file has more than ${ROLL_MAX_ROWS} children. Split it.`);
  }

  const rows: RollRow[] = [];
  const firstLine = new Map<string, number>();
  const firstByName = new Map<string, { line: number; numbered: boolean }>();
  for (const record of body) {
    const problem = (column: string, message: string) =>
      errors.push({ row: record.line, column, message });
    if (record.broken) {
      problem("file", "A quoted field is not closed");
      continue;
    }
    if (record.fields.length !== columns.length) {
      problem(
        "file",
        `Expected ${columns.length} columns but found ${record.fields.length} (quote a value that has a comma)`,
      );
      continue;
    }
    const cell = (column: RollColumn) => {
      const i = columns.indexOf(column);
      return i < 0 ? "" : (record.fields[i] ?? "").trim().replace(/\s+/g, " ");
    };
    const row = parseRow(record.line, cell, problem);
    if (!row) continue;
    const seen = firstLine.get(row.key);
    if (seen !== undefined) {
      problem(
        row.key.startsWith("no:") ? "admission_no" : "child_name",
        `The same child is already on row ${seen}`,
      );
      continue;
    }
    // A row without an admission number is found by its name and first guardian's e-mail, as a
    // re-upload finds it: with another row of that name and e-mail it would be the same child
    // twice (two rows that both have numbers are two children, twins named alike).
    const named = firstByName.get(row.nameKey);
    if (named && (!named.numbered || !row.key.startsWith("no:"))) {
      problem("child_name", `The same child is already on row ${named.line}`);
      continue;
    }
    if (!named)
      firstByName.set(row.nameKey, { line: record.line, numbered: row.key.startsWith("no:") });
    firstLine.set(row.key, record.line);
    rows.push(row);
  }
  return errors.length > 0 ? { ok: false, errors } : { ok: true, rows };
}

function fail(row: number, column: string, message: string): RollParse {
  return { ok: false, errors: [{ row, column, message }] };
}

type Problem = (column: string, message: string) => void;

function parseRow(
  line: number,
  cell: (column: RollColumn) => string,
  problem: Problem,
): RollRow | null {
  let ok = true;
  const bad = (column: string, message: string) => {
    ok = false;
    problem(column, message);
  };
  const name = cell("child_name");
  if (!name) bad("child_name", "The child's name is required");
  else if (name.length > STUDENT_NAME_MAX)
    bad("child_name", `At most ${STUDENT_NAME_MAX} characters`);
  else if (!PERSON_NAME_CHARACTERS.test(name)) bad("child_name", "Characters that are not allowed");
  const gradeText = cell("grade");
  const grade = toGrade(gradeText);
  if (!gradeText) bad("grade", "The grade is required");
  else if (!grade) bad("grade", `Not a grade: use one of ${GRADES.join(", ")}`);
  const className = cell("class");
  if (className.length > CLASS_NAME_MAX) bad("class", `At most ${CLASS_NAME_MAX} characters`);
  else if (!SINGLE_LINE.test(className)) bad("class", "Characters that are not allowed");
  const admission = cell("admission_no");
  if (admission.length > ADMISSION_MAX) bad("admission_no", `At most ${ADMISSION_MAX} characters`);
  else if (!SINGLE_LINE.test(admission)) bad("admission_no", "Characters that are not allowed");

  const guardians: RollGuardian[] = [];
  for (const slot of [1, 2] as const) {
    const guardian = parseGuardian(slot, cell, bad);
    if (guardian) guardians.push(guardian);
  }
  const emails = guardians.map((g) => g.email).filter((e): e is string => e !== null);
  if (emails.length === 0 && cell("guardian1_email") === "" && cell("guardian2_email") === "") {
    bad("guardian1_email", "At least one guardian needs an e-mail address");
  }
  if (emails.length === 2 && emails[0] === emails[1]) {
    bad("guardian2_email", "The second guardian's e-mail is the first guardian's");
  }
  if (!ok || !grade) return null;
  const nameKey = nameKeyOf(name, emails[0] ?? null);
  return {
    line,
    key: admission ? `no:${normalised(admission)}` : nameKey,
    nameKey,
    name,
    grade,
    className: className || null,
    guardians,
  };
}

function parseGuardian(
  slot: 1 | 2,
  cell: (column: RollColumn) => string,
  bad: Problem,
): RollGuardian | null {
  const nameColumn = `guardian${slot}_name` as const;
  const emailColumn = `guardian${slot}_email` as const;
  const phoneColumn = `guardian${slot}_phone` as const;
  const name = cell(nameColumn);
  const emailText = cell(emailColumn).toLowerCase();
  const phoneText = cell(phoneColumn);
  if (!name && !emailText && !phoneText) {
    if (slot === 1) bad(nameColumn, "The first guardian's name is required");
    return null;
  }
  let valid = true;
  if (!name) {
    bad(nameColumn, "The guardian's name is required with an e-mail or phone");
    valid = false;
  } else if (name.length > GUARDIAN_NAME_MAX || !PERSON_NAME_CHARACTERS.test(name)) {
    bad(nameColumn, `At most ${GUARDIAN_NAME_MAX} characters, without control characters`);
    valid = false;
  }
  if (emailText && !emailSchema.safeParse(emailText).success) {
    bad(emailColumn, "Not an e-mail address");
    valid = false;
  }
  let phone: string | null = null;
  if (phoneText) {
    const parsed = parsePhone(phoneText);
    if (parsed.ok) phone = parsed.phone;
    else {
      bad(phoneColumn, "Not a mobile number (write it as 0977 123 456 or +260 977 123 456)");
      valid = false;
    }
  }
  return valid ? { slot, name, email: emailText || null, phone } : null;
}
