"use client";

import { FilterSelect, type FilterOption } from "@/components/admin/data-table/filter-select";
import { Button } from "@/components/ui/button";
import { weekdayName } from "@/lib/client/format";
import type { MenuItemDto } from "@/lib/contracts";
import { MENU_DAYS, MENU_WEEKS } from "@/lib/validations/menu";

// The list's filters, applied in the browser to the items already read: week, day, availability.

type Availability = "all" | "available" | "unavailable";
export type MenuFilterValues = { week: string; day: string; availability: Availability };
export const NO_FILTERS: MenuFilterValues = { week: "all", day: "all", availability: "all" };

/** The items on the archived side asked for (`showArchived`) that pass the filters. */
export function filterMenuItems(
  items: readonly MenuItemDto[],
  filters: MenuFilterValues,
  showArchived: boolean,
): MenuItemDto[] {
  return items.filter(
    (item) =>
      item.isArchived === showArchived &&
      (filters.week === "all" || item.weekNumbers.includes(Number(filters.week))) &&
      (filters.day === "all" || item.daysOfWeek.includes(Number(filters.day))) &&
      (filters.availability === "all" ||
        item.isAvailable === (filters.availability === "available")),
  );
}

const WEEK_OPTIONS: FilterOption[] = [
  { value: "all", label: "All weeks" },
  ...MENU_WEEKS.map((week) => ({ value: String(week), label: `Week ${week}` })),
];
const DAY_OPTIONS: FilterOption[] = [
  { value: "all", label: "All days" },
  ...MENU_DAYS.map((day) => ({ value: String(day), label: weekdayName(day) })),
];
const AVAILABILITY_OPTIONS: FilterOption[] = [
  { value: "all", label: "All" },
  { value: "available", label: "Available" },
  { value: "unavailable", label: "Unavailable" },
];

export function MenuFilters({
  filters,
  onChange,
}: {
  filters: MenuFilterValues;
  onChange: (change: (filters: MenuFilterValues) => MenuFilterValues) => void;
}) {
  const filtered =
    filters.week !== "all" || filters.day !== "all" || filters.availability !== "all";
  return (
    <div className="flex flex-wrap items-end gap-3">
      <FilterSelect
        label="Filter by week"
        caption="Week"
        className="w-36"
        value={filters.week}
        options={WEEK_OPTIONS}
        onChange={(week) => onChange((f) => ({ ...f, week }))}
      />
      <FilterSelect
        label="Filter by day"
        caption="Day"
        className="w-36"
        value={filters.day}
        options={DAY_OPTIONS}
        onChange={(day) => onChange((f) => ({ ...f, day }))}
      />
      <FilterSelect
        label="Filter by availability"
        caption="Availability"
        className="w-36"
        value={filters.availability}
        options={AVAILABILITY_OPTIONS}
        onChange={(value) => onChange((f) => ({ ...f, availability: value as Availability }))}
      />
      <Button variant="outline" disabled={!filtered} onClick={() => onChange(() => NO_FILTERS)}>
        Clear Filters
      </Button>
    </div>
  );
}
