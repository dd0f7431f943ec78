"use client";

import type { UpdateStatus } from "@/components/admin/history/use-cycle-history-queries";
import { Button } from "@/components/ui/button";
import {
  Select,
  SelectContent,
  SelectItem,
  SelectTrigger,
  SelectValue,
} from "@/components/ui/select";

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
      <Select value={status} onValueChange={(v) => onStatusChange(v as UpdateStatus)}>
        <SelectTrigger aria-label="New status" className="w-52">
          <SelectValue placeholder="Select status" />
        </SelectTrigger>
        <SelectContent>
          {UPDATE_STATUSES.map((option) => (
            <SelectItem key={option.value} value={option.value}>
              {option.label}
            </SelectItem>
          ))}
        </SelectContent>
      </Select>
      <Button onClick={onSubmit} disabled={!status || busy}>
        Update {count} Orders
      </Button>
    </div>
  );
}
