"use client";

import { useTable } from "@tanstack/react-table";
import { useMemo, useRef, useState } from "react";
import { DataTable } from "@/components/admin/data-table/data-table";
import { ALL, FilterSelect } from "@/components/admin/data-table/filter-select";
import {
  orderTableFeatures,
  rightAligned,
  type OrderColumn,
} from "@/components/admin/data-table/order-columns";
import { signedZmw } from "@/components/admin/revenue/takings-tables";
import {
  SettlementRefused,
  useSettlementUpload,
} from "@/components/admin/revenue/use-takings-queries";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { errorMessage } from "@/lib/client/api";
import type {
  SettlementDto,
  SettlementMatchDto,
  SettlementMatchKind,
} from "@/lib/contracts/takings";

// Settlement matching (issue 49): the office uploads DPO's settlement report and sees each line
// against the payment it names, what is missing on either side and what differs. Nothing is stored.

const KIND: Record<
  SettlementMatchKind,
  { label: string; phrase: string; variant: "success" | "warning" | "destructive" | "outline" }
> = {
  matched: { label: "Matched", phrase: "matched", variant: "success" },
  amount_differs: { label: "Amount differs", phrase: "amount differs", variant: "destructive" },
  currency_differs: {
    label: "Currency differs",
    phrase: "currency differs",
    variant: "destructive",
  },
  not_in_books: {
    label: "Paid at DPO, not in our books",
    phrase: "paid at DPO but not in our books",
    variant: "destructive",
  },
  duplicate: { label: "Duplicate line", phrase: "duplicate", variant: "warning" },
  not_paid_at_dpo: { label: "Not paid at DPO", phrase: "not paid at DPO", variant: "outline" },
};

export const SETTLEMENT_COLUMNS_HELP =
  "A CSV with the columns transaction token, company ref (optional), amount, currency, date and status (000 or Paid for a paid line, or DPO's result code). Header names may be written as DPO writes them (TransactionToken, CompanyRef, TransactionAmount ...).";

export function SettlementTab() {
  const input = useRef<HTMLInputElement>(null);
  const [file, setFile] = useState<File | null>(null);
  const upload = useSettlementUpload();
  const refused = upload.error instanceof SettlementRefused ? upload.error : null;

  return (
    <div className="grid gap-6">
      <Card>
        <CardHeader>
          <CardTitle>Match DPO&apos;s settlement report</CardTitle>
          <CardDescription>{SETTLEMENT_COLUMNS_HELP} Nothing is saved.</CardDescription>
        </CardHeader>
        <CardContent className="flex flex-wrap items-end gap-2">
          <div className="grid gap-1.5">
            <Label htmlFor="settlement-file">Settlement report (CSV)</Label>
            <Input
              id="settlement-file"
              ref={input}
              type="file"
              accept=".csv,text/csv"
              className="max-w-xs"
              onChange={(e) => setFile(e.target.files?.[0] ?? null)}
            />
          </div>
          <Button disabled={!file || upload.isPending} onClick={() => file && upload.mutate(file)}>
            {upload.isPending ? "Matching…" : "Match report"}
          </Button>
        </CardContent>
      </Card>
      {upload.isError && (
        <div
          role="alert"
          className="rounded-lg border border-destructive/50 p-4 text-sm text-destructive"
        >
          <p className="font-medium">
            {refused
              ? refused.message
              : errorMessage(upload.error, "Failed to match the settlement report")}
          </p>
          {refused && refused.lines.length > 0 && (
            <ul className="mt-2 list-disc space-y-1 pl-5">
              {refused.lines.map((bad) => (
                <li key={bad.line}>
                  Line {bad.line}: {bad.message}
                </li>
              ))}
            </ul>
          )}
        </div>
      )}
      {upload.data && <SettlementResult result={upload.data} />}
    </div>
  );
}

function SettlementResult({ result }: { result: SettlementDto }) {
  const [kind, setKind] = useState(ALL);
  const shown = kind === ALL ? result.matches : result.matches.filter((m) => m.kind === kind);
  const counts = (Object.keys(KIND) as SettlementMatchKind[]).filter((k) => result.summary[k] > 0);
  return (
    <div className="grid gap-4">
      <p className="text-sm text-muted-foreground">
        {result.lines} lines, {result.from} to {result.to}:{" "}
        {counts.map((k) => `${result.summary[k]} ${KIND[k].phrase}`).join(", ")}
        {`, ${result.summary.missing_from_report} paid in our books but not in the report.`}
      </p>
      <div className="grid gap-2 sm:max-w-xs">
        <Label htmlFor="settlement-kind">Show</Label>
        <FilterSelect
          id="settlement-kind"
          className="w-full"
          value={kind}
          onChange={setKind}
          all="Every line"
          options={counts.map((k) => ({
            value: k,
            label: `${KIND[k].label} (${result.summary[k]})`,
          }))}
        />
      </div>
      <MatchesTable rows={shown} />
      <section className="grid gap-2" aria-labelledby="settlement-missing">
        <h3 id="settlement-missing" className="font-semibold">
          Paid in our books, not in the report ({result.missingFromReport.length})
        </h3>
        {result.missingFromReport.length === 0 ? (
          <p className="text-sm text-muted-foreground">
            None: every payment of these dates is in the report.
          </p>
        ) : (
          <ul className="grid gap-1 text-sm">
            {result.missingFromReport.map((p) => (
              <li key={p.id} className="flex flex-wrap gap-x-3">
                <span className="font-mono text-xs break-all">{p.token ?? p.reference}</span>
                <span className="tabular-nums">{signedZmw(p.amount)}</span>
                <span className="text-muted-foreground">{p.at.slice(0, 10)}</span>
              </li>
            ))}
          </ul>
        )}
      </section>
    </div>
  );
}

function MatchesTable({ rows }: { rows: SettlementMatchDto[] }) {
  const columns = useMemo<OrderColumn<SettlementMatchDto>[]>(
    () => [
      { id: "lineNumber", header: "Line", cell: ({ row }) => row.original.line.lineNumber },
      {
        id: "kind",
        header: "Result",
        cell: ({ row }) => (
          <Badge variant={KIND[row.original.kind].variant}>{KIND[row.original.kind].label}</Badge>
        ),
      },
      {
        id: "token",
        header: "DPO token",
        cell: ({ row }) => (
          <span className="block max-w-48 min-w-24 font-mono text-xs break-all whitespace-normal">
            {row.original.line.token}
          </span>
        ),
      },
      {
        id: "date",
        header: "Date",
        cell: ({ row }) => <span className="whitespace-nowrap">{row.original.line.date}</span>,
      },
      {
        id: "amount",
        header: rightAligned("At DPO"),
        cell: ({ row }) => (
          <div className="text-right whitespace-nowrap tabular-nums">
            {row.original.line.currency} {row.original.line.amount}
          </div>
        ),
      },
      {
        id: "books",
        header: rightAligned("In our books"),
        cell: ({ row }) => (
          <div className="text-right whitespace-nowrap tabular-nums">
            {row.original.payment ? signedZmw(row.original.payment.amount) : "—"}
          </div>
        ),
      },
    ],
    [],
  );
  const table = useTable({
    features: orderTableFeatures,
    columns,
    data: rows,
    getRowId: (row) => String(row.line.lineNumber),
  });
  return <DataTable table={table} message="No lines." />;
}
