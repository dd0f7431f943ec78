"use client";

import type { ReactNode } from "react";
import {
  Select,
  SelectContent,
  SelectItem,
  SelectTrigger,
  SelectValue,
} from "@/components/ui/select";

/** The value of a filter's "All …" choice: the filter is not sent. */
export const ALL = "all";

export type FilterOption = { value: string; label: ReactNode; className?: string };

/**
 * A console list's filter: a select named by `label` (or by a `<Label htmlFor={id}>`), its "All …"
 * choice first when `all` names it, then the options. `caption` shows the label above it too.
 */
export function FilterSelect({
  label,
  id,
  value,
  onChange,
  all,
  options,
  className,
  placeholder,
  caption = false,
}: {
  label?: string;
  id?: string;
  value: string;
  onChange: (value: string) => void;
  all?: string;
  options: readonly FilterOption[];
  className?: string;
  placeholder?: string;
  caption?: boolean;
}) {
  const select = (
    <Select value={value} onValueChange={onChange}>
      <SelectTrigger id={id} aria-label={label} className={className}>
        <SelectValue placeholder={placeholder} />
      </SelectTrigger>
      <SelectContent>
        {all !== undefined && <SelectItem value={ALL}>{all}</SelectItem>}
        {options.map((option) => (
          <SelectItem key={option.value} value={option.value} className={option.className}>
            {option.label}
          </SelectItem>
        ))}
      </SelectContent>
    </Select>
  );
  if (!caption) return select;
  return (
    <div className="grid gap-1.5">
      <span className="text-sm font-medium" aria-hidden>
        {label}
      </span>
      {select}
    </div>
  );
}
