import Papa from "papaparse";
import type {
  SettlementLine,
  SettlementLineError,
  SettlementLineStatus,
} from "@/lib/contracts/takings";
import { parseIsoDate } from "@/lib/school-calendar";

// DPO's settlement report as the office uploads it (issue 49, decision 0116), a pure function:
// text in, the accepted lines or every bad line out. Lenient on the header (case, spaces, "_" and
// the names DPO's exports and its API use: TransactionToken, TransToken, CompanyRef, AccRef ...),
// strict on the values: an amount with at most two decimals, a three-letter currency, a real date,
// a status we know. One line per record: a field spanning lines is refused (DPO's exports have none).

export const SETTLEMENT_MAX_LINES = 5000;

type Column = "token" | "reference" | "amount" | "currency" | "date" | "status";
const REQUIRED: readonly Column[] = ["token", "amount", "currency", "date", "status"];

/** Header names accepted for each column, compared without case, spaces, "_" or "-". */
const ALIASES: Record<Column, readonly string[]> = {
  token: ["token", "transactiontoken", "transtoken", "transid", "transactionid", "dpotoken"],
  reference: ["reference", "ref", "companyref", "companyreference", "accref", "merchantreference"],
  amount: ["amount", "transactionamount", "paymentamount", "transactionfinalamount"],
  currency: ["currency", "transactioncurrency", "paymentcurrency", "transactionfinalcurrency"],
  date: ["date", "transactiondate", "settlementdate", "transactionsettlementdate", "paymentdate"],
  status: ["status", "result", "transactionstatus", "resultexplanation"],
};

/** Statuses, compared without case: DPO's result codes and the words its reports use. */
const PAID = new Set([
  "000",
  "paid",
  "transaction paid",
  "settled",
  "approved",
  "success",
  "successful",
]);
const NOT_PAID = new Set([
  "001",
  "002",
  "003",
  "005",
  "007",
  "900",
  "901",
  "902",
  "903",
  "904",
  "not paid",
  "declined",
  "failed",
  "cancelled",
  "canceled",
  "pending",
  "authorized",
  "reversed",
]);

export type SettlementCsvResult =
  | { ok: true; lines: SettlementLine[] }
  | { ok: false; message: string; errors: SettlementLineError[] };

const squash = (header: string) => header.toLowerCase().replace(/[\s_\-.]/g, "");

function columnOf(header: string): Column | null {
  const name = squash(header);
  for (const column of Object.keys(ALIASES) as Column[]) {
    if (ALIASES[column].includes(name)) return column;
  }
  return null;
}

const AMOUNT = /^\d{1,9}(\.\d{1,2})?$/;
const TOKEN = /^[A-Za-z0-9-]{1,64}$/;
const DATE = /^(\d{4})[-/](\d{2})[-/](\d{2})(?:[ T]\d{2}:\d{2}(?::\d{2})?)?$/;

/** "1,234.5" and "1234.50" alike: a thousands comma is allowed, then at most two decimals. */
function amountOf(raw: string): string | null {
  const plain = /^\d{1,3}(,\d{3})+(\.\d{1,2})?$/.test(raw) ? raw.replace(/,/g, "") : raw;
  if (!AMOUNT.test(plain)) return null;
  const [whole, cents = ""] = plain.split(".");
  return `${Number(whole)}.${cents.padEnd(2, "0")}`;
}

function dateOf(raw: string): string | null {
  const match = DATE.exec(raw);
  if (!match) return null;
  const iso = `${match[1]}-${match[2]}-${match[3]}`;
  return parseIsoDate(iso) ? iso : null;
}

function statusOf(raw: string): SettlementLineStatus | null {
  const word = raw.trim().toLowerCase();
  if (PAID.has(word)) return "paid";
  if (NOT_PAID.has(word)) return "not_paid";
  return null;
}

export function parseSettlementCsv(input: string): SettlementCsvResult {
  const text = input.replace(/^\uFEFF/, "").replace(/\r\n?/g, "\n");
  const rows = text
    .split("\n")
    .map((raw, i) => ({ lineNumber: i + 1, raw }))
    .filter((row) => row.raw.trim() !== "");
  const [header, ...body] = rows;
  if (!header) return { ok: false, message: "The CSV file is empty.", errors: [] };
  const headers = parseRecord(header.raw) ?? [];
  const columns = headers.map(columnOf);
  const missing = REQUIRED.filter((c) => !columns.includes(c));
  if (missing.length > 0) {
    return {
      ok: false,
      message: `The report is missing the column${missing.length > 1 ? "s" : ""}: ${missing.join(", ")}.`,
      errors: [],
    };
  }
  if (body.length === 0) return { ok: false, message: "The report has no lines.", errors: [] };
  if (body.length > SETTLEMENT_MAX_LINES) {
    return {
      ok: false,
      message: `The report has more than ${SETTLEMENT_MAX_LINES} lines. Upload it a month at a time.`,
      errors: [],
    };
  }
  const lines: SettlementLine[] = [];
  const errors: SettlementLineError[] = [];
  for (const row of body) {
    const fields = parseRecord(row.raw);
    if (!fields) {
      errors.push({ line: row.lineNumber, message: "a quoted field is not closed properly" });
      continue;
    }
    if (fields.length !== headers.length) {
      errors.push({
        line: row.lineNumber,
        message: `expected ${headers.length} columns but found ${fields.length}`,
      });
      continue;
    }
    const cell = (column: Column) => (fields[columns.indexOf(column)] ?? "").trim();
    const problems: string[] = [];
    const token = cell("token");
    if (!TOKEN.test(token)) problems.push(`transaction token "${token}" is not a DPO token`);
    const amount = amountOf(cell("amount"));
    if (amount === null) problems.push(`amount "${cell("amount")}" is not an amount like 150.00`);
    const currency = cell("currency").toUpperCase();
    if (!/^[A-Z]{3}$/.test(currency))
      problems.push(`currency "${cell("currency")}" is not a code like ZMW`);
    const date = dateOf(cell("date"));
    if (date === null) problems.push(`date "${cell("date")}" is not a date like 2026-11-30`);
    const status = statusOf(cell("status"));
    if (status === null)
      problems.push(
        `status "${cell("status")}" is not one we know (000 or Paid, or a DPO result code)`,
      );
    if (problems.length > 0 || amount === null || date === null || status === null) {
      errors.push({ line: row.lineNumber, message: problems.join("; ") });
      continue;
    }
    const reference = columns.includes("reference") ? cell("reference") || null : null;
    lines.push({ lineNumber: row.lineNumber, token, reference, amount, currency, date, status });
  }
  if (errors.length > 0) {
    const n = errors.length;
    return {
      ok: false,
      message: `${n} line${n > 1 ? "s" : ""} of the report could not be read. Nothing was matched.`,
      errors,
    };
  }
  return { ok: true, lines };
}

/** One CSV record, or null when its quotes are broken. */
function parseRecord(raw: string): string[] | null {
  const result = Papa.parse<string[]>(raw, { header: false, delimiter: "," });
  if (result.errors.some((e) => e.type === "Quotes")) return null;
  return result.data[0] ?? [];
}
