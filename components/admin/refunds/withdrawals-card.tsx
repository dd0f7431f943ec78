"use client";

import { useState } from "react";
import { tableMessage } from "@/components/admin/data-table/data-table-body";
import { ALL, FilterSelect } from "@/components/admin/data-table/filter-select";
import { MetadataPager } from "@/components/admin/data-table/pager";
import {
  useAddressPage,
  useAddressParams,
} from "@/components/admin/data-table/use-console-address";
import { DeclineDialog, PayoutDialog } from "@/components/admin/refunds/withdrawal-dialogs";
import {
  useDecideWithdrawal,
  useWithdrawals,
} from "@/components/admin/refunds/use-withdrawals-queries";
import {
  OFFICE_LABELS,
  WithdrawalsTable,
  type WithdrawalAction,
} from "@/components/admin/refunds/withdrawals-table";
import { useSchoolBrand } from "@/components/school-brand";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { WITHDRAWAL_STATUSES, type AdminWithdrawalDto } from "@/lib/contracts/withdrawals";

// Refund Management's Withdrawals (issue 47): the families' requests to be paid out of their
// wallets, those still waiting first, filtered by state in the address (?wstatus=, ?wpage=).

export function WithdrawalsCard() {
  const address = useAddressParams();
  const status = address.get("wstatus") ?? ALL;
  const [page, setPage] = useAddressPage("wpage");
  const query = useWithdrawals(status, page);
  const { timeZone } = useSchoolBrand();
  const [open, setOpen] = useState<{ row: AdminWithdrawalDto; action: WithdrawalAction } | null>(
    null,
  );
  const decide = useDecideWithdrawal(() => setOpen(null));

  return (
    <Card>
      <CardHeader>
        <CardTitle>Withdrawals</CardTitle>
        <CardDescription>
          Families asking to be paid out of their wallet. The money is held until you pay it out or
          decline it.
        </CardDescription>
      </CardHeader>
      <CardContent className="grid gap-4">
        <FilterSelect
          label="Filter withdrawals by status"
          value={status}
          // A new filter starts on its first page; the refunds' own page is left alone.
          onChange={(value) => address.set({ wstatus: value === ALL ? null : value, wpage: null })}
          all="All withdrawals"
          options={WITHDRAWAL_STATUSES.map((value) => ({
            value,
            label: OFFICE_LABELS[value],
          }))}
          className="w-full sm:w-56"
        />
        <WithdrawalsTable
          rows={query.data?.data ?? []}
          busy={decide.isPending}
          timeZone={timeZone}
          onDecide={(row, action) => setOpen({ row, action })}
          message={tableMessage(
            { loading: query.isPending, failed: Boolean(query.error) },
            {
              loading: "Loading withdrawals…",
              failed: "Failed to fetch withdrawals",
              empty: "No withdrawal requests",
            },
          )}
        />
        {/* Most days the requests fit on one page: no second pager under the refunds' then. */}
        {(query.data?.metadata.totalPages ?? 1) > 1 || page > 1 ? (
          <MetadataPager page={page} metadata={query.data?.metadata} onPageChange={setPage} />
        ) : null}
        <PayoutDialog
          row={open?.action === "pay" ? open.row : null}
          pending={decide.isPending}
          onClose={() => setOpen(null)}
          onConfirm={(id, body) => decide.mutate({ kind: "pay", id, body })}
        />
        <DeclineDialog
          row={open?.action === "decline" ? open.row : null}
          pending={decide.isPending}
          onClose={() => setOpen(null)}
          onConfirm={(id, body) => decide.mutate({ kind: "decline", id, body })}
        />
      </CardContent>
    </Card>
  );
}
