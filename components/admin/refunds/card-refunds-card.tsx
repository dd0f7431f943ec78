"use client";

import { useTable } from "@tanstack/react-table";
import { useMemo } from "react";
import { DataTable } from "@/components/admin/data-table/data-table";
import { tableMessage } from "@/components/admin/data-table/data-table-body";
import {
  orderRowId,
  orderTableFeatures,
  rightAligned,
  type OrderColumn,
} from "@/components/admin/data-table/order-columns";
import {
  useCardRefunds,
  useRetryCardRefund,
} from "@/components/admin/refunds/use-card-refunds-queries";
import { useSchoolBrand } from "@/components/school-brand";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { formatInstant } from "@/lib/client/format";
import type { CardRefundDto } from "@/lib/contracts/card-refunds";
import { formatZmw } from "@/lib/money";

// Refund Management's refunds through DPO (issue 49): those DPO has not refunded yet first, with
// DPO's reason (or "no answer") and Retry; then the latest refunded, with DPO's answer and time.

export function CardRefundsCard() {
  const query = useCardRefunds();
  const retry = useRetryCardRefund();
  const { timeZone } = useSchoolBrand();
  const columns = useMemo<OrderColumn<CardRefundDto>[]>(
    () => [
      {
        id: "family",
        header: "Family",
        cell: ({ row }) => (
          <span className="block max-w-44 min-w-28 break-words">
            {row.original.family.name}
            <span className="block text-xs text-muted-foreground">
              {row.original.orderId === null
                ? "Leaving the school"
                : `Order ${row.original.orderId}`}
            </span>
          </span>
        ),
      },
      {
        id: "amount",
        header: rightAligned("Amount"),
        cell: ({ row }) => (
          <div className="text-right whitespace-nowrap tabular-nums">
            {formatZmw(row.original.amount)}
          </div>
        ),
      },
      {
        id: "status",
        header: "Status",
        cell: ({ row }) => (
          <Badge variant={row.original.status === "refunded" ? "success" : "warning"}>
            {row.original.status === "refunded" ? "Refunded" : "Pending"}
          </Badge>
        ),
      },
      {
        id: "answer",
        header: "DPO's answer",
        cell: ({ row }) => <DpoAnswer refund={row.original} timeZone={timeZone} />,
      },
      {
        id: "action",
        header: "Action",
        cell: ({ row }) =>
          row.original.status === "pending" ? (
            <Button
              size="sm"
              variant="outline"
              className="min-h-9"
              disabled={retry.isPending}
              onClick={() => retry.mutate(row.original.id)}
              aria-label={`Send card refund ${row.original.id} to DPO again`}
            >
              {retry.isPending && retry.variables === row.original.id ? "Asking DPO..." : "Retry"}
            </Button>
          ) : null,
      },
    ],
    [retry, timeZone],
  );
  const table = useTable({
    features: orderTableFeatures,
    columns,
    data: query.data?.data ?? [],
    getRowId: orderRowId,
  });

  return (
    <Card>
      <CardHeader>
        <CardTitle>Card refunds through DPO</CardTitle>
        <CardDescription>
          A refund DPO refused or did not answer stays pending with its reason. When DPO gave no
          answer, check DPO&apos;s portal before retrying: it may have refunded already.
        </CardDescription>
      </CardHeader>
      <CardContent>
        <DataTable
          table={table}
          message={tableMessage(
            { loading: query.isPending, failed: Boolean(query.error) },
            {
              loading: "Loading card refunds…",
              failed: "Failed to fetch card refunds",
              empty: "No card refunds yet",
            },
          )}
        />
      </CardContent>
    </Card>
  );
}

function DpoAnswer({ refund, timeZone }: { refund: CardRefundDto; timeZone: string }) {
  const when = refund.answeredAt ?? null;
  return (
    <div className="grid max-w-64 min-w-44 gap-0.5 text-xs whitespace-normal">
      <span className="font-medium break-words">
        {refund.resultCode ? `${refund.resultCode} ` : ""}
        {refund.explanation ?? (refund.calls === 0 ? "Not sent yet" : "")}
      </span>
      <span className="text-muted-foreground">
        {when ? formatInstant(when, timeZone) : `Sent ${refund.calls} time(s)`}
      </span>
    </div>
  );
}
