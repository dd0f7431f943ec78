import {
  TAKINGS_LINE_INFO,
  type TakingsDto,
  type TakingsPaymentsDto,
} from "@/lib/contracts/takings";
import { toCsv } from "@/lib/export-csv";

// The takings as a CSV file (issue 49): a row per line of each day, then the period's lines, the
// totals and the credit outstanding, amounts as plain 2-decimal numbers for a spreadsheet.

export const TAKINGS_CSV_FIELDS = ["Day", "Line", "Group", "Count", "Amount (ZMW)"] as const;

const GROUP_LABELS = { received: "Received", credit: "Paid from credit", out: "Paid out" } as const;

export function takingsCsv(takings: TakingsDto): string {
  const rows: string[][] = [];
  for (const day of takings.days) {
    for (const line of day.lines) {
      const info = TAKINGS_LINE_INFO[line.line];
      rows.push([day.day, info.label, GROUP_LABELS[info.group], String(line.count), line.amount]);
    }
  }
  const period = `${takings.from} to ${takings.to}`;
  for (const line of takings.lines) {
    const info = TAKINGS_LINE_INFO[line.line];
    rows.push([period, info.label, GROUP_LABELS[info.group], String(line.count), line.amount]);
  }
  rows.push([period, "Total received", GROUP_LABELS.received, "", takings.totals.received]);
  rows.push([period, "Total paid from credit", GROUP_LABELS.credit, "", takings.totals.fromCredit]);
  rows.push([period, "Total paid out", GROUP_LABELS.out, "", takings.totals.out]);
  rows.push([period, "Received less paid out", "", "", takings.totals.net]);
  rows.push([
    takings.to,
    "Credit outstanding at the end of the day",
    "",
    "",
    takings.creditOutstanding,
  ]);
  return toCsv(TAKINGS_CSV_FIELDS, rows);
}

/** The payments behind a figure as a CSV file. */
export function takingsPaymentsCsv(payments: TakingsPaymentsDto): string {
  return toCsv(
    ["Day", "Time (ISO)", "Line", "Account", "Reference", "Amount (ZMW)"],
    payments.items.map((item) => [
      item.day,
      item.at,
      TAKINGS_LINE_INFO[item.line].label,
      item.account ?? "",
      item.reference ?? "",
      item.amount,
    ]),
  );
}
