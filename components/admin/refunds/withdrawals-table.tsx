"use client";

import { useTable } from "@tanstack/react-table";
import { useMemo, type ReactNode } from "react";
import { DataTable } from "@/components/admin/data-table/data-table";
import {
  orderRowId,
  orderTableFeatures,
  rightAligned,
  type OrderColumn,
} from "@/components/admin/data-table/order-columns";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { formatInstant } from "@/lib/client/format";
import type { AdminWithdrawalDto } from "@/lib/contracts/withdrawals";
import { formatZmw } from "@/lib/money";

// Refund Management's withdrawals (issue 47): who asked, how much, the number to pay, and Pay out
// or Decline while pending; once decided, how and by whom.

export type WithdrawalAction = "pay" | "decline";

export const OFFICE_LABELS = {
  pending: "Pending",
  paid: "Paid out",
  declined: "Declined",
} as const;
const STATUS_VARIANT = { pending: "warning", paid: "success", declined: "outline" } as const;

export function WithdrawalsTable({
  rows,
  message,
  busy,
  timeZone,
  onDecide,
}: {
  rows: AdminWithdrawalDto[];
  message: ReactNode;
  busy: boolean;
  timeZone: string;
  onDecide: (row: AdminWithdrawalDto, action: WithdrawalAction) => void;
}) {
  const columns = useMemo<OrderColumn<AdminWithdrawalDto>[]>(
    () => [
      {
        // The family and when they asked in one column, and the amount next: on a phone the
        // first columns are what shows before scrolling sideways.
        id: "family",
        header: "Family",
        cell: ({ row }) => (
          <span className="block max-w-44 min-w-28 break-words">
            {row.original.accountName}
            <span className="block text-xs text-muted-foreground">
              {formatInstant(row.original.createdAt, timeZone)}
            </span>
            {row.original.accountDeleted && (
              <span className="block text-xs text-muted-foreground">Account deleted: pay only</span>
            )}
          </span>
        ),
      },
      {
        id: "amount",
        header: rightAligned("Amount"),
        cell: ({ row }) => (
          <div className="text-right whitespace-nowrap tabular-nums">
            {formatZmw(row.original.amount)}
          </div>
        ),
      },
      {
        id: "mobileNumber",
        header: "Pay to",
        cell: ({ row }) => (
          <span className="whitespace-nowrap">
            <span className="font-mono tabular-nums">{row.original.mobileNumber ?? "—"}</span>
            {row.original.operatorLabel && (
              <span className="block text-xs text-muted-foreground">
                {row.original.operatorLabel}
              </span>
            )}
          </span>
        ),
      },
      {
        id: "status",
        header: "Status",
        cell: ({ row }) => (
          <Badge variant={STATUS_VARIANT[row.original.status]}>
            {OFFICE_LABELS[row.original.status]}
          </Badge>
        ),
      },
      {
        id: "action",
        header: "Action",
        cell: ({ row }) =>
          row.original.status === "pending" ? (
            <div className="flex flex-wrap gap-2">
              <Button
                size="sm"
                className="min-h-9"
                disabled={busy}
                onClick={() => onDecide(row.original, "pay")}
                aria-label={`Pay out withdrawal ${row.original.id}`}
              >
                Pay out
              </Button>
              {!row.original.accountDeleted && (
                <Button
                  size="sm"
                  variant="outline"
                  className="min-h-9"
                  disabled={busy}
                  onClick={() => onDecide(row.original, "decline")}
                  aria-label={`Decline withdrawal ${row.original.id}`}
                >
                  Decline
                </Button>
              )}
            </div>
          ) : (
            <Decided row={row.original} />
          ),
      },
    ],
    [busy, onDecide, timeZone],
  );
  const table = useTable({
    features: orderTableFeatures,
    columns,
    data: rows,
    getRowId: orderRowId,
  });
  return <DataTable table={table} message={message} />;
}

function Decided({ row }: { row: AdminWithdrawalDto }) {
  const lines = [
    row.method,
    row.reference && `Ref. ${row.reference}`,
    row.reason,
    row.decidedByName && `by ${row.decidedByName}`,
  ].filter((line): line is string => !!line);
  return (
    <div className="grid max-w-56 gap-0.5 text-xs">
      {lines.map((line, n) => (
        <span
          key={n}
          className={n === 0 ? "font-medium break-words" : "break-words text-muted-foreground"}
        >
          {line}
        </span>
      ))}
    </div>
  );
}
