"use client";

import {
  rowExpandingFeature,
  tableFeatures,
  useTable,
  type ColumnDef,
  type ExpandedState,
} from "@tanstack/react-table";
import { ChevronDown, ChevronRight } from "lucide-react";
import { useMemo, useState, type ReactNode } from "react";
import { DataTable } from "@/components/admin/data-table/data-table";
import { orderRowId, PriceStack, rightAligned } from "@/components/admin/data-table/order-columns";
import { LiveOrderActions } from "@/components/admin/live-orders/live-order-actions";
import { LiveOrderDetails } from "@/components/admin/live-orders/live-order-details";
import {
  amountDisplay,
  daysOf,
  formatLiveTime,
  itemNames,
  studentNames,
  weeksOf,
} from "@/components/admin/live-orders/live-order-format";
import { PaymentMethod } from "@/components/payment/payment-method";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import type { LiveOrder } from "@/lib/contracts/live-orders";
import type { LiveAction } from "@/lib/payments/attempt-transitions";

// The table of Live Orders (spec 001 §2, §4, §9): a row per payment attempt that opens on its
// cart per student, the filter row under the column names, the actions of the attempt's status.
// Rows are keyed by attempt id and stay open across the poll.

const features = tableFeatures({ rowExpandingFeature });

function statusVariant(status: string): "success" | "destructive" | "warning" | "secondary" {
  if (status === "Orders created successfully") return "success";
  if (status === "Failed" || status === "Payment Failed") return "destructive";
  if (status === "Payment Abandoned") return "secondary";
  return "warning";
}

function liveOrderColumns(
  actions: (order: LiveOrder) => ReactNode,
): ColumnDef<typeof features, LiveOrder>[] {
  return [
    {
      id: "expand",
      header: () => <span className="sr-only">Details</span>,
      cell: ({ row }) => (
        <Button
          variant="ghost"
          size="icon"
          aria-expanded={row.getIsExpanded()}
          aria-label={`${row.getIsExpanded() ? "Hide" : "Show"} details of order ${row.original.id}`}
          onClick={row.getToggleExpandedHandler()}
        >
          {row.getIsExpanded() ? <ChevronDown aria-hidden /> : <ChevronRight aria-hidden />}
        </Button>
      ),
    },
    {
      id: "time",
      header: "Time",
      cell: ({ row }) => (
        <span className="whitespace-nowrap">{formatLiveTime(row.original.createdAt)}</span>
      ),
    },
    { id: "parent", header: "Parent", cell: ({ row }) => row.original.username },
    { id: "student", header: "Student", cell: ({ row }) => studentNames(row.original) },
    { id: "items", header: "Items", cell: ({ row }) => itemNames(row.original) },
    {
      id: "amount",
      header: rightAligned("Amount"),
      cell: ({ row }) => {
        const { paid, original } = amountDisplay(row.original.originalAmount, row.original.amount);
        return <PriceStack paid={paid} original={original} testId="original-amount" />;
      },
    },
    {
      id: "status",
      header: "Status",
      cell: ({ row }) => (
        <div className="flex flex-col items-start gap-1">
          <Badge variant={statusVariant(row.original.status)}>{row.original.status}</Badge>
          {row.original.isRecovered && <Badge variant="outline">Recovered</Badge>}
        </div>
      ),
    },
    {
      id: "transactionId",
      header: "Transaction ID",
      cell: ({ row }) => (
        <div className="grid gap-0.5">
          {row.original.transactionId ? (
            <span className="font-mono text-xs break-all">{row.original.transactionId}</span>
          ) : (
            <span
              className="font-mono text-xs break-all text-muted-foreground"
              title="Our reference"
            >
              {row.original.transactionRef}
            </span>
          )}
          <PaymentMethod payment={row.original.payment} className="text-xs" />
        </div>
      ),
    },
    { id: "week", header: "Week", cell: ({ row }) => weeksOf(row.original) },
    { id: "day", header: "Day", cell: ({ row }) => daysOf(row.original) },
    { id: "actions", header: "Actions", cell: ({ row }) => actions(row.original) },
  ];
}

export function LiveOrdersTable({
  orders,
  filterRow,
  message,
  busy,
  onAction,
}: {
  orders: LiveOrder[];
  /** The filter row, given the column ids in order. */
  filterRow: (columnIds: string[]) => ReactNode;
  message: ReactNode;
  /** An action is running: every action button waits. */
  busy: boolean;
  onAction: (order: LiveOrder, action: LiveAction) => void;
}) {
  const [expanded, setExpanded] = useState<ExpandedState>({});
  const columns = useMemo(
    () =>
      liveOrderColumns((order) => (
        <LiveOrderActions order={order} pending={busy} onAction={onAction} />
      )),
    [busy, onAction],
  );
  const table = useTable({
    features,
    data: orders,
    columns,
    getRowId: orderRowId,
    state: { expanded },
    onExpandedChange: setExpanded,
    getRowCanExpand: () => true,
    autoResetExpanded: false,
  });

  return (
    <DataTable
      table={table}
      headerRows={filterRow(table.getAllLeafColumns().map((column) => column.id))}
      message={message}
      messageClassName="h-24 text-left md:text-center"
      rowProps={(row) => ({ "data-state": row.getIsExpanded() ? "selected" : undefined })}
      subRow={(row) => (row.getIsExpanded() ? <LiveOrderDetails order={row.original} /> : null)}
    />
  );
}
