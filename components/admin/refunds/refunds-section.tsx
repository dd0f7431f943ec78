"use client";

import { useState } from "react";
import { CardRefundDialog } from "@/components/admin/refunds/card-refund-dialog";
import { CardRefundsCard } from "@/components/admin/refunds/card-refunds-card";
import { LeavingCard } from "@/components/admin/refunds/leaving-card";
import { RefundDialog } from "@/components/admin/refunds/refund-dialog";
import { useRefundToCard } from "@/components/admin/refunds/use-card-refunds-queries";
import { tableMessage } from "@/components/admin/data-table/data-table-body";
import { MetadataPager } from "@/components/admin/data-table/pager";
import { RefundsTable } from "@/components/admin/refunds/refunds-table";
import { WithdrawalsCard } from "@/components/admin/refunds/withdrawals-card";
import { useCompleteRefund, useRefunds } from "@/components/admin/refunds/use-refunds-queries";
import { Card, CardContent, CardHeader, CardTitle } from "@/components/ui/card";
import type { RefundDto } from "@/lib/contracts/orders";
import type { RefundMethod } from "@/lib/contracts/refunds";
import { useAddressPage } from "@/components/admin/data-table/use-console-address";

// Refund Management (spec 001 §2, §4, §7 GET /api/refunds and POST /api/refunds/{id}/complete,
// §9 amounts with decimals): paid orders that were cancelled, each refunded through a dialog that
// records how the money went back (issue 25) or straight to account credit (issue 17), and those
// already refunded with how and by whom. A card-paid order is refunded to its card through DPO
// (issue 49); below, those refunds with DPO's answers, the families leaving the school, and the
// families' wallet withdrawals (issue 47).

export function RefundManagementSection() {
  const [page, setPage] = useAddressPage();
  const query = useRefunds(page);
  const [open, setOpen] = useState<{ refund: RefundDto; method: RefundMethod } | null>(null);
  const refund = useCompleteRefund(() => setOpen(null));
  const [toCard, setToCard] = useState<RefundDto | null>(null);
  const cardRefund = useRefundToCard(() => setToCard(null));

  return (
    <div className="grid gap-6">
      <Card>
        <CardHeader>
          <CardTitle>Orders to Refund</CardTitle>
        </CardHeader>
        <CardContent className="grid gap-4">
          <RefundsTable
            refunds={query.data?.data ?? []}
            refundingId={refund.isPending ? refund.variables?.orderId : undefined}
            busy={refund.isPending || cardRefund.isPending}
            onRefund={(row, method) => setOpen({ refund: row, method })}
            onCardRefund={setToCard}
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
          <RefundDialog
            refund={open?.refund ?? null}
            initialMethod={open?.method ?? "cash"}
            pending={refund.isPending}
            onClose={() => setOpen(null)}
            onConfirm={(orderId, how) => refund.mutate({ orderId, how })}
          />
          <CardRefundDialog
            refund={toCard}
            pending={cardRefund.isPending}
            onClose={() => setToCard(null)}
            onConfirm={(orderId, values) => cardRefund.mutate({ orderId, values })}
          />
        </CardContent>
      </Card>
      <CardRefundsCard />
      <LeavingCard />
      <WithdrawalsCard />
    </div>
  );
}
