import type { QueryClient } from "@tanstack/react-query";
import { toastSuccess } from "@/components/notifications/toast";
import { clearCart } from "@/lib/client/cart-store";
import type { TopUpReceiptDto } from "@/lib/contracts/wallet";
import { formatNgwee, formatZmw } from "@/lib/money";
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

/** A wallet top-up the server verified (issue 47): the wallet is read again; the cart is kept. */
export function showTopUpVerified(
  queryClient: QueryClient,
  topUp: TopUpReceiptDto,
  duration?: number,
): void {
  void queryClient.invalidateQueries({ queryKey: queryKeys.accountCredit });
  toastSuccess(
    "Top-up Successful",
    `${formatZmw(topUp.amount)} is in your wallet. Your balance is ${formatZmw(topUp.balance)}.`,
    duration,
  );
}

/**
 * A top-up the mobile-money waiting screen saw verified: the wallet is read again (its new balance
 * comes with it); the cart is kept.
 */
export function showTopUpDone(queryClient: QueryClient, amountNgwee: number): void {
  void queryClient.invalidateQueries({ queryKey: queryKeys.accountCredit });
  toastSuccess("Top-up Successful", `${formatNgwee(amountNgwee)} is in your wallet.`);
}
