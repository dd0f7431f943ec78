"use client";

import { Wallet } from "lucide-react";
import { useAccountCredit } from "@/components/portal/use-portal-queries";
import { formatInstant } from "@/lib/client/format";
import { formatZmw } from "@/lib/money";

// Account credit in Order History (issue 17): the balance and its movements, newest first. Shown
// only once the account has had credit.
export function AccountCreditPanel({ timeZone }: { timeZone: string }) {
  const credit = useAccountCredit().data;
  if (!credit || credit.entries.length === 0) return null;
  return (
    <section
      aria-label="Account credit"
      className="grid min-w-0 gap-3 rounded-xl border bg-card p-4 shadow-sm"
    >
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h3 className="flex items-center gap-2 font-semibold">
          <Wallet aria-hidden className="size-4" /> Account credit
        </h3>
        <p className="font-semibold" data-testid="credit-balance">
          {formatZmw(credit.balance)}
        </p>
      </div>
      <p className="text-sm text-muted-foreground">
        Credit pays for your next order automatically.
      </p>
      <details>
        <summary className="cursor-pointer text-sm font-medium">
          Movements ({credit.entries.length})
        </summary>
        <ul className="mt-2 grid gap-2 text-sm">
          {credit.entries.map((entry) => (
            <li key={entry.id} className="flex min-w-0 justify-between gap-3 border-t pt-2">
              <span className="min-w-0">
                <span className="block break-words">{entry.description}</span>
                <span className="text-xs text-muted-foreground">
                  {formatInstant(entry.createdAt, timeZone)}
                </span>
              </span>
              <span
                className={`shrink-0 font-medium ${entry.amount.startsWith("-") ? "" : "text-success"}`}
              >
                {entry.amount.startsWith("-")
                  ? `−${formatZmw(entry.amount.slice(1))}`
                  : `+${formatZmw(entry.amount)}`}
              </span>
            </li>
          ))}
        </ul>
      </details>
    </section>
  );
}
