"use client";

import { Minus, Plus } from "lucide-react";
import { Button } from "@/components/ui/button";
import { Spinner } from "@/components/ui/spinner";
import { allergyConflicts } from "@/lib/contracts/allergies";
import type { MenuItemDto } from "@/lib/contracts";
import { formatNgwee, toNgwee } from "@/lib/money";

// The counter's items and basket (issue 47): a button per item with its price (an item with one of
// the child's allergens marked in red), the basket with its quantities and total, and Sell, which
// shows that the sale is being sent.

export type BasketLine = { item: MenuItemDto; quantity: number };

/** The price the server charges: the discount price when the item has one. */
export const priceOf = (item: MenuItemDto): number => toNgwee(item.discountPrice ?? item.price);

export const basketTotal = (lines: readonly BasketLine[]): number =>
  lines.reduce((sum, line) => sum + priceOf(line.item) * line.quantity, 0);

export function ItemButtons({
  items,
  allergies,
  disabled,
  onAdd,
}: {
  items: readonly MenuItemDto[];
  allergies: readonly string[];
  disabled: boolean;
  onAdd: (item: MenuItemDto) => void;
}) {
  if (items.length === 0) {
    return <p className="text-sm text-muted-foreground">No counter items are on sale.</p>;
  }
  return (
    <ul aria-label="Items" className="grid grid-cols-2 gap-2 sm:grid-cols-3">
      {items.map((item) => {
        const conflicts = allergyConflicts(item.allergens, allergies);
        return (
          <li key={item.id}>
            <button
              type="button"
              disabled={disabled}
              onClick={() => onAdd(item)}
              className={`grid min-h-16 w-full content-center gap-0.5 rounded-lg border-2 p-2 text-center hover:bg-accent focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none disabled:opacity-50 ${
                conflicts.length > 0 ? "border-red-600" : "border-border"
              }`}
            >
              <span className="font-medium break-words">{item.name}</span>
              <span className="text-sm">{formatNgwee(priceOf(item))}</span>
              {conflicts.length > 0 && (
                <span className="text-xs font-bold text-red-700 dark:text-red-300">
                  ⚠ {conflicts.join(", ")}
                </span>
              )}
            </button>
          </li>
        );
      })}
    </ul>
  );
}

export function Basket({
  lines,
  locked,
  sending,
  canSell,
  onChange,
  onSell,
}: {
  lines: readonly BasketLine[];
  /** A sale is being sent or waits to be retried: the basket stays as it was sent. */
  locked: boolean;
  sending: boolean;
  canSell: boolean;
  onChange: (itemId: number, quantity: number) => void;
  onSell: () => void;
}) {
  const total = basketTotal(lines);
  return (
    <section aria-label="Basket" className="grid gap-2 rounded-lg border bg-card p-3">
      <h3 className="font-semibold">Basket</h3>
      {lines.length === 0 ? (
        <p className="text-sm text-muted-foreground">Tap an item to add it.</p>
      ) : (
        <ul className="grid gap-1">
          {lines.map(({ item, quantity }) => (
            <li key={item.id} className="flex items-center justify-between gap-2">
              <span className="min-w-0 break-words">{item.name}</span>
              <span className="flex shrink-0 items-center gap-1">
                <Button
                  variant="outline"
                  size="icon"
                  className="size-11"
                  disabled={locked}
                  aria-label={`One ${item.name} less`}
                  onClick={() => onChange(item.id, quantity - 1)}
                >
                  <Minus aria-hidden />
                </Button>
                <span className="w-6 text-center tabular-nums" aria-label="Quantity">
                  {quantity}
                </span>
                <Button
                  variant="outline"
                  size="icon"
                  className="size-11"
                  disabled={locked}
                  aria-label={`One more ${item.name}`}
                  onClick={() => onChange(item.id, quantity + 1)}
                >
                  <Plus aria-hidden />
                </Button>
                <span className="w-20 text-right tabular-nums">
                  {formatNgwee(priceOf(item) * quantity)}
                </span>
              </span>
            </li>
          ))}
        </ul>
      )}
      <Button
        className="min-h-12 text-base"
        disabled={!canSell || sending || lines.length === 0}
        aria-busy={sending}
        onClick={onSell}
      >
        {sending ? (
          <>
            <Spinner /> Sending sale…
          </>
        ) : (
          `Sell ${formatNgwee(total)}`
        )}
      </Button>
    </section>
  );
}
