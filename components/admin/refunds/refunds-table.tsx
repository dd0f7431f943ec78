"use client";

import { useTable } from "@tanstack/react-table";
import { useMemo, type ReactNode } from "react";
import { DataTable } from "@/components/admin/data-table/data-table";
import {
  gradedStudent,
  menuItemColumn,
  orderDateColumn,
  orderStatusColumn,
  orderRowId,
  orderTableFeatures,
  rightAligned,
  studentColumn,
  type OrderColumn,
} from "@/components/admin/data-table/order-columns";
import { Button } from "@/components/ui/button";
import type { RefundDto } from "@/lib/contracts/orders";
import { formatZmw } from "@/lib/money";

// The orders of Refund Management (spec 001 §2, §9 amounts with decimals): a cancelled one has
// Mark as Refunded.

function amountText(amount: string): string {
  try {
    return formatZmw(amount);
  } catch {
    return amount;
  }
}

export function RefundsTable({
  refunds,
  message,
  refundingId,
  busy,
  onRefund,
}: {
  refunds: RefundDto[];
  message: ReactNode;
  /** The order being refunded now, if any; every button waits meanwhile (`busy`). */
  refundingId: number | undefined;
  busy: boolean;
  onRefund: (orderId: number) => void;
}) {
  const columns = useMemo<OrderColumn<RefundDto>[]>(
    () => [
      orderDateColumn(),
      studentColumn((refund) => gradedStudent(refund.student)),
      menuItemColumn((refund) => refund.menuItem.name),
      {
        id: "amount",
        header: rightAligned("Amount"),
        cell: ({ row }) => (
          <div className="text-right whitespace-nowrap tabular-nums">
            {amountText(row.original.amount)}
          </div>
        ),
      },
      orderStatusColumn(),
      {
        id: "action",
        header: "Action",
        cell: ({ row }) =>
          row.original.status === "cancelled" ? (
            <Button
              size="sm"
              onClick={() => onRefund(row.original.id)}
              disabled={busy}
              aria-label={`Mark order ${row.original.id} as refunded`}
            >
              {refundingId === row.original.id ? "Refunding..." : "Mark as Refunded"}
            </Button>
          ) : null,
      },
    ],
    [onRefund, busy, refundingId],
  );
  const table = useTable({
    features: orderTableFeatures,
    columns,
    data: refunds,
    getRowId: orderRowId,
  });

  return <DataTable table={table} message={message} />;
}
