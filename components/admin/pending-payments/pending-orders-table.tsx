"use client";

import {
  useTable,
  type ColumnDef,
  type OnChangeFn,
  type RowSelectionState,
} from "@tanstack/react-table";
import { DataTableBody } from "@/components/admin/data-table/data-table-body";
import { DataTableHeader } from "@/components/admin/data-table/data-table-header";
import {
  gradedStudent,
  menuItemColumn,
  orderDateColumn,
  orderDetailsColumn,
  orderTableFeatures,
  rightAligned,
  selectColumn,
  selectedRowProps,
  studentColumn,
  weekDayColumn,
} from "@/components/admin/data-table/order-columns";
import { formatKwacha, roundUpKwacha } from "@/components/admin/history/cycle-order-format";
import { Badge } from "@/components/ui/badge";
import { Table } from "@/components/ui/table";
import type { PendingPaymentOrderDto } from "@/lib/contracts/orders";

// One parent's orders awaiting payment (spec 001 §2 Pending Payments), each with its checkbox.

/** Spec 001 §9: rounded up to whole kwacha; a 100% discount shows 0. */
export function pendingAmount(order: PendingPaymentOrderDto): string {
  if (order.discountPercentage >= 100) return formatKwacha(0);
  try {
    return formatKwacha(roundUpKwacha(order.discountedPrice));
  } catch {
    return "—";
  }
}

const columns: ColumnDef<typeof orderTableFeatures, PendingPaymentOrderDto>[] = [
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
      <div className="text-right font-medium tabular-nums" data-testid="pending-amount">
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

export function PendingOrdersTable({
  orders,
  rowSelection,
  onRowSelectionChange,
}: {
  orders: PendingPaymentOrderDto[];
  rowSelection: RowSelectionState;
  onRowSelectionChange: OnChangeFn<RowSelectionState>;
}) {
  const table = useTable({
    features: orderTableFeatures,
    data: orders,
    columns,
    getRowId: (order) => String(order.id),
    state: { rowSelection },
    onRowSelectionChange,
    enableRowSelection: true,
  });
  return (
    <div className="overflow-x-auto rounded-md border">
      <Table>
        <DataTableHeader table={table} />
        <DataTableBody table={table} rowProps={selectedRowProps} />
      </Table>
    </div>
  );
}
