"use client";

import type { ComponentProps, ReactNode } from "react";
import { FilterSelect, type FilterOption } from "@/components/admin/data-table/filter-select";
import { DAY_SHORT, type LiveOrderFilters } from "@/components/admin/live-orders/live-order-format";
import { Button } from "@/components/ui/button";
import { Input } from "@/components/ui/input";
import { TableHead, TableRow } from "@/components/ui/table";
import { cn } from "@/lib/utils";

// The filter row under Live Orders' column names (spec 001 §2): a field per column, 'Apply
// Filters' in the Actions column.

const WEEK_OPTIONS = [1, 2, 3, 4, 5, 6].map((week) => ({
  value: String(week),
  label: `Week ${week}`,
}));
const DAY_OPTIONS = DAY_SHORT.map((day, index) => ({ value: String(index + 1), label: day }));

/** Each filter cell's least width: the table fits the school's 1366 px screen (issue 25). */
const FILTER_CELL_WIDTH: Record<string, string> = {
  expand: "min-w-0",
  time: "min-w-32",
  family: "min-w-32",
  items: "min-w-28",
  amount: "min-w-20",
  status: "min-w-28",
  transactionId: "min-w-24",
  weekDay: "min-w-24",
  actions: "min-w-0",
};

type SelectKey = "status" | "week" | "day";
type TextKey = "time" | "parent" | "student" | "items" | "amount" | "transactionId";

/** Each text filter: what its label names ("Filter by …") and its input's own attributes. */
const TEXT_FILTERS: Record<TextKey, { name: string } & ComponentProps<typeof Input>> = {
  time: { name: "time", type: "date", className: "w-36 px-2" },
  // size 1: the cell, not the input's default 20 characters, sets the column's width.
  parent: { name: "parent", placeholder: "Parent", size: 1 },
  student: { name: "student", placeholder: "Student", size: 1 },
  items: { name: "items", placeholder: "Items", size: 1 },
  amount: { name: "amount", placeholder: "Amount", inputMode: "decimal", size: 1 },
  transactionId: { name: "transaction ID", placeholder: "Transaction ID", size: 1 },
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
        className="w-full min-w-20"
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

  // Parent and student, week and day are one column each: their two filters stand one above the
  // other.
  cells.family = (
    <div className="grid gap-1">
      {cells.parent}
      {cells.student}
    </div>
  );
  cells.weekDay = (
    <div className="grid gap-1">
      {cells.week}
      {cells.day}
    </div>
  );

  return (
    <TableRow data-testid="filter-row">
      {columnIds.map((id) => (
        <TableHead key={id} className={cn("py-2 align-top", FILTER_CELL_WIDTH[id] ?? "min-w-24")}>
          {cells[id] ?? null}
        </TableHead>
      ))}
    </TableRow>
  );
}
