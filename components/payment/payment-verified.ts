import type { QueryClient } from "@tanstack/react-query";
import { toastSuccess } from "@/components/notifications/toast";
import { clearCart } from "@/lib/client/cart-store";
import { queryKeys } from "@/lib/client/query-keys";

/**
 * A payment the server verified (the card's return page, the mobile-money waiting screen): the
 * cart is emptied, orders and cycles are read again, and the parent is told (spec 001 §8).
 */
export function showPaymentVerified(queryClient: QueryClient, duration?: number): void {
  clearCart();
  void queryClient.invalidateQueries({ queryKey: queryKeys.orders });
  void queryClient.invalidateQueries({ queryKey: queryKeys.orderCycles });
  toastSuccess(
    "Payment Successful",
    "Your payment has been verified and your order is being processed.",
    duration,
  );
}
