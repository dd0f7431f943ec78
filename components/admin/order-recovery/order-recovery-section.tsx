"use client";

import { useState } from "react";
import { tableMessage } from "@/components/admin/data-table/data-table-body";
import { ALL, FilterSelect } from "@/components/admin/data-table/filter-select";
import { FailedOrdersTable } from "@/components/admin/order-recovery/failed-orders-table";
import { OrderDetailsDialog } from "@/components/admin/order-recovery/order-details-dialog";
import {
  useFailedOrders,
  useRetryRecovery,
  type FailedOrdersPath,
} from "@/components/admin/order-recovery/use-order-recovery-queries";
import { Card, CardContent, CardHeader, CardTitle } from "@/components/ui/card";
import type { FailedOrder } from "@/lib/contracts/live-orders";
import { RECOVERY_STATUSES } from "@/lib/contracts/payments";
import { recoveryStatusLabel } from "@/lib/payments/attempt-transitions";
import { useAddressValue } from "@/components/admin/data-table/use-console-address";

// Order Recovery (spec 001 §2, §3, §4, §7, §8, §9): the paid carts that did not become orders, a
// status filter, Retry (the cart's items as DISCOUNT orders) and an Order Details dialog.

function failedOrdersPath(status: string): FailedOrdersPath {
  return status === ALL
    ? "/api/payments/failed-orders"
    : `/api/payments/failed-orders?status=${encodeURIComponent(status)}`;
}

export function OrderRecoverySection() {
  const [status, setStatus] = useAddressValue("status", ALL);
  const [open, setOpen] = useState<FailedOrder | null>(null);
  const query = useFailedOrders(failedOrdersPath(status));
  const retry = useRetryRecovery();

  return (
    <Card>
      <CardHeader className="flex flex-row flex-wrap items-center justify-between gap-3">
        <CardTitle>Failed Orders</CardTitle>
        <FilterSelect
          label="Filter by status"
          className="w-64"
          value={status}
          onChange={setStatus}
          all="All statuses"
          options={RECOVERY_STATUSES.map((value) => ({
            value,
            label: recoveryStatusLabel(value),
          }))}
        />
      </CardHeader>
      <CardContent>
        <FailedOrdersTable
          orders={query.data?.data ?? []}
          retryingId={retry.isPending ? retry.variables.id : undefined}
          onRetry={retry.mutate}
          onOpen={setOpen}
          message={tableMessage(
            { loading: query.isPending, failed: query.isError },
            {
              loading: "Loading failed orders…",
              failed: "Failed to fetch failed orders",
              empty: "No failed orders found",
            },
          )}
        />
      </CardContent>
      <OrderDetailsDialog order={open} onClose={() => setOpen(null)} />
    </Card>
  );
}
