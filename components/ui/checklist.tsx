"use client";

import type { ReactNode } from "react";
import { Checkbox } from "@/components/ui/checkbox";
import { FormItem, FormLabel, FormMessage } from "@/components/ui/form";
import { Label } from "@/components/ui/label";

/** The list with `value` in it (`on`) or without it, keeping the order and no repeats. */
function toggle<T>(list: readonly T[], value: T, on: boolean): T[] {
  return on
    ? list.includes(value)
      ? [...list]
      : [...list, value]
    : list.filter((v) => v !== value);
}

/**
 * A labelled group of checkboxes, one an option, in the options' order; `sort` orders the value
 * (weeks and days are kept sorted). `children` stand between the boxes and the field's message.
 */
export function Checklist<T extends string | number>({
  label,
  options,
  optionLabel = String,
  value,
  onChange,
  sort,
  children,
}: {
  label: string;
  options: readonly T[];
  optionLabel?: (option: T) => string;
  value: readonly T[];
  onChange: (next: T[]) => void;
  sort?: (a: T, b: T) => number;
  children?: ReactNode;
}) {
  return (
    <FormItem>
      <FormLabel>{label}</FormLabel>
      <div className="flex flex-wrap gap-4" role="group" aria-label={label}>
        {options.map((option) => (
          <Label key={option} className="font-normal">
            <Checkbox
              checked={value.includes(option)}
              onCheckedChange={(checked) => {
                const next = toggle(value, option, checked === true);
                onChange(sort ? next.sort(sort) : next);
              }}
            />
            {optionLabel(option)}
          </Label>
        ))}
      </div>
      {children}
      <FormMessage />
    </FormItem>
  );
}
