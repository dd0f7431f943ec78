"use client";

import { tableMessage } from "@/components/admin/data-table/data-table-body";
import { Pager } from "@/components/admin/data-table/pager";
import { LiveOrderFilterRow } from "@/components/admin/live-orders/live-order-filters";
import {
  LIVE_ORDERS_PAGE_SIZE,
  liveOrdersPath,
} from "@/components/admin/live-orders/live-order-format";
import { LiveOrdersTable } from "@/components/admin/live-orders/live-orders-table";
import { useLiveOrderFilters } from "@/components/admin/live-orders/use-live-order-filters";
import {
  useLiveOrderAction,
  useLiveOrders,
} from "@/components/admin/live-orders/use-live-orders-queries";
import { Card, CardContent, CardHeader, CardTitle } from "@/components/ui/card";
import type { LiveOrder } from "@/lib/contracts/live-orders";

// Live Orders (spec 001 §2, §3, §4, §7, §9): every payment attempt, 50 a page, refreshed every 5 s.
// The filter row sits in the table header and applies only on 'Apply Filters'. The poll keeps the
// applied filters, the page and the open rows (rows are keyed by attempt id, never auto-reset).

const NO_ORDERS: LiveOrder[] = [];

export function LiveOrdersSection() {
  const filters = useLiveOrderFilters();
  const { page } = filters;
  const { run, pendingId } = useLiveOrderAction();
  const query = useLiveOrders(liveOrdersPath(filters.applied, page));

  const orders = query.data?.data ?? NO_ORDERS;
  const pagination = query.data?.pagination;
  const first = (page - 1) * LIVE_ORDERS_PAGE_SIZE + 1;
  const last = first + orders.length - 1;

  return (
    <Card>
      <CardHeader>
        <CardTitle>Live Orders</CardTitle>
      </CardHeader>
      <CardContent className="grid gap-4">
        <LiveOrdersTable
          orders={orders}
          busy={pendingId !== null}
          onAction={run}
          filterRow={(columnIds) => (
            <LiveOrderFilterRow
              columnIds={columnIds}
              draft={filters.draft}
              set={filters.set}
              statuses={query.data?.availableStatuses ?? []}
              onApply={filters.apply}
            />
          )}
          message={
            // Sticky so that on a phone, where the table scrolls sideways, it is in view.
            <div className="sticky left-2 inline-block md:static">
              {tableMessage(
                { loading: query.isPending, failed: query.isError && !query.data },
                {
                  loading: "Loading orders…",
                  failed: "Failed to fetch orders",
                  empty: (
                    <div className="grid gap-1">
                      <span className="font-medium">No Live Orders</span>
                      <span className="text-muted-foreground">
                        No orders are currently being processed
                      </span>
                    </div>
                  ),
                },
              )}
            </div>
          }
        />

        {pagination && pagination.totalOrders > 0 && (
          <p className="text-sm text-muted-foreground">
            Showing orders {first} to {last} of {pagination.totalOrders}
          </p>
        )}
        <Pager
          page={page}
          totalPages={Math.max(pagination?.totalPages ?? 1, 1)}
          hasPreviousPage={pagination?.hasPreviousPage}
          hasNextPage={pagination?.hasNextPage}
          onPageChange={filters.setPage}
        />
      </CardContent>
    </Card>
  );
}
