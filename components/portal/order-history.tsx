"use client";

import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { toastFailure, toastSuccess } from "@/components/notifications/toast";
import { AccountCreditPanel } from "@/components/portal/account-credit-panel";
import { CounterPurchases } from "@/components/portal/counter-purchases";
import { LazyCancelOrderDialog, LazyReceiptDialog } from "@/components/portal/lazy-portal";
import { EmptyBlock, ErrorBlock, LoadingBlock } from "@/components/portal/load-state";
import { OrderCard } from "@/components/portal/order-card";
import { StatementDownload } from "@/components/portal/statement-download";
import { useNow } from "@/components/portal/use-now";
import { useOrderCycles, useOrders } from "@/components/portal/use-portal-queries";
import { useShownOnce } from "@/components/portal/use-shown-once";
import { api, ApiRequestError, errorMessage } from "@/lib/client/api";
import { nearestDayFirst } from "@/lib/client/history-order";
import { canCancelOrder } from "@/lib/client/orders";
import { queryKeys } from "@/lib/client/query-keys";
import type { OrderDto } from "@/lib/contracts";
import { schoolToday } from "@/lib/school-calendar";

/** Spec 000 §8: the server's error field, else "Failed to cancel order". */
function cancelErrorMessage(error: unknown): string {
  const field = error instanceof ApiRequestError ? error.body?.error : undefined;
  return typeof field === "string" && field ? field : errorMessage(error, "Failed to cancel order");
}

// Order History (spec 000 §2): the caller's orders, the meal day nearest today first (issue 44:
// meals to come soonest first, then past meals most recent first), with Cancel while the order is
// live and under 1 hour old. A spinner shows while orders load.
export function OrderHistory({
  timeZone,
  ordererName,
  phone = null,
}: {
  timeZone: string;
  /** The profile's phone, offered for a mobile-money top-up of the wallet. */
  phone?: string | null;
  /** A teacher's orders are all for their staff record: shown under this name, as elsewhere. */
  ordererName?: string;
}) {
  const orders = useOrders();
  const cycles = useOrderCycles();
  const now = useNow(30_000);
  const queryClient = useQueryClient();
  const [toCancel, setToCancel] = useState<OrderDto | null>(null);
  // The confirmation's code is fetched when Cancel is first pressed.
  const cancelDialogUsed = useShownOnce(toCancel !== null);
  // Issue 49: a receipt reopened by its payment's reference; the dialog is fetched when first used.
  const [receiptOf, setReceiptOf] = useState<string | null>(null);
  const receiptDialogUsed = useShownOnce(receiptOf !== null);

  const cancel = useMutation({
    mutationFn: (order: OrderDto) => api(`/api/orders/${order.id}/cancel`, { method: "POST" }),
    onSuccess: () => toastSuccess("Order Cancelled", "Your order has been cancelled."),
    onError: (error) => toastFailure("Error", cancelErrorMessage(error)),
    onSettled: () => {
      void queryClient.invalidateQueries({ queryKey: queryKeys.accountCredit });
      return queryClient.invalidateQueries({ queryKey: queryKeys.orders });
    },
  });

  const startById = new Map((cycles.data ?? []).map((c) => [c.id, c.startDate]));
  const list = orders.data
    ? nearestDayFirst(orders.data, startById, schoolToday(timeZone, now))
    : [];

  return (
    <div className="grid gap-4">
      <h2 className="text-xl font-semibold">Order History</h2>
      <AccountCreditPanel timeZone={timeZone} phone={phone} />
      <CounterPurchases timeZone={timeZone} buyerName={ordererName} />
      <StatementDownload timeZone={timeZone} />
      {orders.isPending ? (
        <LoadingBlock label="Loading orders" />
      ) : (
        <>
          {orders.isError && (
            <ErrorBlock message="Failed to fetch orders" onRetry={() => void orders.refetch()} />
          )}
          {list.length === 0 && !orders.isError ? (
            <EmptyBlock>No orders yet. Meals you order appear here.</EmptyBlock>
          ) : (
            <ul className="grid gap-3 lg:grid-cols-2">
              {list.map((order) => (
                <OrderCard
                  key={order.id}
                  order={
                    ordererName
                      ? { ...order, student: { ...order.student, name: ordererName } }
                      : order
                  }
                  cycleStart={startById.get(order.cycleId)}
                  timeZone={timeZone}
                  canCancel={canCancelOrder(order, now.getTime())}
                  cancelling={cancel.isPending && cancel.variables?.id === order.id}
                  onCancel={() => setToCancel(order)}
                  onReceipt={setReceiptOf}
                />
              ))}
            </ul>
          )}
        </>
      )}
      {receiptDialogUsed && (
        <LazyReceiptDialog
          reference={receiptOf}
          onOpenChange={(open) => !open && setReceiptOf(null)}
        />
      )}
      {cancelDialogUsed && (
        <LazyCancelOrderDialog
          order={toCancel}
          onOpenChange={(open) => !open && setToCancel(null)}
          onConfirm={(order) => {
            setToCancel(null);
            cancel.mutate(order);
          }}
        />
      )}
    </div>
  );
}
