"use client";

import { FilterSelect } from "@/components/admin/data-table/filter-select";
import type { UpdateStatus } from "@/components/admin/history/use-cycle-history-queries";
import { Button } from "@/components/ui/button";
import { plural } from "@/lib/client/format";

// The bar over Cycle History's table while orders are selected: the new status and the update.

const UPDATE_STATUSES: { value: UpdateStatus; label: string }[] = [
  { value: "completed", label: "Mark as Completed" },
  { value: "pending", label: "Mark as Pending" },
  { value: "cancelled", label: "Mark as Cancelled" },
];

export function BulkStatusBar({
  count,
  status,
  onStatusChange,
  onSubmit,
  busy,
}: {
  count: number;
  status: UpdateStatus | "";
  onStatusChange: (status: UpdateStatus) => void;
  onSubmit: () => void;
  busy: boolean;
}) {
  return (
    <div
      role="region"
      aria-label="Bulk status update"
      className="flex flex-wrap items-center gap-3 rounded-md border bg-muted/50 p-3"
    >
      <span className="text-sm font-medium">{count} selected</span>
      <FilterSelect
        label="New status"
        className="w-52"
        placeholder="Select status"
        value={status}
        onChange={(v) => onStatusChange(v as UpdateStatus)}
        options={UPDATE_STATUSES}
      />
      <Button onClick={onSubmit} disabled={!status || busy}>
        Update {plural(count, "Order")}
      </Button>
    </div>
  );
}
