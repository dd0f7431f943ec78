"use client";

import type { RowSelectionState } from "@tanstack/react-table";
import { useState } from "react";
import { SelectableTable } from "@/components/admin/data-table/data-table";
import { orderRowId } from "@/components/admin/data-table/order-columns";
import { pendingOrderColumns } from "@/components/admin/pending-payments/pending-order-columns";
import { useVerifyPayments } from "@/components/admin/pending-payments/use-pending-payments-queries";
import { toastFailure } from "@/components/notifications/toast";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardHeader, CardTitle } from "@/components/ui/card";
import type { PendingPaymentGroupDto } from "@/lib/contracts/orders";
import { formatZmw } from "@/lib/money";

// One parent's orders awaiting payment (spec 001 §2 Pending Payments): per-order checkboxes,
// Select All/Deselect All, and Verify Selected Payments for this group's selection.

export function PendingPaymentGroup({ group }: { group: PendingPaymentGroupDto }) {
  const [rowSelection, setRowSelection] = useState<RowSelectionState>({});

  // Only ids of orders still shown (a refetch may have removed some).
  const shownIds = new Set(group.orders.map((o) => o.id));
  const selectedIds = Object.keys(rowSelection)
    .filter((id) => rowSelection[id])
    .map(Number)
    .filter((id) => shownIds.has(id));
  const allSelected = group.orders.length > 0 && selectedIds.length === group.orders.length;

  const verify = useVerifyPayments(() => setRowSelection({}));

  function toggleAll() {
    setRowSelection(
      allSelected ? {} : Object.fromEntries(group.orders.map((o) => [String(o.id), true])),
    );
  }

  function verifySelected() {
    if (selectedIds.length === 0) {
      toastFailure("No Orders Selected", "Please select orders to verify");
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
        <SelectableTable
          columns={pendingOrderColumns}
          data={group.orders}
          getRowId={orderRowId}
          rowSelection={rowSelection}
          onRowSelectionChange={setRowSelection}
        />
      </CardContent>
    </Card>
  );
}
