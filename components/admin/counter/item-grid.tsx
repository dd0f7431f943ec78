"use client";

import type { CounterItem } from "@/components/admin/counter/counter-types";
import { formatZmw } from "@/lib/money";
import { cn } from "@/lib/utils";

/** The counter's items as large buttons: name, price, what is left; "Sold out" cannot be tapped. */
export function ItemGrid({
  items,
  allergies,
  disabled,
  onAdd,
}: {
  items: CounterItem[];
  allergies: string[];
  disabled: boolean;
  onAdd: (item: CounterItem) => void;
}) {
  if (items.length === 0) {
    return <p className="text-sm text-muted-foreground">No counter items on the menu yet.</p>;
  }
  const child = new Set(allergies.map((a) => a.toLowerCase()));
  return (
    <ul className="grid grid-cols-2 gap-2 sm:grid-cols-3">
      {items.map((item) => {
        const soldOut = item.left !== null && item.left <= 0;
        const risky = item.allergens.some((a) => child.has(a.toLowerCase()));
        return (
          <li key={item.id}>
            <button
              type="button"
              disabled={disabled || soldOut}
              onClick={() => onAdd(item)}
              className={cn(
                "flex min-h-20 w-full flex-col items-start justify-between rounded-lg border p-2 text-left",
                "hover:bg-accent focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none",
                "disabled:cursor-not-allowed disabled:opacity-50",
                risky && "border-2 border-red-600",
              )}
            >
              <span className="font-medium">{item.name}</span>
              <span className="flex w-full justify-between gap-1 text-sm">
                <span className="tabular-nums">{formatZmw(item.price)}</span>
                {soldOut ? (
                  <span className="font-semibold">Sold out</span>
                ) : item.left !== null ? (
                  <span className="text-muted-foreground">{item.left} left</span>
                ) : null}
              </span>
              {risky && (
                <span className="text-xs font-semibold text-red-700">
                  Contains {item.allergens.filter((a) => child.has(a.toLowerCase())).join(", ")}
                </span>
              )}
            </button>
          </li>
        );
      })}
    </ul>
  );
}
