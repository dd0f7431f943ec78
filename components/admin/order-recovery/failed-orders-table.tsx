"use client";

import { tableFeatures, useTable, type ColumnDef } from "@tanstack/react-table";
import { useMemo, type ReactNode } from "react";
import { TruncatedText } from "@/components/admin/data-table/truncated-text";
import { DataTable } from "@/components/admin/data-table/data-table";
import { orderRowId } from "@/components/admin/data-table/order-columns";
import { formatLiveTime } from "@/components/admin/live-orders/live-order-format";
import { money } from "@/components/admin/order-recovery/order-details-dialog";
import { PaymentMethod } from "@/components/payment/payment-method";
import { useSchoolBrand } from "@/components/school-brand";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { gradeLabel } from "@/lib/client/format";
import type { FailedOrder } from "@/lib/contracts/live-orders";
import { canRetryRecovery, recoveryBadgeVariant } from "@/lib/payments/attempt-transitions";

// The paid carts that did not become orders (spec 001 §2, §4): a row opens its Order Details;
// Retry where the recovery's status allows it.

const features = tableFeatures({});

const CELL_CLASS: Record<string, string> = {
  orderDate: "whitespace-nowrap",
  amount: "text-right tabular-nums",
  paymentRef: "font-mono text-xs break-all",
};
const cellClassName = (columnId: string) => CELL_CLASS[columnId];
const headClassName = (columnId: string) => (columnId === "amount" ? "text-right" : undefined);

export function FailedOrdersTable({
  orders,
  message,
  retryingId,
  onRetry,
  onOpen,
}: {
  orders: FailedOrder[];
  message: ReactNode;
  /** The order being retried now, if any. */
  retryingId: number | undefined;
  onRetry: (order: FailedOrder) => void;
  onOpen: (order: FailedOrder) => void;
}) {
  const { timeZone } = useSchoolBrand();
  const columns = useMemo<ColumnDef<typeof features, FailedOrder>[]>(
    () => [
      {
        id: "orderDate",
        header: "Order Date",
        cell: ({ row }) => formatLiveTime(row.original.orderDate, timeZone),
      },
      {
        id: "customer",
        header: "Customer",
        cell: ({ row }) => (
          <>
            <TruncatedText text={row.original.student.name} className="max-w-48 font-medium" />
            {row.original.student.grade !== "N/A" && (
              <div className="text-xs text-muted-foreground">
                {gradeLabel(row.original.student.grade)}
              </div>
            )}
          </>
        ),
      },
      { id: "amount", header: "Amount", cell: ({ row }) => money(row.original.amount) },
      {
        id: "status",
        header: "Status",
        cell: ({ row }) => (
          <Badge variant={recoveryBadgeVariant(row.original.status)}>{row.original.status}</Badge>
        ),
      },
      {
        id: "error",
        header: "Error",
        cell: ({ row }) => (
          <span className="block max-w-48 truncate" title={row.original.error ?? undefined}>
            {row.original.error ?? "—"}
          </span>
        ),
      },
      {
        id: "paymentRef",
        header: "Payment Reference",
        cell: ({ row }) => (
          <>
            <TruncatedText text={row.original.paymentRef} className="max-w-32" />
            <PaymentMethod payment={row.original.payment} className="font-sans" />
          </>
        ),
      },
      {
        id: "action",
        header: "Action",
        cell: ({ row }) => {
          const running = retryingId === row.original.id;
          return (
            <Button
              size="sm"
              variant="outline"
              disabled={!canRetryRecovery(row.original.status) || running}
              onClick={(event) => {
                event.stopPropagation();
                onRetry(row.original);
              }}
              onKeyDown={(event) => event.stopPropagation()}
            >
              {running ? "Retrying…" : "Retry"}
            </Button>
          );
        },
      },
    ],
    [retryingId, onRetry, timeZone],
  );
  const table = useTable({ features, columns, data: orders, getRowId: orderRowId });

  return (
    <DataTable
      table={table}
      headClassName={headClassName}
      message={message}
      messageClassName="h-24 text-center text-muted-foreground"
      cellClassName={cellClassName}
      rowProps={({ original: order }) => ({
        className: "cursor-pointer",
        tabIndex: 0,
        "aria-label": `Order ${order.id} details`,
        onClick: () => onOpen(order),
        onKeyDown: (event) => {
          if (event.key === "Enter" && event.target === event.currentTarget) onOpen(order);
        },
      })}
    />
  );
}
