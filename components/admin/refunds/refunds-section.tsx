"use client";

import { keepPreviousData, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { tableFeatures, useTable, type ColumnDef } from "@tanstack/react-table";
import { useEffect, useMemo, useState } from "react";
import { DataTableHeader } from "@/components/admin/data-table-header";
import { formatOrderDate } from "@/components/admin/history/cycle-order-format";
import { Pager } from "@/components/admin/pager";
import { notify } from "@/components/notifications/toast";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardHeader, CardTitle } from "@/components/ui/card";
import { Table, TableBody, TableCell, TableRow } from "@/components/ui/table";
import { api, errorMessage } from "@/lib/client/api";
import { gradeLabel } from "@/lib/client/format";
import type { RefundDto } from "@/lib/contracts/orders";
import { formatZmw } from "@/lib/money";

// Refund Management (spec 001 §2, §4, §7 GET /api/refunds and POST /api/refunds/{id}/complete,
// §9 amounts with decimals): paid orders that were cancelled, each refunded with one click, and
// those already refunded.

const REFUNDS_KEY = ["/api/refunds"] as const;
const features = tableFeatures({});

function amountText(amount: string): string {
  try {
    return formatZmw(amount);
  } catch {
    return amount;
  }
}

export function RefundManagementSection() {
  const queryClient = useQueryClient();
  const [page, setPage] = useState(1);
  const query = useQuery({
    queryKey: [...REFUNDS_KEY, page],
    queryFn: () => api(`/api/refunds?page=${page}`),
    placeholderData: keepPreviousData,
  });

  useEffect(() => {
    if (query.error) {
      notify({
        title: "Error",
        description: errorMessage(query.error, "Failed to fetch refunds"),
        variant: "destructive",
      });
    }
  }, [query.error]);

  const refund = useMutation({
    mutationFn: (orderId: number) => api(`/api/refunds/${orderId}/complete`, { method: "POST" }),
    onSuccess: () => {
      notify({
        title: "Refund completed",
        description: "The order has been marked as refunded.",
        variant: "success",
      });
    },
    onError: (error) => {
      notify({
        title: "Error",
        description: errorMessage(error, "Failed to mark order as refunded"),
        variant: "destructive",
      });
    },
    // Refetch after a refusal too: the order may have changed under us.
    onSettled: () => queryClient.invalidateQueries({ queryKey: REFUNDS_KEY }),
  });
  const refundingId = refund.isPending ? refund.variables : undefined;

  const columns = useMemo<ColumnDef<typeof features, RefundDto>[]>(
    () => [
      {
        id: "orderDate",
        header: "Order Date",
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
        id: "amount",
        header: () => <div className="text-right">Amount</div>,
        cell: ({ row }) => (
          <div className="text-right whitespace-nowrap tabular-nums">
            {amountText(row.original.amount)}
          </div>
        ),
      },
      {
        id: "status",
        header: "Status",
        cell: ({ row }) => (
          <Badge
            variant={row.original.status === "cancelled" ? "destructive" : "secondary"}
            className="capitalize"
          >
            {row.original.status}
          </Badge>
        ),
      },
      {
        id: "action",
        header: "Action",
        cell: ({ row }) =>
          row.original.status === "cancelled" ? (
            <Button
              size="sm"
              onClick={() => refund.mutate(row.original.id)}
              disabled={refund.isPending}
              aria-label={`Mark order ${row.original.id} as refunded`}
            >
              {refundingId === row.original.id ? "Refunding..." : "Mark as Refunded"}
            </Button>
          ) : null,
      },
    ],
    [refund, refundingId],
  );

  const rows = query.data?.data ?? [];
  const metadata = query.data?.metadata;
  const totalPages = Math.max(metadata?.totalPages ?? 1, 1);
  const table = useTable({ features, columns, data: rows, getRowId: (r) => String(r.id) });

  return (
    <Card>
      <CardHeader>
        <CardTitle>Orders to Refund</CardTitle>
      </CardHeader>
      <CardContent className="grid gap-4">
        <div className="overflow-x-auto rounded-md border">
          <Table>
            <DataTableHeader table={table} />
            <TableBody>
              {table.getRowModel().rows.length > 0 ? (
                table.getRowModel().rows.map((row) => (
                  <TableRow key={row.id}>
                    {row.getAllCells().map((cell) => (
                      <TableCell key={cell.id} className="align-top">
                        <table.FlexRender cell={cell} />
                      </TableCell>
                    ))}
                  </TableRow>
                ))
              ) : (
                <TableRow>
                  <TableCell colSpan={columns.length} className="h-24 text-center">
                    {query.isPending
                      ? "Loading refunds…"
                      : query.error
                        ? "Failed to fetch refunds"
                        : "No orders pending refund"}
                  </TableCell>
                </TableRow>
              )}
            </TableBody>
          </Table>
        </div>
        <Pager
          page={page}
          totalPages={totalPages}
          hasPreviousPage={metadata?.hasPreviousPage}
          hasNextPage={metadata?.hasNextPage}
          onPageChange={setPage}
        />
      </CardContent>
    </Card>
  );
}
