"use client";

import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { toastFailure, toastSuccess, useErrorToast } from "@/components/notifications/toast";
import { api, ApiRequestError, errorMessage } from "@/lib/client/api";
import { queryKeys } from "@/lib/client/query-keys";
import type { FailedOrder } from "@/lib/contracts/live-orders";

// Order Recovery's calls (spec 001 §7 GET /api/payments/failed-orders, POST
// /api/payments/orders/{id}/retry) with their toasts (§8).

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

/** GET /api/payments/failed-orders, all or of one status. */
export type FailedOrdersPath =
  "/api/payments/failed-orders" | `/api/payments/failed-orders?status=${string}`;

export function useFailedOrders(path: FailedOrdersPath) {
  const query = useQuery({
    queryKey: queryKeys.failedOrders(path),
    queryFn: () => api(path),
  });

  useErrorToast(query.error, "Failed to fetch failed orders");

  return query;
}

/** Retry: the cart's items become DISCOUNT orders; the list is read again either way. */
export function useRetryRecovery() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (order: FailedOrder) =>
      api(`/api/payments/orders/${order.id}/retry`, { method: "POST", body: retryBody(order) }),
    onSuccess: () => {
      toastSuccess("Order recovery initiated successfully");
    },
    onError: (error) => {
      toastFailure("Error", retryError(error));
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: queryKeys.failedOrdersAll }),
  });
}
