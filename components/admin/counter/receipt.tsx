"use client";

import { CircleCheck } from "lucide-react";
import { useState } from "react";
import type { BasketLine, SaleAnswer } from "@/components/admin/counter/counter-types";
import { Button } from "@/components/ui/button";
import { ConfirmDialog } from "@/components/ui/confirm-dialog";
import { formatNgwee, formatZmw, toNgwee } from "@/lib/money";

/** The sale as the server took it: what was sold, the total charged, what is left today. */
export function Receipt({
  childName,
  lines,
  sale,
  onNext,
  onVoid,
  voiding,
  voided,
}: {
  childName: string;
  lines: BasketLine[];
  sale: SaleAnswer;
  onNext: () => void;
  /** Voids the sale (the money goes back to the wallet). */
  onVoid: () => void;
  voiding: boolean;
  voided: boolean;
}) {
  const [asking, setAsking] = useState(false);
  return (
    <section
      role="status"
      aria-label="Receipt"
      className="space-y-3 rounded-lg border-2 border-emerald-600 bg-emerald-50 p-3"
    >
      <p className="flex items-center gap-2 text-lg font-semibold text-emerald-900">
        <CircleCheck aria-hidden className="size-6" /> Sold to {childName}
      </p>
      <ul className="text-sm">
        {lines.map(({ item, quantity }) => (
          <li key={item.id} className="flex justify-between gap-2">
            <span>
              {quantity} × {item.name}
            </span>
            <span className="tabular-nums">{formatNgwee(toNgwee(item.price) * quantity)}</span>
          </li>
        ))}
      </ul>
      <p className="flex justify-between font-semibold">
        <span>Charged</span>
        <span className="tabular-nums">{formatZmw(sale.total)}</span>
      </p>
      <p className="text-sm">
        Left to spend today: <strong>{formatZmw(sale.available)}</strong> · Sale #{sale.saleId}
      </p>
      {voided && (
        <p className="font-medium text-amber-900">Voided: the money went back to the wallet.</p>
      )}
      <div className="flex flex-wrap gap-2">
        <Button type="button" size="lg" className="flex-1" onClick={onNext}>
          Next child
        </Button>
        {!voided && (
          <Button
            type="button"
            size="lg"
            variant="outline"
            disabled={voiding}
            onClick={() => setAsking(true)}
          >
            {voiding ? "Voiding…" : "Void sale"}
          </Button>
        )}
      </div>
      <ConfirmDialog
        open={asking}
        onOpenChange={setAsking}
        title={`Void sale #${sale.saleId}?`}
        description={`${formatZmw(sale.total)} goes back to ${childName}'s family wallet.`}
        actionLabel="Void sale"
        destructive
        onConfirm={onVoid}
      />
    </section>
  );
}
