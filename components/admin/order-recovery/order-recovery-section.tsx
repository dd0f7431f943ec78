"use client";

import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useEffect, useState } from "react";
import { formatLiveTime } from "@/components/admin/live-orders/live-order-format";
import { notify } from "@/components/notifications/toast";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardHeader, CardTitle } from "@/components/ui/card";
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogHeader,
  DialogTitle,
} from "@/components/ui/dialog";
import {
  Select,
  SelectContent,
  SelectItem,
  SelectTrigger,
  SelectValue,
} from "@/components/ui/select";
import {
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableHeader,
  TableRow,
} from "@/components/ui/table";
import { api, ApiRequestError, errorMessage } from "@/lib/client/api";
import { gradeLabel, weekdayName } from "@/lib/client/format";
import type { FailedOrder } from "@/lib/contracts/live-orders";
import { RECOVERY_STATUSES } from "@/lib/contracts/payments";
import { formatZmw } from "@/lib/money";
import {
  canRetryRecovery,
  recoveryBadgeVariant,
  recoveryStatusLabel,
} from "@/lib/payments/attempt-transitions";

// Order Recovery (spec 001 §2, §3, §4, §7, §8, §9): the paid carts that did not become orders, a
// status filter, Retry (the cart's items as DISCOUNT orders) and an Order Details dialog.

const ALL = "all";

function failedOrdersPath(
  status: string,
): "/api/payments/failed-orders" | `/api/payments/failed-orders?status=${string}` {
  return status === ALL
    ? "/api/payments/failed-orders"
    : `/api/payments/failed-orders?status=${encodeURIComponent(status)}`;
}

function money(value: string | null): string {
  if (value === null) return "N/A";
  try {
    return formatZmw(value);
  } catch {
    return "N/A";
  }
}

/** The server's error, else its details, else the fallback (spec 001 §8). */
function retryError(error: unknown): string {
  if (error instanceof ApiRequestError) {
    const { error: text, details } = error.body ?? {};
    if (typeof text === "string" && text) return text;
    if (typeof details === "string" && details) return details;
  }
  return errorMessage(error, "Failed to retry order");
}

function retryBody(order: FailedOrder) {
  return {
    cartItems: order.cartItems.map((item) => ({
      menuItemId: item.menuItemId,
      studentId: item.studentId,
      weekNumber: item.weekNumber,
      dayOfWeek: item.dayOfWeek,
      category: item.category,
      sideDish: item.sideDish,
      comments: item.comments,
      paymentStatus: "completed",
      paymentProcessor: "DISCOUNT",
      student: item.student,
    })),
  };
}

export function OrderRecoverySection() {
  const queryClient = useQueryClient();
  const [status, setStatus] = useState(ALL);
  const [open, setOpen] = useState<FailedOrder | null>(null);
  const path = failedOrdersPath(status);
  const query = useQuery({
    queryKey: ["/api/payments/failed-orders", path],
    queryFn: () => api(path),
  });

  useEffect(() => {
    if (query.error) {
      notify({
        title: "Error",
        description: errorMessage(query.error, "Failed to fetch failed orders"),
        variant: "destructive",
      });
    }
  }, [query.error]);

  const retry = useMutation({
    mutationFn: (order: FailedOrder) =>
      api(`/api/payments/orders/${order.id}/retry`, { method: "POST", body: retryBody(order) }),
    onSuccess: () => {
      notify({ title: "Order recovery initiated successfully", variant: "success" });
    },
    onError: (error) => {
      notify({ title: "Error", description: retryError(error), variant: "destructive" });
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: ["/api/payments/failed-orders"] }),
  });

  const orders = query.data?.data ?? [];

  return (
    <Card>
      <CardHeader className="flex flex-row flex-wrap items-center justify-between gap-3">
        <CardTitle>Failed Orders</CardTitle>
        <Select value={status} onValueChange={setStatus}>
          <SelectTrigger aria-label="Filter by status" className="w-64">
            <SelectValue />
          </SelectTrigger>
          <SelectContent>
            <SelectItem value={ALL}>All statuses</SelectItem>
            {RECOVERY_STATUSES.map((value) => (
              <SelectItem key={value} value={value}>
                {recoveryStatusLabel(value)}
              </SelectItem>
            ))}
          </SelectContent>
        </Select>
      </CardHeader>
      <CardContent>
        <div className="overflow-x-auto rounded-md border">
          <Table>
            <TableHeader>
              <TableRow>
                <TableHead>Order Date</TableHead>
                <TableHead>Customer</TableHead>
                <TableHead className="text-right">Amount</TableHead>
                <TableHead>Status</TableHead>
                <TableHead>Error</TableHead>
                <TableHead>Payment Reference</TableHead>
                <TableHead>Action</TableHead>
              </TableRow>
            </TableHeader>
            <TableBody>
              {orders.length > 0 ? (
                orders.map((order) => {
                  const running = retry.isPending && retry.variables.id === order.id;
                  return (
                    <TableRow
                      key={order.id}
                      className="cursor-pointer"
                      tabIndex={0}
                      aria-label={`Order ${order.id} details`}
                      onClick={() => setOpen(order)}
                      onKeyDown={(event) => {
                        if (event.key === "Enter" && event.target === event.currentTarget) {
                          setOpen(order);
                        }
                      }}
                    >
                      <TableCell className="whitespace-nowrap">
                        {formatLiveTime(order.orderDate)}
                      </TableCell>
                      <TableCell>
                        <div className="font-medium">{order.student.name}</div>
                        {order.student.grade !== "N/A" && (
                          <div className="text-xs text-muted-foreground">
                            {gradeLabel(order.student.grade)}
                          </div>
                        )}
                      </TableCell>
                      <TableCell className="text-right tabular-nums">
                        {money(order.amount)}
                      </TableCell>
                      <TableCell>
                        <Badge variant={recoveryBadgeVariant(order.status)}>{order.status}</Badge>
                      </TableCell>
                      <TableCell>
                        <span className="block max-w-48 truncate" title={order.error ?? undefined}>
                          {order.error ?? "—"}
                        </span>
                      </TableCell>
                      <TableCell className="font-mono text-xs break-all">
                        {order.paymentRef}
                      </TableCell>
                      <TableCell>
                        <Button
                          size="sm"
                          variant="outline"
                          disabled={!canRetryRecovery(order.status) || running}
                          onClick={(event) => {
                            event.stopPropagation();
                            retry.mutate(order);
                          }}
                          onKeyDown={(event) => event.stopPropagation()}
                        >
                          {running ? "Retrying…" : "Retry"}
                        </Button>
                      </TableCell>
                    </TableRow>
                  );
                })
              ) : (
                <TableRow>
                  <TableCell colSpan={7} className="h-24 text-center text-muted-foreground">
                    {query.isPending
                      ? "Loading failed orders…"
                      : query.isError
                        ? "Failed to fetch failed orders"
                        : "No failed orders found"}
                  </TableCell>
                </TableRow>
              )}
            </TableBody>
          </Table>
        </div>
      </CardContent>
      <OrderDetailsDialog order={open} onClose={() => setOpen(null)} />
    </Card>
  );
}

function OrderDetailsDialog({
  order,
  onClose,
}: {
  order: FailedOrder | null;
  onClose: () => void;
}) {
  return (
    <Dialog open={order !== null} onOpenChange={(isOpen) => !isOpen && onClose()}>
      <DialogContent className="max-h-[90vh] overflow-y-auto">
        <DialogHeader>
          <DialogTitle>Order Details</DialogTitle>
          <DialogDescription>
            {order ? `${order.student.name} · ${formatLiveTime(order.orderDate)}` : ""}
          </DialogDescription>
        </DialogHeader>
        {order && (
          <div className="grid gap-4 text-sm">
            <ul className="grid gap-3">
              {order.cartItems.map((item, index) => (
                <li key={index} className="grid gap-0.5 rounded-md border p-3">
                  <div className="flex items-baseline justify-between gap-2">
                    <span className="font-medium">{item.menuItem.name}</span>
                    <span className="tabular-nums">{money(item.price)}</span>
                  </div>
                  <div className="text-muted-foreground">
                    Week {item.weekNumber}, {weekdayName(item.dayOfWeek)}
                  </div>
                  {item.category && <div>Category: {item.category}</div>}
                  {item.sideDish && <div>Side dish: {item.sideDish}</div>}
                  {item.comments && <div>Comments: {item.comments}</div>}
                </li>
              ))}
            </ul>
            <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1">
              <dt className="text-muted-foreground">Payment Reference</dt>
              <dd className="font-mono text-xs break-all">{order.paymentRef}</dd>
              <dt className="text-muted-foreground">Status</dt>
              <dd>
                <Badge variant={recoveryBadgeVariant(order.status)}>{order.status}</Badge>
              </dd>
              <dt className="text-muted-foreground">Total</dt>
              <dd className="font-medium tabular-nums">{money(order.amount)}</dd>
            </dl>
          </div>
        )}
      </DialogContent>
    </Dialog>
  );
}
