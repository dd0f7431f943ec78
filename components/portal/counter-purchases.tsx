"use client";

import { useQuery, useQueryClient } from "@tanstack/react-query";
import { useEffect, useRef } from "react";
import { ShoppingBag } from "lucide-react";
import { api } from "@/lib/client/api";
import { formatInstant } from "@/lib/client/format";
import { queryKeys } from "@/lib/client/query-keys";
import { formatZmw } from "@/lib/money";

/** How often an open Order History asks again: a sale shows within the minute (issue 47). */
const PURCHASES_REFRESH_MS = 30_000;

// Counter purchases in Order History (issue 47): what the children bought at the counter, newest
// first, each with its items and total; a voided sale is struck through (its money came back).
// Shown only once there is one.
export function CounterPurchases({
  timeZone,
  buyerName,
}: {
  timeZone: string;
  /** A teacher's purchases are all for their staff record: shown under this name. */
  buyerName?: string;
}) {
  const purchases = useQuery({
    queryKey: queryKeys.counterPurchases,
    queryFn: () => api("/api/counter/purchases"),
    refetchInterval: PURCHASES_REFRESH_MS,
  });
  const list = purchases.data ?? [];
  // A new sale or void changed the wallet too: its balance is read again (not on the first load).
  const queryClient = useQueryClient();
  const newest = list[0];
  const mark = newest ? `${newest.id}:${newest.voidedAt ?? ""}` : "";
  const seen = useRef<string | null>(null);
  useEffect(() => {
    if (!purchases.isSuccess) return;
    if (seen.current !== null && seen.current !== mark) {
      void queryClient.invalidateQueries({ queryKey: queryKeys.accountCredit });
    }
    seen.current = mark;
  }, [mark, purchases.isSuccess, queryClient]);
  if (list.length === 0) return null;
  return (
    <section
      aria-label="Counter purchases"
      className="grid min-w-0 gap-3 rounded-xl border bg-card p-4 shadow-sm"
    >
      <h3 className="flex items-center gap-2 font-semibold">
        <ShoppingBag aria-hidden className="size-4" /> Counter purchases
      </h3>
      <ul className="grid gap-2 text-sm">
        {list.map((sale) => (
          <li
            key={sale.id}
            className="flex min-w-0 justify-between gap-3 border-t pt-2"
            data-testid="counter-purchase"
          >
            <span className="min-w-0">
              <span className={`block break-words ${sale.voidedAt ? "line-through" : ""}`}>
                {buyerName ?? sale.studentName}:{" "}
                {sale.items
                  .map((item) =>
                    item.quantity > 1 ? `${item.quantity} × ${item.name}` : item.name,
                  )
                  .join(", ")}
              </span>
              <span className="block text-xs text-muted-foreground">
                {formatInstant(sale.createdAt, timeZone)}
                {sale.voidedAt ? " · voided, money returned" : ""}
              </span>
            </span>
            <span className={`shrink-0 font-medium ${sale.voidedAt ? "line-through" : ""}`}>
              {formatZmw(sale.total)}
            </span>
          </li>
        ))}
      </ul>
    </section>
  );
}
