"use client";

import {
  useTable,
  type ColumnDef,
  type OnChangeFn,
  type RowSelectionState,
} from "@tanstack/react-table";
import type { ReactNode } from "react";
import { DataTableBody } from "@/components/admin/data-table/data-table-body";
import { DataTableHeader } from "@/components/admin/data-table/data-table-header";
import {
  menuItemColumn,
  orderDateColumn,
  orderDetailsColumn,
  orderStatusColumn,
  PriceStack,
  rightAligned,
  orderTableFeatures,
  selectColumn,
  selectedRowProps,
  studentColumn,
  weekDayColumn,
} from "@/components/admin/data-table/order-columns";
import {
  formatKwacha,
  orderItemNames,
  priceDisplay,
  type CycleOrder,
} from "@/components/admin/history/cycle-order-format";
import { Checkbox } from "@/components/ui/checkbox";
import { Table } from "@/components/ui/table";

// One page of a cycle's orders (spec 001 §2, §9): selectable rows, the price rounded up to whole
// kwacha with the undiscounted price struck through.

type Features = typeof orderTableFeatures;

function PriceCell({ order }: { order: CycleOrder }) {
  const { paid, original } = priceDisplay(order.originalPrice, order.discountedPrice);
  if (paid === null) return <span className="text-muted-foreground">—</span>;
  return (
    <PriceStack
      paid={formatKwacha(paid)}
      original={original === null ? null : formatKwacha(original)}
      testId="original-price"
    />
  );
}

const columns: ColumnDef<Features, CycleOrder>[] = [
  selectColumn({
    header: ({ table }) => (
      <Checkbox
        aria-label="Select all orders on this page"
        checked={
          table.getIsAllPageRowsSelected()
            ? true
            : table.getIsSomePageRowsSelected()
              ? "indeterminate"
              : false
        }
        disabled={table.getRowModel().rows.length === 0}
        onCheckedChange={(value) => table.toggleAllPageRowsSelected(value === true)}
      />
    ),
    label: (order) => `Select order ${order.id}`,
  }),
  orderDateColumn(),
  studentColumn(({ student }) => ({
    name: student?.name ?? "Unknown student",
    grade: student ? `Grade ${student.grade}` : null,
  })),
  menuItemColumn(orderItemNames),
  weekDayColumn(),
  orderDetailsColumn(),
  {
    id: "price",
    header: rightAligned("Price"),
    cell: ({ row }) => <PriceCell order={row.original} />,
  },
  orderStatusColumn(),
];

export function CycleOrdersTable({
  orders,
  rowSelection,
  onRowSelectionChange,
  message,
}: {
  orders: CycleOrder[];
  rowSelection: RowSelectionState;
  onRowSelectionChange: OnChangeFn<RowSelectionState>;
  message: ReactNode;
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
        <DataTableBody table={table} message={message} rowProps={selectedRowProps} />
      </Table>
    </div>
  );
}
