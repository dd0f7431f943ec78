"use client";

import type { ComponentProps, ReactNode } from "react";
import { FilterSelect, type FilterOption } from "@/components/admin/data-table/filter-select";
import { DAY_SHORT, type LiveOrderFilters } from "@/components/admin/live-orders/live-order-format";
import { Button } from "@/components/ui/button";
import { Input } from "@/components/ui/input";
import { TableHead, TableRow } from "@/components/ui/table";

// The filter row under Live Orders' column names (spec 001 §2): a field per column, 'Apply
// Filters' in the Actions column.

const WEEK_OPTIONS = [1, 2, 3, 4, 5, 6].map((week) => ({
  value: String(week),
  label: `Week ${week}`,
}));
const DAY_OPTIONS = DAY_SHORT.map((day, index) => ({ value: String(index + 1), label: day }));

type SelectKey = "status" | "week" | "day";
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
  const selects: Record<SelectKey, FilterOption[]> = {
    status: statuses.map((status) => ({ value: status, label: status })),
    week: WEEK_OPTIONS,
    day: DAY_OPTIONS,
  };
  const cells: Record<string, ReactNode> = {
    actions: (
      <Button size="sm" onClick={onApply}>
        Apply Filters
      </Button>
    ),
  };
  for (const [key, options] of Object.entries(selects) as [SelectKey, FilterOption[]][]) {
    cells[key] = (
      <FilterSelect
        label={`Filter by ${key}`}
        className="w-full min-w-24"
        value={draft[key]}
        onChange={set(key)}
        all="All"
        options={options}
      />
    );
  }
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
