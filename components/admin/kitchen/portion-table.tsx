"use client";

import type { OnChangeFn, RowSelectionState } from "@tanstack/react-table";
import { SelectableTable } from "@/components/admin/data-table/data-table";
import { selectColumn, type OrderColumn } from "@/components/admin/data-table/order-columns";
import { countEntries } from "@/components/admin/kitchen/kitchen-format";
import type { PortionRow } from "@/components/admin/kitchen/use-portion-rows";
import { Badge } from "@/components/ui/badge";
import { Checkbox } from "@/components/ui/checkbox";
import { cn } from "@/lib/utils";

// One day's Primary or Secondary portions in the kitchen view (spec 001 §2): per menu item the
// total, the protein and side counts, selectable for Mark as Complete; the orders' comments
// under the table. Large type for a tablet; the checkboxes are not printed.

const columns: OrderColumn<PortionRow>[] = [
  selectColumn({
    header: ({ table }) => {
      const rows = table.getRowModel().rows;
      const selected = rows.filter((row) => row.getIsSelected()).length;
      return (
        <Checkbox
          aria-label="Select all items in this table"
          className="size-6"
          checked={
            rows.length > 0 && selected === rows.length
              ? true
              : selected > 0
                ? "indeterminate"
                : false
          }
          onCheckedChange={(value) => {
            for (const row of rows) row.toggleSelected(value === true);
          }}
        />
      );
    },
    label: (row) => `Select ${row.name}`,
    className: "size-6",
  }),
  {
    id: "name",
    header: "Menu Item",
    cell: ({ row }) => (
      <div className="flex flex-wrap items-center gap-2 font-semibold">
        {row.original.name}
        {row.original.unpaidOrders > 0 && (
          <Badge variant="warning" className="text-sm">
            {row.original.unpaidOrders} unpaid
          </Badge>
        )}
        {row.original.done && (
          <Badge variant="success" className="text-sm">
            Completed
          </Badge>
        )}
      </div>
    ),
  },
  {
    id: "total",
    header: "Total Orders",
    cell: ({ row }) => (
      <span className="text-2xl font-bold tabular-nums">{row.original.totalOrders}</span>
    ),
  },
  {
    id: "proteins",
    header: "Protein Selection",
    cell: ({ row }) => <CountList counts={row.original.proteins} label="protein" />,
  },
  {
    id: "sides",
    header: "Side Dish Selection",
    cell: ({ row }) => <CountList counts={row.original.sides} label="side dish" />,
  },
];

function CountList({ counts, label }: { counts: Record<string, number>; label: string }) {
  const entries = countEntries(counts);
  if (entries.length === 0) return <span className="text-muted-foreground">No {label}</span>;
  return (
    <ul className="grid gap-1">
      {entries.map(([name, count]) => (
        <li key={name} className="flex items-baseline justify-between gap-3">
          <span className="capitalize">{name}</span>
          <span className="font-semibold tabular-nums">{count}</span>
        </li>
      ))}
    </ul>
  );
}

const headClassName = (columnId: string) =>
  cn("h-12 text-base", columnId === "select" && "w-12 print:hidden");
const cellClassName = (columnId: string) =>
  cn("py-3 align-top whitespace-normal", columnId === "select" && "print:hidden");

export function PortionTable({
  title,
  rows,
  selection,
  onSelectionChange,
}: {
  title: string;
  rows: PortionRow[];
  selection: RowSelectionState;
  onSelectionChange: OnChangeFn<RowSelectionState>;
}) {
  const comments = rows.flatMap((row) =>
    row.comments.map((comment) => ({ ...comment, item: row.name })),
  );

  return (
    <section aria-label={title} className="grid break-inside-avoid gap-2">
      <h4 className="text-lg font-semibold">{title}</h4>
      <SelectableTable
        columns={columns}
        data={rows}
        getRowId={(row) => row.key}
        rowSelection={selection}
        onRowSelectionChange={onSelectionChange}
        frameClassName="print:border-black"
        tableClassName="text-base"
        headClassName={headClassName}
        cellClassName={cellClassName}
      />
      {comments.length > 0 && (
        <div className="rounded-md border border-dashed p-3 print:border-black">
          <p className="font-semibold">Comments</p>
          <ul className="mt-1 grid gap-1">
            {comments.map((comment) => (
              <li key={comment.orderId}>
                <span className="font-medium">{comment.item}:</span> {comment.text}
              </li>
            ))}
          </ul>
        </div>
      )}
    </section>
  );
}
