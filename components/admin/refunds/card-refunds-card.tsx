"use client";

import { useTable } from "@tanstack/react-table";
import { useMemo, useState } from "react";
import { DataTable } from "@/components/admin/data-table/data-table";
import { tableMessage } from "@/components/admin/data-table/data-table-body";
import {
  orderRowId,
  orderTableFeatures,
  rightAligned,
  type OrderColumn,
} from "@/components/admin/data-table/order-columns";
import { ByHandDialog } from "@/components/admin/refunds/by-hand-dialog";
import {
  useCardRefunds,
  usePayByHand,
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
// DPO's reason (or "no answer"), Retry, and Pay by hand instead; then the latest settled, with
// DPO's answer and time.

const STATUS_BADGES = {
  pending: { label: "Pending", variant: "warning" },
  refunded: { label: "Refunded", variant: "success" },
  paid_by_hand: { label: "Paid by hand", variant: "secondary" },
} as const;

export function CardRefundsCard() {
  const query = useCardRefunds();
  // The pieces, not the mutation object (a new one each render): the columns change only when
  // they do, so a row's buttons are not remounted by an unrelated render.
  const { mutate: retry, isPending: retrying, variables: retryingId } = useRetryCardRefund();
  const [byHandOf, setByHandOf] = useState<CardRefundDto | null>(null);
  const byHand = usePayByHand(() => setByHandOf(null));
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
          <Badge variant={STATUS_BADGES[row.original.status].variant}>
            {STATUS_BADGES[row.original.status].label}
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
            <div className="flex flex-wrap gap-2">
              <Button
                size="sm"
                variant="outline"
                className="min-h-9"
                disabled={retrying}
                onClick={() => retry(row.original.id)}
                aria-label={`Send card refund ${row.original.id} to DPO again`}
              >
                {retrying && retryingId === row.original.id ? "Asking DPO..." : "Retry"}
              </Button>
              <Button
                size="sm"
                variant="ghost"
                className="min-h-9"
                onClick={() => setByHandOf(row.original)}
                aria-label={`Pay card refund ${row.original.id} back by hand instead`}
              >
                Pay by hand
              </Button>
            </div>
          ) : null,
      },
    ],
    [retry, retrying, retryingId, timeZone],
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
          A refund DPO refused or did not answer stays pending with its reason: retry it, or pay it
          back by hand instead. When DPO gave no answer, check DPO&apos;s portal first: it may have
          refunded already.
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
      <ByHandDialog
        // A fresh form for each refund: nothing ticked or typed for another carries over.
        key={byHandOf?.id ?? "closed"}
        refund={byHandOf}
        pending={byHand.isPending}
        onClose={() => setByHandOf(null)}
        onConfirm={(values) => byHandOf && byHand.mutate({ id: byHandOf.id, values })}
      />
    </Card>
  );
}

function DpoAnswer({ refund, timeZone }: { refund: CardRefundDto; timeZone: string }) {
  if (refund.status === "paid_by_hand") {
    // A late 000 from DPO is kept on the row (the family was paid twice): the office must see it.
    const twice = refund.resultCode === "000";
    return (
      <div className="grid max-w-64 min-w-44 gap-0.5 text-xs whitespace-normal">
        <span className={twice ? "font-medium break-words text-destructive" : "font-medium"}>
          {twice ? refund.explanation : "Paid by hand instead"}
        </span>
        <span className="text-muted-foreground">
          {refund.paidByHandAt ? formatInstant(refund.paidByHandAt, timeZone) : null}
        </span>
      </div>
    );
  }
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
