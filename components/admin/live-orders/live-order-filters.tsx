"use client";

import type { ComponentProps, ReactNode } from "react";
import { FilterSelect } from "@/components/admin/data-table/filter-select";
import { DAY_SHORT, type LiveOrderFilters } from "@/components/admin/live-orders/live-order-format";
import { Button } from "@/components/ui/button";
import { Input } from "@/components/ui/input";
import { TableHead, TableRow } from "@/components/ui/table";

// The filter row under Live Orders' column names (spec 001 §2): a field per column, 'Apply
// Filters' in the Actions column.

const WEEKS = [1, 2, 3, 4, 5, 6] as const;

type TextKey = "time" | "parent" | "student" | "items" | "amount" | "transactionId";

/** Each text filter: what its label names ("Filter by …") and its input's own attributes. */
const TEXT_FILTERS: Record<TextKey, { name: string } & ComponentProps<typeof Input>> = {
  time: { name: "time", type: "date" },
  parent: { name: "parent", placeholder: "Parent" },
  student: { name: "student", placeholder: "Student" },
  items: { name: "items", placeholder: "Items" },
  amount: { name: "amount", placeholder: "Amount", inputMode: "decimal" },
  transactionId: { name: "transaction ID", placeholder: "Transaction ID" },
};

export function LiveOrderFilterRow({
  columnIds,
  draft,
  set,
  statuses,
  onApply,
}: {
  columnIds: string[];
  draft: LiveOrderFilters;
  set: (key: keyof LiveOrderFilters) => (value: string) => void;
  statuses: readonly string[];
  onApply: () => void;
}) {
  const cells: Record<string, ReactNode> = {
    status: (
      <FilterSelect
        label="Filter by status"
        className="w-full min-w-24"
        value={draft.status}
        onChange={set("status")}
        all="All"
        options={statuses.map((status) => ({ value: status, label: status }))}
      />
    ),
    week: (
      <FilterSelect
        label="Filter by week"
        className="w-full min-w-24"
        value={draft.week}
        onChange={set("week")}
        all="All"
        options={WEEKS.map((week) => ({ value: String(week), label: `Week ${week}` }))}
      />
    ),
    day: (
      <FilterSelect
        label="Filter by day"
        className="w-full min-w-24"
        value={draft.day}
        onChange={set("day")}
        all="All"
        options={DAY_SHORT.map((day, index) => ({ value: String(index + 1), label: day }))}
      />
    ),
    actions: (
      <Button size="sm" onClick={onApply}>
        Apply Filters
      </Button>
    ),
  };
  for (const [key, { name, ...input }] of Object.entries(TEXT_FILTERS) as [
    TextKey,
    (typeof TEXT_FILTERS)[TextKey],
  ][]) {
    cells[key] = (
      <Input
        {...input}
        aria-label={`Filter by ${name}`}
        value={draft[key]}
        onChange={(e) => set(key)(e.target.value)}
      />
    );
  }

  return (
    <TableRow data-testid="filter-row">
      {columnIds.map((id) => (
        <TableHead key={id} className="min-w-28 py-2 align-top">
          {cells[id] ?? null}
        </TableHead>
      ))}
    </TableRow>
  );
}
