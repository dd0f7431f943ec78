"use client";

import { useTable } from "@tanstack/react-table";
import { useMemo, type ReactNode } from "react";
import { DataTable } from "@/components/admin/data-table/data-table";
import {
  orderTableFeatures,
  rightAligned,
  type OrderColumn,
} from "@/components/admin/data-table/order-columns";
import { formatInstant } from "@/lib/client/format";
import {
  TAKINGS_LINE_INFO,
  type TakingsDayDto,
  type TakingsItemDto,
  type TakingsLine,
  type TakingsLineDto,
} from "@/lib/contracts/takings";
import { formatZmw } from "@/lib/money";

// The Takings tab's tables (issue 49): the period's lines, its days, and the payments behind the
// figure chosen. Every amount is a button that shows the payments behind it (the choice is in the
// address: `&line=card&day=2026-11-30`).

export type Figure = { line: TakingsLine | null; day: string | null };

const GROUP_LABELS = { received: "Received", credit: "Paid from credit", out: "Paid out" } as const;

/** "K 1,234.50", or "−K 12.00" for a negative amount. */
export function signedZmw(amount: string): string {
  return amount.startsWith("-") ? `−${formatZmw(amount.slice(1))}` : formatZmw(amount);
}

export function FigureButton({
  amount,
  label,
  figure,
  onShow,
}: {
  amount: string;
  label: string;
  figure: Figure;
  onShow: (figure: Figure) => void;
}) {
  if (amount === "0.00") {
    return (
      <span className="whitespace-nowrap text-muted-foreground tabular-nums">
        {signedZmw(amount)}
      </span>
    );
  }
  return (
    <button
      type="button"
      className="rounded-sm text-right whitespace-nowrap text-primary tabular-nums underline-offset-4 hover:underline focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none"
      aria-label={`${label}: ${signedZmw(amount)}, show the payments`}
      onClick={() => onShow(figure)}
    >
      {signedZmw(amount)}
    </button>
  );
}

export function TakingsLinesTable({
  lines,
  onShow,
}: {
  lines: TakingsLineDto[];
  onShow: (figure: Figure) => void;
}) {
  const columns = useMemo<OrderColumn<TakingsLineDto>[]>(
    () => [
      {
        id: "line",
        header: "Line",
        cell: ({ row }) => (
          <span className="block max-w-52 min-w-28 break-words whitespace-normal">
            {TAKINGS_LINE_INFO[row.original.line].label}
            <span className="block text-xs text-muted-foreground">
              {GROUP_LABELS[TAKINGS_LINE_INFO[row.original.line].group]}
            </span>
          </span>
        ),
      },
      {
        id: "amount",
        header: rightAligned("Amount"),
        cell: ({ row }) => (
          <div className="text-right">
            <FigureButton
              amount={row.original.amount}
              label={TAKINGS_LINE_INFO[row.original.line].label}
              figure={{ line: row.original.line, day: null }}
              onShow={onShow}
            />
          </div>
        ),
      },
      {
        id: "count",
        header: rightAligned("Payments"),
        cell: ({ row }) => <div className="text-right tabular-nums">{row.original.count}</div>,
      },
    ],
    [onShow],
  );
  const table = useTable({
    features: orderTableFeatures,
    columns,
    data: lines,
    getRowId: (row) => row.line,
  });
  return <DataTable table={table} />;
}

/** A day a row: its money received, then each line that moved in the period. */
export function TakingsDaysTable({
  days,
  shownLines,
  message,
  onShow,
}: {
  days: TakingsDayDto[];
  shownLines: TakingsLine[];
  message: ReactNode;
  onShow: (figure: Figure) => void;
}) {
  const columns = useMemo<OrderColumn<TakingsDayDto>[]>(
    () => [
      {
        id: "day",
        header: "Day",
        cell: ({ row }) => (
          <button
            type="button"
            className="whitespace-nowrap text-primary underline-offset-4 hover:underline"
            aria-label={`${row.original.day}: show every payment of the day`}
            onClick={() => onShow({ line: null, day: row.original.day })}
          >
            {row.original.day}
          </button>
        ),
      },
      {
        id: "received",
        header: rightAligned("Received"),
        cell: ({ row }) => (
          <div className="text-right font-medium whitespace-nowrap tabular-nums">
            {signedZmw(row.original.received)}
          </div>
        ),
      },
      ...shownLines.map<OrderColumn<TakingsDayDto>>((line) => ({
        id: line,
        header: rightAligned(TAKINGS_LINE_INFO[line].label),
        cell: ({ row }) => {
          const entry = row.original.lines.find((l) => l.line === line);
          return (
            <div className="text-right">
              {entry ? (
                <FigureButton
                  amount={entry.amount}
                  label={`${TAKINGS_LINE_INFO[line].label} on ${row.original.day}`}
                  figure={{ line, day: row.original.day }}
                  onShow={onShow}
                />
              ) : (
                <span className="text-muted-foreground">—</span>
              )}
            </div>
          );
        },
      })),
    ],
    [onShow, shownLines],
  );
  const table = useTable({
    features: orderTableFeatures,
    columns,
    data: days,
    getRowId: (row) => row.day,
  });
  return <DataTable table={table} message={message} />;
}

export function TakingsPaymentsTable({
  items,
  timeZone,
  message,
}: {
  items: TakingsItemDto[];
  timeZone: string;
  message: ReactNode;
}) {
  const columns = useMemo<OrderColumn<TakingsItemDto>[]>(
    () => [
      {
        id: "at",
        header: "When",
        cell: ({ row }) => (
          <span className="whitespace-nowrap">{formatInstant(row.original.at, timeZone)}</span>
        ),
      },
      {
        id: "amount",
        header: rightAligned("Amount"),
        cell: ({ row }) => (
          <div className="text-right whitespace-nowrap tabular-nums">
            {signedZmw(row.original.amount)}
          </div>
        ),
      },
      {
        id: "line",
        header: "Line",
        cell: ({ row }) => TAKINGS_LINE_INFO[row.original.line].label,
      },
      { id: "account", header: "Account", cell: ({ row }) => row.original.account ?? "—" },
      {
        id: "reference",
        header: "Reference",
        cell: ({ row }) => (
          <span className="font-mono text-xs break-all">{row.original.reference ?? "—"}</span>
        ),
      },
    ],
    [timeZone],
  );
  const table = useTable({
    features: orderTableFeatures,
    columns,
    data: items,
    getRowId: (row) => row.key,
  });
  return <DataTable table={table} message={message} />;
}
