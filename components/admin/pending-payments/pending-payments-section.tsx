"use client";

import { CheckCircle2 } from "lucide-react";
import { Pager } from "@/components/admin/data-table/pager";
import { PendingPaymentGroup } from "@/components/admin/pending-payments/pending-payment-group";
import { usePendingPayments } from "@/components/admin/pending-payments/use-pending-payments-queries";
import { Card, CardContent } from "@/components/ui/card";
import { PENDING_PAYMENT_GROUPS_PAGE_SIZE } from "@/lib/contracts/orders";
import { useAddressPage } from "@/components/admin/data-table/use-console-address";

// Pending Payments (spec 001 §2, §7 GET /api/payments/pending and PUT /api/payments/verify, §9):
// orders placed with the alternative payment methods, grouped per parent, 50 parents a page;
// the admin verifies the ones whose money arrived.

export function PendingPaymentsSection() {
  const [page, setPage] = useAddressPage();
  const query = usePendingPayments(page);

  const groups = query.data?.data ?? [];
  const pagination = query.data?.pagination;
  const totalGroups = pagination?.totalGroups ?? 0;
  const totalPages = Math.max(pagination?.totalPages ?? 1, 1);

  // A verification emptied the last page: go back to the last page that exists (adjusted while
  // rendering, as React recommends for state derived from new data).
  if (pagination && !query.isPlaceholderData && groups.length === 0 && page > 1) {
    const lastPage = Math.max(pagination.totalPages, 1);
    if (lastPage !== page) setPage(lastPage);
  }

  if (query.isPending) {
    return <p className="text-muted-foreground">Loading pending payments…</p>;
  }
  if (query.error && !query.data) {
    return <p className="text-muted-foreground">Failed to fetch pending payments</p>;
  }
  if (totalGroups === 0) {
    return (
      <Card>
        <CardContent className="grid justify-items-center gap-2 py-12 text-center">
          <CheckCircle2 aria-hidden className="size-10 text-success" />
          <h2 className="text-lg font-semibold">No Pending Payments</h2>
          <p className="text-muted-foreground">All payments have been verified</p>
        </CardContent>
      </Card>
    );
  }

  const first = (page - 1) * PENDING_PAYMENT_GROUPS_PAGE_SIZE + 1;
  const last = first + groups.length - 1;
  return (
    <div className="grid gap-4">
      <p className="text-sm text-muted-foreground">
        Showing parents {groups.length > 0 ? first : 0} to {groups.length > 0 ? last : 0} of{" "}
        {totalGroups}
      </p>
      {groups.map((group) => (
        <PendingPaymentGroup key={group.parentId} group={group} />
      ))}
      <Pager
        page={page}
        totalPages={totalPages}
        hasPreviousPage={pagination?.hasPreviousPage}
        hasNextPage={pagination?.hasNextPage}
        onPageChange={setPage}
      />
    </div>
  );
}
