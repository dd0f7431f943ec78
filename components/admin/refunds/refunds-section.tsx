"use client";

import { tableMessage } from "@/components/admin/data-table/data-table-body";
import { MetadataPager } from "@/components/admin/data-table/pager";
import { RefundsTable } from "@/components/admin/refunds/refunds-table";
import { useCompleteRefund, useRefunds } from "@/components/admin/refunds/use-refunds-queries";
import { Card, CardContent, CardHeader, CardTitle } from "@/components/ui/card";
import { useAddressPage } from "@/components/admin/data-table/use-console-address";

// Refund Management (spec 001 §2, §4, §7 GET /api/refunds and POST /api/refunds/{id}/complete,
// §9 amounts with decimals): paid orders that were cancelled, each refunded with one click, and
// those already refunded.

export function RefundManagementSection() {
  const [page, setPage] = useAddressPage();
  const query = useRefunds(page);
  const refund = useCompleteRefund();

  return (
    <Card>
      <CardHeader>
        <CardTitle>Orders to Refund</CardTitle>
      </CardHeader>
      <CardContent className="grid gap-4">
        <RefundsTable
          refunds={query.data?.data ?? []}
          refundingId={refund.isPending ? refund.variables : undefined}
          busy={refund.isPending}
          onRefund={refund.mutate}
          message={tableMessage(
            { loading: query.isPending, failed: Boolean(query.error) },
            {
              loading: "Loading refunds…",
              failed: "Failed to fetch refunds",
              empty: "No orders pending refund",
            },
          )}
        />
        <MetadataPager page={page} metadata={query.data?.metadata} onPageChange={setPage} />
      </CardContent>
    </Card>
  );
}
