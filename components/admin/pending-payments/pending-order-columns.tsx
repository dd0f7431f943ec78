"use client";

import {
  gradedStudent,
  menuItemColumn,
  orderDateColumn,
  orderDetailsColumn,
  type OrderColumn,
  rightAligned,
  selectColumn,
  studentColumn,
  weekDayColumn,
} from "@/components/admin/data-table/order-columns";
import {
  exactAmount,
  formatKwacha,
  roundUpKwacha,
} from "@/components/admin/data-table/order-format";
import { Badge } from "@/components/ui/badge";
import type { PendingPaymentOrderDto } from "@/lib/contracts/orders";

// The columns of one parent's orders awaiting payment (spec 001 §2 Pending Payments), each with
// its checkbox.

/**
 * Spec 001 §9: rounded up to whole kwacha; a 100% discount shows 0. What is still owed: the price
 * less the account credit the order took at checkout (issue 44).
 */
export function pendingAmount(order: PendingPaymentOrderDto): string {
  if (order.discountPercentage >= 100) return formatKwacha(0);
  try {
    return formatKwacha(roundUpKwacha(order.amountDue));
  } catch {
    return "—";
  }
}

export const pendingOrderColumns: OrderColumn<PendingPaymentOrderDto>[] = [
  selectColumn({
    header: () => <span className="sr-only">Select</span>,
    label: (order) => `Select order ${order.id}`,
  }),
  orderDateColumn("Date"),
  studentColumn((order) => gradedStudent(order.student)),
  menuItemColumn((order) => order.menuItem.name),
  weekDayColumn(),
  orderDetailsColumn("capitalize"),
  {
    id: "amount",
    header: rightAligned("Amount"),
    cell: ({ row }) => (
      <div
        className="text-right font-medium tabular-nums"
        data-testid="pending-amount"
        title={exactAmount(row.original.amountDue)}
      >
        {pendingAmount(row.original)}
      </div>
    ),
  },
  {
    id: "status",
    header: "Status",
    cell: () => <Badge variant="warning">Payment Pending</Badge>,
  },
];
