"use client";

import { Minus, Plus, TriangleAlert } from "lucide-react";
import type { BasketLine } from "@/components/admin/counter/counter-types";
import { Button } from "@/components/ui/button";
import { Spinner } from "@/components/ui/spinner";
import { formatNgwee, toNgwee } from "@/lib/money";

export const basketTotal = (lines: BasketLine[]) =>
  lines.reduce((sum, line) => sum + toNgwee(line.item.price) * line.quantity, 0);

/**
 * The sale being made: its lines, the total, and Sell. An allergen of the child in the basket
 * turns Sell into a red confirmation; while the sale is sent the button says so, and a sale whose
 * answer never came keeps its basket and offers to send it again (never charged twice).
 */
export function Basket({
  lines,
  available,
  childName,
  onChange,
  allergens,
  sending,
  unanswered,
  refusal,
  onSell,
  onAbandon,
}: {
  lines: BasketLine[];
  /** What the child may still spend today, in ngwee (the wallet, capped by the day's limit). */
  available: number;
  childName: string;
  onChange: (itemId: number, delta: number) => void;
  allergens: string[];
  sending: boolean;
  unanswered: boolean;
  refusal: string | null;
  onSell: (allergyAcknowledged: boolean) => void;
  onAbandon: () => void;
}) {
  const total = basketTotal(lines);
  const locked = sending || unanswered;
  // Over what the child may spend, as the screen last heard it: said before Sell is tapped. Sell
  // stays the server's to refuse (its answer names the cause: the wallet, the day's limit, a
  // block), since a parent may have topped up since the child was found.
  const over = total > available && !unanswered && !refusal;
  return (
    <section aria-label="Sale" className="space-y-3 rounded-lg border p-3">
      {lines.length === 0 ? (
        <p className="text-sm text-muted-foreground">Tap an item to add it.</p>
      ) : (
        <ul className="divide-y">
          {lines.map(({ item, quantity }) => (
            <li key={item.id} className="flex items-center justify-between gap-2 py-1.5">
              <span className="min-w-0 flex-1 truncate">{item.name}</span>
              <span className="flex items-center gap-1">
                <Button
                  type="button"
                  variant="outline"
                  size="icon"
                  aria-label={`One ${item.name} less`}
                  disabled={locked}
                  onClick={() => onChange(item.id, -1)}
                >
                  <Minus aria-hidden />
                </Button>
                <span className="w-6 text-center tabular-nums">{quantity}</span>
                <Button
                  type="button"
                  variant="outline"
                  size="icon"
                  aria-label={`One ${item.name} more`}
                  disabled={locked}
                  onClick={() => onChange(item.id, 1)}
                >
                  <Plus aria-hidden />
                </Button>
              </span>
              <span className="w-20 text-right tabular-nums">
                {formatNgwee(toNgwee(item.price) * quantity)}
              </span>
            </li>
          ))}
        </ul>
      )}
      <p className="flex justify-between text-lg font-semibold">
        <span>Total</span>
        <span className="tabular-nums">{formatNgwee(total)}</span>
      </p>
      {allergens.length > 0 && (
        <p
          role="alert"
          className="flex items-start gap-2 rounded-md border-2 border-red-600 bg-red-50 px-3 py-2 text-sm font-medium text-red-900"
        >
          <TriangleAlert aria-hidden className="mt-0.5 size-4 shrink-0 text-red-600" />
          Contains {allergens.join(", ")}: this child is allergic. Sell only if you are sure.
        </p>
      )}
      {over && (
        <p aria-live="polite" className="rounded-md bg-amber-50 px-3 py-2 text-sm text-amber-900">
          {formatNgwee(total)} is more than {childName} can spend today ({formatNgwee(available)}).
          Take something off.
        </p>
      )}
      {refusal && (
        <p role="alert" className="rounded-md bg-amber-50 px-3 py-2 text-sm text-amber-900">
          {refusal}
        </p>
      )}
      {unanswered && !sending && (
        <p role="alert" className="rounded-md bg-amber-50 px-3 py-2 text-sm text-amber-900">
          The connection dropped before the sale was confirmed. Send it again: it is charged once at
          most.
        </p>
      )}
      <div className="flex flex-wrap gap-2">
        <Button
          type="button"
          size="lg"
          className="min-w-40 flex-1"
          variant={allergens.length > 0 ? "destructive" : "default"}
          disabled={lines.length === 0 || sending}
          aria-busy={sending}
          onClick={() => onSell(allergens.length > 0)}
        >
          {sending ? (
            <>
              <Spinner aria-hidden /> Sending…
            </>
          ) : unanswered ? (
            "Send the sale again"
          ) : allergens.length > 0 ? (
            `Confirm allergy and sell ${formatNgwee(total)}`
          ) : (
            `Sell ${formatNgwee(total)}`
          )}
        </Button>
        {unanswered && !sending && (
          <Button type="button" variant="outline" size="lg" onClick={onAbandon}>
            Start over
          </Button>
        )}
      </div>
    </section>
  );
}
