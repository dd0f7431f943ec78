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
import {
  orderRowId,
  PriceStack,
  rightAligned,
  WeekDayPair,
} from "@/components/admin/data-table/order-columns";
import { TruncatedText } from "@/components/admin/data-table/truncated-text";
import { LiveOrderActions } from "@/components/admin/live-orders/live-order-actions";
import { LiveOrderDetails } from "@/components/admin/live-orders/live-order-details";
import {
  amountDisplay,
  formatLiveTime,
  itemNames,
  studentNames,
  weekDayPairs,
} from "@/components/admin/live-orders/live-order-format";
import { PaymentMethod } from "@/components/payment/payment-method";
import { useSchoolBrand } from "@/components/school-brand";
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
  timeZone: string,
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
      cell: ({ row }) => {
        // "05 Mar 2030, 10:15" on two lines: the date, then the time.
        const [date, time] = formatLiveTime(row.original.createdAt, timeZone).split(", ");
        return (
          <div className="whitespace-nowrap">
            <div>
              {date}
              {time && <span className="sr-only">, </span>}
            </div>
            {time && <div className="text-xs text-muted-foreground">{time}</div>}
          </div>
        );
      },
    },
    {
      // The parent and the cart's students as one pair: the account above, the children below.
      id: "family",
      header: "Parent & Student",
      cell: ({ row }) => (
        <div className="grid">
          <TruncatedText text={row.original.username} className="max-w-32 font-medium" />
          <TruncatedText
            text={studentNames(row.original)}
            className="max-w-32 text-xs text-muted-foreground"
          />
        </div>
      ),
    },
    {
      id: "items",
      header: "Items",
      cell: ({ row }) => <TruncatedText text={itemNames(row.original)} className="max-w-32" />,
    },
    {
      id: "amount",
      header: rightAligned("Amount"),
      cell: ({ row }) => {
        const { paid, original, exact } = amountDisplay(
          row.original.originalAmount,
          row.original.amount,
        );
        return (
          <PriceStack paid={paid} original={original} testId="original-amount" exact={exact} />
        );
      },
    },
    {
      id: "status",
      header: "Status",
      cell: ({ row }) => (
        <div className="flex flex-col items-start gap-1">
          <Badge
            variant={statusVariant(row.original.status)}
            className="max-w-36 text-left whitespace-normal"
          >
            {row.original.status}
          </Badge>
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
            <TruncatedText
              text={row.original.transactionId}
              className="max-w-24 font-mono text-xs"
            />
          ) : (
            <TruncatedText
              text={row.original.transactionRef}
              className="max-w-24 font-mono text-xs text-muted-foreground"
            />
          )}
          {/* "MTN MoMo 096****234" wraps under the id instead of widening the table. */}
          <PaymentMethod
            payment={row.original.payment}
            className="max-w-24 text-xs whitespace-normal"
          />
        </div>
      ),
    },
    {
      id: "weekDay",
      header: "Week & Day",
      cell: ({ row }) => {
        const pairs = weekDayPairs(row.original);
        if (pairs.length === 0) return "—";
        // One pair per line ("W2 Tue"); a long cart shows three and the rest in its details.
        return (
          <div className="grid">
            {pairs.slice(0, 3).map((pair) => (
              <WeekDayPair key={`${pair.weekNumber}-${pair.dayOfWeek}`} day={pair} />
            ))}
            {pairs.length > 3 && (
              <span className="text-xs text-muted-foreground">+{pairs.length - 3} more</span>
            )}
          </div>
        );
      },
    },
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
  const { timeZone } = useSchoolBrand();
  const [expanded, setExpanded] = useState<ExpandedState>({});
  const columns = useMemo(
    () =>
      liveOrderColumns(
        (order) => <LiveOrderActions order={order} pending={busy} onAction={onAction} />,
        timeZone,
      ),
    [busy, onAction, timeZone],
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
