"use client";

import { useQuery } from "@tanstack/react-query";
import { PaymentReceipt } from "@/components/payment/payment-receipt";
import { ErrorBlock, LoadingBlock } from "@/components/portal/load-state";
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogHeader,
  DialogTitle,
} from "@/components/ui/dialog";
import { api } from "@/lib/client/api";
import { queryKeys } from "@/lib/client/query-keys";

// Issue 49: a paid payment's receipt reopened from Order History, the one the return page showed.
export function ReceiptDialog({
  reference,
  onOpenChange,
}: {
  reference: string | null;
  onOpenChange: (open: boolean) => void;
}) {
  const receipt = useQuery({
    queryKey: queryKeys.receipt(reference ?? ""),
    queryFn: () => api(`/api/account/receipts/${encodeURIComponent(reference ?? "")}`),
    enabled: reference !== null,
    staleTime: Infinity,
  });
  return (
    <Dialog open={reference !== null} onOpenChange={onOpenChange}>
      <DialogContent className="max-h-[90dvh] overflow-y-auto">
        <DialogHeader>
          <DialogTitle>Receipt</DialogTitle>
          <DialogDescription>What this payment paid for.</DialogDescription>
        </DialogHeader>
        {receipt.isPending ? (
          <LoadingBlock label="Loading receipt" />
        ) : receipt.isError ? (
          <ErrorBlock message="Failed to load the receipt" onRetry={() => void receipt.refetch()} />
        ) : (
          <PaymentReceipt receipt={receipt.data} />
        )}
      </DialogContent>
    </Dialog>
  );
}
