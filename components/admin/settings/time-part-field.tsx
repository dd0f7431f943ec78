"use client";

import type { FieldPath, UseFormReturn } from "react-hook-form";
import { FormControl } from "@/components/ui/form";
import { LabelledField } from "@/components/ui/form-fields";
import {
  Select,
  SelectContent,
  SelectItem,
  SelectTrigger,
  SelectValue,
} from "@/components/ui/select";
import type { CutoffTimeInput } from "@/lib/validations/settings";

const pad = (n: number) => String(n).padStart(2, "0");
const HOURS = Array.from({ length: 24 }, (_, i) => i);
const MINUTES = Array.from({ length: 60 }, (_, i) => i);

/** One half of a school-time field (hour or minute), for any form holding `hour` and `minute`. */
function TimePartField<T extends CutoffTimeInput>({
  name,
  label,
  options = name === "hour" ? HOURS : MINUTES,
  form,
}: {
  name: keyof CutoffTimeInput;
  label: string;
  options?: number[];
  form: UseFormReturn<T>;
}) {
  return (
    <LabelledField
      control={form.control}
      name={name as FieldPath<T>}
      label={label}
      render={(field) => (
        <Select
          value={pad(Number(field.value))}
          onValueChange={(value) => field.onChange(Number(value))}
        >
          <FormControl>
            <SelectTrigger className="w-24">
              <SelectValue />
            </SelectTrigger>
          </FormControl>
          <SelectContent className="max-h-64">
            {options.map((n) => (
              <SelectItem key={n} value={pad(n)}>
                {pad(n)}
              </SelectItem>
            ))}
          </SelectContent>
        </Select>
      )}
    />
  );
}

/** Hour : minute, the two halves of a school-time field side by side. */
export function TimeFields<T extends CutoffTimeInput>({
  form,
  labels = ["Hour", "Minute"],
}: {
  form: UseFormReturn<T>;
  labels?: [hour: string, minute: string];
}) {
  return (
    <div className="flex flex-wrap items-end gap-3">
      <TimePartField name="hour" label={labels[0]} form={form} />
      <span className="pb-2 text-lg font-semibold" aria-hidden>
        :
      </span>
      <TimePartField name="minute" label={labels[1]} form={form} />
    </div>
  );
}
