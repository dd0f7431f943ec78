"use client";

import { CircleCheck } from "lucide-react";
import type { BasketLine, SaleAnswer } from "@/components/admin/counter/counter-types";
import { Button } from "@/components/ui/button";
import { formatNgwee, formatZmw, toNgwee } from "@/lib/money";

/** The sale as the server took it: what was sold, the total charged, what is left today. */
export function Receipt({
  childName,
  lines,
  sale,
  onNext,
}: {
  childName: string;
  lines: BasketLine[];
  sale: SaleAnswer;
  onNext: () => void;
}) {
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
      <Button type="button" size="lg" className="w-full" onClick={onNext}>
        Next child
      </Button>
    </section>
  );
}
