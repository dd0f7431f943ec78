"use client";

import { useMutation, useQueryClient } from "@tanstack/react-query";
import {
  rowSelectionFeature,
  tableFeatures,
  useTable,
  type ColumnDef,
  type RowSelectionState,
} from "@tanstack/react-table";
import { useState } from "react";
import { DataTableHeader } from "@/components/admin/data-table-header";
import {
  formatKwacha,
  formatOrderDate,
  roundUpKwacha,
} from "@/components/admin/history/cycle-order-format";
import { notify } from "@/components/notifications/toast";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardHeader, CardTitle } from "@/components/ui/card";
import { Checkbox } from "@/components/ui/checkbox";
import { Table, TableBody, TableCell, TableRow } from "@/components/ui/table";
import { api, errorMessage } from "@/lib/client/api";
import { gradeLabel, weekdayName } from "@/lib/client/format";
import type { PendingPaymentGroupDto, PendingPaymentOrderDto } from "@/lib/contracts/orders";
import { formatZmw } from "@/lib/money";

// One parent's orders awaiting payment (spec 001 §2 Pending Payments): per-order checkboxes,
// Select All/Deselect All, and Verify Selected Payments for this group's selection.

export const PENDING_PAYMENTS_KEY = ["/api/payments/pending"] as const;

/** Spec 001 §9: rounded up to whole kwacha; a 100% discount shows 0. */
export function pendingAmount(order: PendingPaymentOrderDto): string {
  if (order.discountPercentage >= 100) return formatKwacha(0);
  try {
    return formatKwacha(roundUpKwacha(order.discountedPrice));
  } catch {
    return "—";
  }
}

const features = tableFeatures({ rowSelectionFeature });

const columns: ColumnDef<typeof features, PendingPaymentOrderDto>[] = [
  {
    id: "select",
    header: () => <span className="sr-only">Select</span>,
    cell: ({ row }) => (
      <Checkbox
        aria-label={`Select order ${row.original.id}`}
        checked={row.getIsSelected()}
        onCheckedChange={(value) => row.toggleSelected(value === true)}
      />
    ),
  },
  {
    id: "orderDate",
    header: "Date",
    cell: ({ row }) => (
      <span className="whitespace-nowrap">{formatOrderDate(row.original.orderDate)}</span>
    ),
  },
  {
    id: "student",
    header: "Student",
    cell: ({ row }) => (
      <div>
        <div className="font-medium">{row.original.student.name}</div>
        <div className="text-xs text-muted-foreground">
          {gradeLabel(row.original.student.grade)}
        </div>
      </div>
    ),
  },
  { id: "menuItem", header: "Menu Item", cell: ({ row }) => row.original.menuItem.name },
  {
    id: "weekDay",
    header: "Week & Day",
    cell: ({ row }) => (
      <div className="whitespace-nowrap">
        <div>Week {row.original.weekNumber}</div>
        <div className="text-xs text-muted-foreground">{weekdayName(row.original.dayOfWeek)}</div>
      </div>
    ),
  },
  {
    id: "details",
    header: "Details",
    cell: ({ row }) => {
      const { category, sideDish, comments } = row.original;
      if (!category && !sideDish && !comments) {
        return <span className="text-muted-foreground">—</span>;
      }
      return (
        <div className="grid gap-0.5 text-xs">
          {category && <div className="capitalize">Protein: {category}</div>}
          {sideDish && <div>Side: {sideDish}</div>}
          {comments && <div className="text-muted-foreground">Comments: {comments}</div>}
        </div>
      );
    },
  },
  {
    id: "amount",
    header: () => <div className="text-right">Amount</div>,
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

export function PendingPaymentGroup({ group }: { group: PendingPaymentGroupDto }) {
  const queryClient = useQueryClient();
  const [rowSelection, setRowSelection] = useState<RowSelectionState>({});
  const table = useTable({
    features,
    data: group.orders,
    columns,
    getRowId: (order) => String(order.id),
    state: { rowSelection },
    onRowSelectionChange: setRowSelection,
    enableRowSelection: true,
  });

  // Only ids of orders still shown (a refetch may have removed some).
  const shownIds = new Set(group.orders.map((o) => o.id));
  const selectedIds = Object.keys(rowSelection)
    .filter((id) => rowSelection[id])
    .map(Number)
    .filter((id) => shownIds.has(id));
  const allSelected = group.orders.length > 0 && selectedIds.length === group.orders.length;

  const verify = useMutation({
    mutationFn: (orderIds: number[]) =>
      api("/api/payments/verify", { method: "PUT", body: { orderIds } }),
    onSuccess: () => {
      notify({
        title: "Payments Verified",
        description: "Selected orders have been marked as paid",
        variant: "success",
      });
      setRowSelection({});
      void queryClient.invalidateQueries({ queryKey: PENDING_PAYMENTS_KEY });
    },
    onError: (error) => {
      notify({
        title: "Error",
        description: errorMessage(error, "Failed to verify payments"),
        variant: "destructive",
      });
    },
  });

  function toggleAll() {
    setRowSelection(
      allSelected ? {} : Object.fromEntries(group.orders.map((o) => [String(o.id), true])),
    );
  }

  function verifySelected() {
    if (selectedIds.length === 0) {
      notify({
        title: "No Orders Selected",
        description: "Please select orders to verify",
        variant: "destructive",
      });
      return;
    }
    verify.mutate(selectedIds);
  }

  return (
    <Card role="region" aria-label={`Pending payments of ${group.parentUsername}`}>
      <CardHeader className="flex flex-row flex-wrap items-center justify-between gap-3">
        <div className="grid gap-1">
          <CardTitle className="break-all">{group.parentUsername}</CardTitle>
          <p className="text-sm text-muted-foreground">
            {group.orders.length} order{group.orders.length === 1 ? "" : "s"} · Total{" "}
            <span className="font-semibold text-foreground" data-testid="group-total">
              {formatZmw(group.totalAmount)}
            </span>
          </p>
        </div>
        <div className="flex flex-wrap gap-2">
          <Button variant="outline" onClick={toggleAll} disabled={group.orders.length === 0}>
            {allSelected ? "Deselect All" : "Select All"}
          </Button>
          <Button onClick={verifySelected} disabled={verify.isPending}>
            {verify.isPending ? "Verifying..." : "Verify Selected Payments"}
          </Button>
        </div>
      </CardHeader>
      <CardContent>
        <div className="overflow-x-auto rounded-md border">
          <Table>
            <DataTableHeader table={table} />
            <TableBody>
              {table.getRowModel().rows.map((row) => (
                <TableRow key={row.id} data-state={row.getIsSelected() ? "selected" : undefined}>
                  {row.getAllCells().map((cell) => (
                    <TableCell key={cell.id} className="align-top">
                      <table.FlexRender cell={cell} />
                    </TableCell>
                  ))}
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </div>
      </CardContent>
    </Card>
  );
}
