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
import { LeavingDialog } from "@/components/admin/refunds/leaving-dialog";
import {
  useFamilyLeaving,
  useLeavingFamilies,
} from "@/components/admin/refunds/use-card-refunds-queries";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import type { LeavingFamilyDto } from "@/lib/contracts/card-refunds";
import { formatZmw } from "@/lib/money";

// Families leaving the school (issue 49): each family with credit, how its credit would go back
// (to cards through DPO, and by hand), and one action that gives it all back.

const money = (header: string, pick: (f: LeavingFamilyDto) => string) => ({
  id: header,
  header: rightAligned(header),
  cell: ({ row }: { row: { original: LeavingFamilyDto } }) => (
    <div className="text-right whitespace-nowrap tabular-nums">{formatZmw(pick(row.original))}</div>
  ),
});

export function LeavingCard() {
  const query = useLeavingFamilies();
  const [open, setOpen] = useState<LeavingFamilyDto | null>(null);
  const leave = useFamilyLeaving(() => setOpen(null));
  const columns = useMemo<OrderColumn<LeavingFamilyDto>[]>(
    () => [
      {
        id: "family",
        header: "Family",
        cell: ({ row }) => (
          <span className="block max-w-44 min-w-28 break-words">
            {row.original.name}
            {row.original.email && (
              <span className="block text-xs break-all text-muted-foreground">
                {row.original.email}
              </span>
            )}
          </span>
        ),
      },
      money("Credit", (f) => f.balance),
      money("To card", (f) => f.byCard),
      money("By hand", (f) => f.byHand),
      {
        id: "action",
        header: "Action",
        cell: ({ row }) => (
          <Button
            size="sm"
            variant="outline"
            className="min-h-9"
            disabled={leave.isPending}
            onClick={() => setOpen(row.original)}
            aria-label={`Give ${row.original.name}'s credit back`}
          >
            Give credit back
          </Button>
        ),
      },
    ],
    [leave.isPending],
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
        <CardTitle>Families leaving the school</CardTitle>
        <CardDescription>
          Give a family its whole credit back in one step: what came from a card goes back to that
          card through DPO, the rest you pay by hand.
        </CardDescription>
      </CardHeader>
      <CardContent>
        <DataTable
          table={table}
          message={tableMessage(
            { loading: query.isPending, failed: Boolean(query.error) },
            {
              loading: "Loading families…",
              failed: "Failed to fetch families with credit",
              empty: "No family has credit",
            },
          )}
        />
        <LeavingDialog
          family={open}
          pending={leave.isPending}
          onClose={() => setOpen(null)}
          onConfirm={(values) => leave.mutate(values)}
        />
      </CardContent>
    </Card>
  );
}
