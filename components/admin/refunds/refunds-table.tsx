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
  WeekDayPair,
  type OrderColumn,
} from "@/components/admin/data-table/order-columns";
import { formatCalendarDate } from "@/components/admin/data-table/order-format";
import { Button } from "@/components/ui/button";
import type { RefundDto } from "@/lib/contracts/orders";
import { refundMethodLabel, type RefundMethod } from "@/lib/contracts/refunds";
import { formatZmw } from "@/lib/money";

// The orders of Refund Management (spec 001 §2, §9 amounts with decimals): a cancelled one has
// Mark as Refunded and Refund to credit (issue 17), and Refund to card when paid by card through
// DPO (issue 49); a refunded one says how and by whom (issue 25).

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
  onCardRefund,
}: {
  refunds: RefundDto[];
  message: ReactNode;
  /** The order being refunded now, if any; every button waits meanwhile (`busy`). */
  refundingId: number | undefined;
  busy: boolean;
  onRefund: (refund: RefundDto, method: RefundMethod) => void;
  /** Issue 49: refund a card-paid order to its card through DPO. */
  onCardRefund: (refund: RefundDto) => void;
}) {
  const columns = useMemo<OrderColumn<RefundDto>[]>(
    () => [
      orderDateColumn(),
      {
        // Issue 44: the meal's own day, so two like orders of one child can be told apart.
        id: "mealDate",
        header: "Meal date",
        cell: ({ row }) => (
          <span className="whitespace-nowrap">
            {formatCalendarDate(row.original.mealDate)}{" "}
            <span className="text-muted-foreground">
              (<WeekDayPair day={row.original} />)
            </span>
          </span>
        ),
      },
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
          row.original.card?.cardRefund?.status === "pending" ? (
            <CardRefundPending refund={row.original} />
          ) : row.original.status === "cancelled" ? (
            <div className="flex flex-wrap gap-2">
              {row.original.card && row.original.card.refundable !== "0.00" && (
                <Button
                  size="sm"
                  onClick={() => onCardRefund(row.original)}
                  disabled={busy}
                  aria-label={`Refund order ${row.original.id} to the card through DPO`}
                >
                  Refund to card
                </Button>
              )}
              <Button
                size="sm"
                onClick={() => onRefund(row.original, "cash")}
                disabled={busy}
                aria-label={`Mark order ${row.original.id} as refunded`}
              >
                {refundingId === row.original.id ? "Refunding..." : "Mark as Refunded"}
              </Button>
              <Button
                size="sm"
                variant="outline"
                onClick={() => onRefund(row.original, "credit")}
                disabled={busy}
                aria-label={`Refund order ${row.original.id} to account credit`}
              >
                Refund to credit
              </Button>
            </div>
          ) : (
            <RefundRecord refund={row.original} />
          ),
      },
    ],
    [onRefund, onCardRefund, busy, refundingId],
  );
  const table = useTable({
    features: orderTableFeatures,
    columns,
    data: refunds,
    getRowId: orderRowId,
  });

  return <DataTable table={table} message={message} />;
}

/** Issue 49: the order's refund through DPO is pending, with DPO's reason (retry it below). */
function CardRefundPending({ refund }: { refund: RefundDto }) {
  const pending = refund.card?.cardRefund;
  return (
    <div className="grid max-w-56 min-w-40 gap-0.5 text-xs whitespace-normal">
      <span className="font-medium">Card refund pending</span>
      <span className="break-words text-muted-foreground">
        {pending?.resultCode ? `DPO ${pending.resultCode}: ` : ""}
        {pending?.explanation ?? "Waiting for DPO"}
      </span>
    </div>
  );
}

/** How and by whom a refunded order's money went back; nothing for a refund without a record. */
function RefundRecord({ refund }: { refund: RefundDto }) {
  const record = refund.refund;
  if (!record) return null;
  return (
    <div className="grid max-w-56 gap-0.5 text-xs">
      <span className="font-medium">{refundMethodLabel(record.method)}</span>
      {record.reference && (
        <span className="truncate text-muted-foreground" title={record.reference}>
          Ref. {record.reference}
        </span>
      )}
      {record.adminName && (
        <span className="truncate text-muted-foreground" title={record.adminName}>
          by {record.adminName}
        </span>
      )}
    </div>
  );
}
