"use client";

import { CheckCircle2 } from "lucide-react";
import { useState } from "react";
import type { BasketLine } from "@/components/admin/counter/counter-basket";
import { priceOf } from "@/components/admin/counter/counter-basket";
import { useVoidSale } from "@/components/admin/counter/use-counter";
import { toastFailure, toastSuccess } from "@/components/notifications/toast";
import { Button } from "@/components/ui/button";
import { ConfirmDialog } from "@/components/ui/confirm-dialog";
import { errorMessage } from "@/lib/client/api";
import type { CounterSaleAnswer } from "@/lib/contracts/counter";
import { formatNgwee, formatZmw } from "@/lib/money";

// The receipt of a counter sale (issue 47): who, what, the total, what the child may still spend
// today and the sale's number; Void gives the money back (the same school day only).

export type Sold = CounterSaleAnswer & { childName: string; lines: readonly BasketLine[] };

export function Receipt({ sold, onVoided }: { sold: Sold; onVoided: () => void }) {
  const voidSale = useVoidSale();
  const [asking, setAsking] = useState(false);
  return (
    <section
      aria-label="Receipt"
      role="status"
      className="grid gap-2 rounded-lg border-2 border-green-600 bg-green-50 p-3 dark:bg-green-950"
    >
      <h3 className="flex items-center gap-2 font-semibold text-green-800 dark:text-green-200">
        <CheckCircle2 aria-hidden className="size-5" /> Sold to {sold.childName}
      </h3>
      <ul className="grid gap-0.5 text-sm">
        {sold.lines.map(({ item, quantity }) => (
          <li key={item.id} className="flex justify-between gap-2">
            <span className="min-w-0 break-words">
              {quantity} × {item.name}
            </span>
            <span className="tabular-nums">{formatNgwee(priceOf(item) * quantity)}</span>
          </li>
        ))}
      </ul>
      <p className="flex justify-between font-semibold">
        <span>Total</span>
        <span data-testid="receipt-total">{formatZmw(sold.total)}</span>
      </p>
      <p className="text-sm">
        Can still spend today: {formatZmw(sold.available)} · Sale #{sold.saleId}
      </p>
      <Button
        variant="outline"
        className="min-h-11 justify-self-start"
        disabled={voidSale.isPending}
        onClick={() => setAsking(true)}
      >
        {voidSale.isPending ? "Voiding…" : "Void this sale"}
      </Button>
      <ConfirmDialog
        open={asking}
        onOpenChange={setAsking}
        title="Void this sale?"
        description={`${formatZmw(sold.total)} goes back to ${sold.childName}'s family wallet.`}
        actionLabel="Void sale"
        destructive
        onConfirm={() =>
          voidSale.mutate(sold.saleId, {
            onSuccess: () => {
              toastSuccess("Sale voided", "The money is back in the wallet.");
              onVoided();
            },
            onError: (error) => toastFailure("Not voided", errorMessage(error, "Failed to void")),
          })
        }
      />
    </section>
  );
}
