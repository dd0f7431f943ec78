"use client";

import { Download } from "lucide-react";
import { useMemo, useState } from "react";
import { SelectableTable } from "@/components/admin/data-table/data-table";
import { tableMessage } from "@/components/admin/data-table/data-table-body";
import { orderRowId } from "@/components/admin/data-table/order-columns";
import { MetadataPager } from "@/components/admin/data-table/pager";
import { useCycles } from "@/components/admin/cycles/use-cycle-queries";
import { BulkStatusBar } from "@/components/admin/history/bulk-status-bar";
import { CycleHistoryFilterBar } from "@/components/admin/history/cycle-history-filters";
import { cycleOrderColumns } from "@/components/admin/history/cycle-order-columns";
import {
  cycleOrdersPath,
  useCycleHistoryFilters,
} from "@/components/admin/history/use-cycle-history-filters";
import {
  useCycleOrders,
  useMenuItems,
  useUpdateOrderStatus,
  type UpdateStatus,
} from "@/components/admin/history/use-cycle-history-queries";
import { useCycleOrdersExport } from "@/components/admin/history/use-cycle-orders-export";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardHeader, CardTitle } from "@/components/ui/card";
import type { CycleOrderDto } from "@/lib/contracts/orders";
import { SECTION_TITLES } from "@/lib/contracts/permissions";

// Cycle History (spec 001 §2 "Cycle History section (orders)", §7 GET /api/cycle-orders and
// POST /api/orders/status, §9 page size 10 and the rounding rule): one cycle's orders, filtered,
// paged by the server, bulk status updates of the selected orders and a CSV export of everything
// the filters match.

export const CYCLE_ORDERS_PAGE_SIZE = 10;

const NO_ORDERS: CycleOrderDto[] = [];

export function CycleHistorySection() {
  const cyclesQuery = useCycles();
  const menuQuery = useMenuItems();
  const cycles = useMemo(() => cyclesQuery.data ?? [], [cyclesQuery.data]);
  const state = useCycleHistoryFilters(cycles);
  const { filters, page, selectedIds } = state;
  const [newStatus, setNewStatus] = useState<UpdateStatus | "">("");
  const { exporting, exportCsv } = useCycleOrdersExport(filters);

  const path = cycleOrdersPath(filters, page, CYCLE_ORDERS_PAGE_SIZE);
  const ordersQuery = useCycleOrders(path, filters.cycleId !== "");
  const updateStatus = useUpdateOrderStatus(() => {
    state.setRowSelection({});
    setNewStatus("");
  });

  function submitStatus() {
    if (!newStatus || selectedIds.length === 0) return;
    updateStatus.mutate({ orderIds: selectedIds, status: newStatus });
  }

  const metadata = ordersQuery.data?.metadata;

  return (
    <Card>
      <CardHeader className="flex flex-row flex-wrap items-center justify-between gap-3">
        <CardTitle>{SECTION_TITLES.history}</CardTitle>
        <Button
          variant="outline"
          onClick={() => void exportCsv()}
          disabled={exporting || filters.cycleId === ""}
        >
          <Download aria-hidden /> Export CSV
        </Button>
      </CardHeader>
      <CardContent className="grid gap-4">
        <CycleHistoryFilterBar
          filters={filters}
          cycles={cycles}
          menuItems={menuQuery.data ?? []}
          onCycleChange={state.changeCycle}
          onFilterChange={state.changeFilter}
        />

        {selectedIds.length > 0 && (
          <BulkStatusBar
            count={selectedIds.length}
            status={newStatus}
            onStatusChange={setNewStatus}
            onSubmit={submitStatus}
            busy={updateStatus.isPending}
          />
        )}

        {filters.cycleId === "" && !cyclesQuery.isPending ? (
          <p className="text-muted-foreground">
            {cyclesQuery.error ? "Failed to fetch cycles" : "No order cycles yet."}
          </p>
        ) : (
          <SelectableTable
            columns={cycleOrderColumns}
            data={ordersQuery.data?.data ?? NO_ORDERS}
            getRowId={orderRowId}
            rowSelection={state.rowSelection}
            onRowSelectionChange={state.setRowSelection}
            message={tableMessage(
              {
                loading: ordersQuery.isFetching || cyclesQuery.isPending,
                failed: Boolean(ordersQuery.error),
              },
              {
                loading: "Loading orders…",
                failed: "Failed to fetch cycle orders",
                empty: "No orders found.",
              },
            )}
          />
        )}

        <MetadataPager page={page} metadata={metadata} onPageChange={state.setPage} />
      </CardContent>
    </Card>
  );
}
