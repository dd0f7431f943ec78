"use client";

import { FilterSelect } from "@/components/admin/data-table/filter-select";
import { cycleRangeLabel, twinCreatedLabel } from "@/components/admin/cycles/cycle-format";
import type {
  CycleHistoryFilters,
  OrderFilterKey,
} from "@/components/admin/history/use-cycle-history-filters";
import { useSchoolBrand } from "@/components/school-brand";
import { Badge } from "@/components/ui/badge";
import { WEEKDAYS } from "@/lib/client/format";
import type { MenuItemDto, OrderCycleDto } from "@/lib/contracts";

// The filter row of Cycle History (spec 001 §2): cycle, week, day, status and menu item.

const WEEKS = [1, 2, 3, 4, 5, 6] as const;
const STATUSES = ["pending", "completed", "cancelled", "refunded"] as const;

export function CycleHistoryFilterBar({
  filters,
  cycles,
  menuItems,
  onCycleChange,
  onFilterChange,
}: {
  filters: CycleHistoryFilters;
  cycles: readonly OrderCycleDto[];
  menuItems: readonly MenuItemDto[];
  onCycleChange: (value: string) => void;
  onFilterChange: (key: OrderFilterKey, value: string) => void;
}) {
  const { timeZone } = useSchoolBrand();
  // Each filter shows its label above it, its placeholder naming it too.
  const labelled = (label: string) => ({
    label,
    caption: true,
    className: "w-full min-w-0",
    placeholder: `Select ${label.toLowerCase()}`,
  });
  return (
    <div className="grid gap-3 sm:grid-cols-2 lg:grid-cols-[minmax(0,1.6fr)_repeat(4,minmax(0,1fr))]">
      <FilterSelect
        {...labelled("Cycle")}
        value={filters.cycleId}
        onChange={onCycleChange}
        options={cycles.map((cycle) => {
          const created = twinCreatedLabel(cycle, cycles, timeZone);
          return {
            value: String(cycle.id),
            // Short, cut to the select's width with the badge kept in view (issue 25: the badge
            // overlapped the Week filter); cycles with the same dates show their creation day.
            label: (
              <span className="flex min-w-0 items-center gap-2">
                <span className="truncate">
                  {cycleRangeLabel(cycle)}
                  {created && ` (${created})`}
                </span>
                {cycle.isActive && (
                  <Badge variant="success" className="shrink-0">
                    Active
                  </Badge>
                )}
              </span>
            ),
          };
        })}
      />
      <FilterSelect
        {...labelled("Week")}
        value={filters.week}
        onChange={(v) => onFilterChange("week", v)}
        all="All weeks"
        options={WEEKS.map((week) => ({ value: String(week), label: `Week ${week}` }))}
      />
      <FilterSelect
        {...labelled("Day")}
        value={filters.day}
        onChange={(v) => onFilterChange("day", v)}
        all="All days"
        options={WEEKDAYS.map((name, index) => ({ value: String(index + 1), label: name }))}
      />
      <FilterSelect
        {...labelled("Status")}
        value={filters.status}
        onChange={(v) => onFilterChange("status", v)}
        all="All statuses"
        options={STATUSES.map((status) => ({
          value: status,
          label: status,
          className: "capitalize",
        }))}
      />
      <FilterSelect
        {...labelled("Menu item")}
        value={filters.menuItemId}
        onChange={(v) => onFilterChange("menuItemId", v)}
        all="All menu items"
        options={menuItems.map((item) => ({ value: String(item.id), label: item.name }))}
      />
    </div>
  );
}
