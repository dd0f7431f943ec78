"use client";

import { Button } from "@/components/ui/button";
import { Label } from "@/components/ui/label";
import {
  Select,
  SelectContent,
  SelectItem,
  SelectTrigger,
  SelectValue,
} from "@/components/ui/select";
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

type Option = { value: string; label: string };

const WEEK_OPTIONS: Option[] = [
  { value: "all", label: "All weeks" },
  ...MENU_WEEKS.map((week) => ({ value: String(week), label: `Week ${week}` })),
];
const DAY_OPTIONS: Option[] = [
  { value: "all", label: "All days" },
  ...MENU_DAYS.map((day) => ({ value: String(day), label: weekdayName(day) })),
];
const AVAILABILITY_OPTIONS: { value: Availability; label: string }[] = [
  { value: "all", label: "All" },
  { value: "available", label: "Available" },
  { value: "unavailable", label: "Unavailable" },
];

function FilterSelect<T extends string>({
  label,
  ariaLabel,
  value,
  options,
  onChange,
}: {
  label: string;
  ariaLabel: string;
  value: T;
  options: readonly { value: T; label: string }[];
  onChange: (value: T) => void;
}) {
  return (
    <div className="grid gap-1.5">
      <Label>{label}</Label>
      <Select value={value} onValueChange={(next) => onChange(next as T)}>
        <SelectTrigger aria-label={ariaLabel} className="w-36">
          <SelectValue />
        </SelectTrigger>
        <SelectContent>
          {options.map((option) => (
            <SelectItem key={option.value} value={option.value}>
              {option.label}
            </SelectItem>
          ))}
        </SelectContent>
      </Select>
    </div>
  );
}

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
        label="Week"
        ariaLabel="Filter by week"
        value={filters.week}
        options={WEEK_OPTIONS}
        onChange={(week) => onChange((f) => ({ ...f, week }))}
      />
      <FilterSelect
        label="Day"
        ariaLabel="Filter by day"
        value={filters.day}
        options={DAY_OPTIONS}
        onChange={(day) => onChange((f) => ({ ...f, day }))}
      />
      <FilterSelect
        label="Availability"
        ariaLabel="Filter by availability"
        value={filters.availability}
        options={AVAILABILITY_OPTIONS}
        onChange={(availability) => onChange((f) => ({ ...f, availability }))}
      />
      <Button variant="outline" disabled={!filtered} onClick={() => onChange(() => NO_FILTERS)}>
        Clear Filters
      </Button>
    </div>
  );
}
