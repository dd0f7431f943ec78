"use client";

import {
  menuItemColumn,
  orderDateColumn,
  orderDetailsColumn,
  orderStatusColumn,
  PriceStack,
  rightAligned,
  type OrderColumn,
  selectColumn,
  studentColumn,
  weekDayColumn,
} from "@/components/admin/data-table/order-columns";
import {
  exactAmount,
  formatKwacha,
  priceDisplay,
} from "@/components/admin/data-table/order-format";
import { orderItemNames } from "@/components/admin/history/cycle-orders-csv";
import { Checkbox } from "@/components/ui/checkbox";
import { gradeLabel } from "@/lib/client/format";
import type { CycleOrderDto } from "@/lib/contracts/orders";

// The columns of Cycle History's orders (spec 001 §2, §9): selectable rows, the price rounded up
// to whole kwacha with the undiscounted price struck through.

function PriceCell({ order }: { order: CycleOrderDto }) {
  const { paid, original } = priceDisplay(order.originalPrice, order.discountedPrice);
  if (paid === null) return <span className="text-muted-foreground">—</span>;
  return (
    <PriceStack
      paid={formatKwacha(paid)}
      original={original === null ? null : formatKwacha(original)}
      testId="original-price"
      exact={exactAmount(order.discountedPrice)}
    />
  );
}

export const cycleOrderColumns: OrderColumn<CycleOrderDto>[] = [
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
  studentColumn(({ student, allergyAcknowledged }) => ({
    name: student?.name ?? "Unknown student",
    grade: student ? gradeLabel(student.grade) : null,
    care: student,
    allergyAcknowledged,
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
