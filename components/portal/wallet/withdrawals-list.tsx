"use client";

import { useQuery } from "@tanstack/react-query";
import { Badge } from "@/components/ui/badge";
import { api } from "@/lib/client/api";
import { formatInstant } from "@/lib/client/format";
import { queryKeys } from "@/lib/client/query-keys";
import { WITHDRAWAL_STATUS_LABELS } from "@/lib/contracts/withdrawals";
import { formatZmw } from "@/lib/money";

// The family's withdrawal requests and their state (issue 47), under the wallet's balance.

const VARIANT = { pending: "warning", paid: "success", declined: "outline" } as const;

export function useOwnWithdrawals() {
  return useQuery({
    queryKey: queryKeys.ownWithdrawals,
    queryFn: () => api("/api/account/withdrawals"),
  });
}

export function WithdrawalsList({ timeZone }: { timeZone: string }) {
  const rows = useOwnWithdrawals().data;
  if (!rows || rows.length === 0) return null;
  return (
    <div className="grid gap-2 border-t pt-3">
      <p className="text-sm font-medium">Withdrawals</p>
      <ul className="grid gap-2 text-sm" aria-label="Withdrawals">
        {rows.map((row) => (
          <li key={row.id} className="grid min-w-0 gap-1 border-t pt-2 first:border-t-0 first:pt-0">
            <div className="flex min-w-0 flex-wrap items-center justify-between gap-2">
              <span className="font-medium">{formatZmw(row.amount)}</span>
              <Badge variant={VARIANT[row.status]}>{WITHDRAWAL_STATUS_LABELS[row.status]}</Badge>
            </div>
            <span className="text-xs break-words text-muted-foreground">
              {formatInstant(row.createdAt, timeZone)}
              {row.mobileNumber && ` · to ${row.mobileNumber}`}
              {row.status === "paid" && row.method && ` · ${row.method}`}
              {row.status === "paid" && row.reference && ` (ref. ${row.reference})`}
            </span>
            {row.status === "declined" && row.reason && (
              <span className="text-xs break-words">
                Declined: {row.reason}. The money is back in your wallet.
              </span>
            )}
          </li>
        ))}
      </ul>
    </div>
  );
}
