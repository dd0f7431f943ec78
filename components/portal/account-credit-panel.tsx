"use client";

import { Wallet } from "lucide-react";
import { useState } from "react";
import { LazyMobileMoneyDialog } from "@/components/portal/mobile-money/lazy-mobile-money-dialog";
import { useAccountCredit, useMobileMoney } from "@/components/portal/use-portal-queries";
import {
  LazyTopUpDialog,
  LazyWithdrawDialog,
} from "@/components/portal/wallet/lazy-wallet-dialogs";
import { LowBalanceAlert } from "@/components/portal/wallet/low-balance-alert";
import { WithdrawalsList } from "@/components/portal/wallet/withdrawals-list";
import { Button } from "@/components/ui/button";
import { formatInstant } from "@/lib/client/format";
import { formatZmw } from "@/lib/money";

// Account credit in Order History (issue 17), which is the family's wallet (issue 47): the
// balance, Top up, Withdraw and the withdrawal requests, and the movements, newest first.
export function AccountCreditPanel({
  timeZone,
  phone,
}: {
  timeZone: string;
  /** The profile's phone, offered for a mobile-money top-up. */
  phone: string | null;
}) {
  const credit = useAccountCredit().data;
  const mobile = useMobileMoney().data;
  const [topUpOpen, setTopUpOpen] = useState(false);
  const [withdrawOpen, setWithdrawOpen] = useState(false);
  const [mobileNgwee, setMobileNgwee] = useState<number | null>(null);
  if (!credit) return null;
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
      <div className="flex flex-wrap items-center justify-between gap-2">
        <p className="text-sm text-muted-foreground">
          Credit pays for your next order automatically.
        </p>
        <div className="flex flex-wrap gap-2">
          <Button className="min-h-11" onClick={() => setTopUpOpen(true)}>
            Top up
          </Button>
          {/* Issue 47: money is never trapped in the wallet. */}
          <Button
            variant="outline"
            className="min-h-11"
            disabled={!(Number(credit.balance) > 0)}
            onClick={() => setWithdrawOpen(true)}
          >
            Withdraw
          </Button>
        </div>
      </div>
      {withdrawOpen && (
        <LazyWithdrawDialog
          open
          onOpenChange={setWithdrawOpen}
          balance={credit.balance}
          phone={phone}
        />
      )}
      {topUpOpen && (
        <LazyTopUpDialog
          open
          onOpenChange={setTopUpOpen}
          onMobile={(ngwee) => {
            setTopUpOpen(false);
            setMobileNgwee(ngwee);
          }}
        />
      )}
      {mobileNgwee !== null && mobile && (
        <LazyMobileMoneyDialog
          open
          onOpenChange={(open) => !open && setMobileNgwee(null)}
          settings={mobile}
          phone={phone}
          pays={{ topUp: true }}
          totalNgwee={mobileNgwee}
          onPaid={() => setMobileNgwee(null)}
        />
      )}
      <WithdrawalsList timeZone={timeZone} />
      <LowBalanceAlert />
      {credit.entries.length > 0 && (
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
      )}
    </section>
  );
}
