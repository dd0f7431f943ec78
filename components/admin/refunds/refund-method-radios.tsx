"use client";

import type { ReactNode } from "react";
import type { Control, FieldPath } from "react-hook-form";
import { FormField, FormItem, FormMessage } from "@/components/ui/form";
import { TextField } from "@/components/ui/form-fields";
import { REFUND_METHOD_LABELS, type RefundMethod } from "@/lib/contracts/refunds";

/**
 * How the money went back, as radio buttons: the office's refund by hand (Refund Management's
 * dialog) and the part of a family leaving paid by hand use the same list and labels.
 */
export function RefundMethodRadios({
  legend,
  methods,
  name,
  value,
  onChange,
}: {
  legend: ReactNode;
  methods: readonly RefundMethod[];
  name: string;
  value: string | undefined;
  onChange: (method: RefundMethod) => void;
}) {
  return (
    <fieldset className="grid gap-2">
      <legend className="mb-1 text-sm font-medium">{legend}</legend>
      {methods.map((method) => (
        <label key={method} className="flex items-center gap-2 text-sm">
          <input
            type="radio"
            name={name}
            value={method}
            checked={value === method}
            onChange={() => onChange(method)}
            className="size-4 accent-primary"
          />
          {REFUND_METHOD_LABELS[method]}
        </label>
      ))}
    </fieldset>
  );
}

/** The fields every "how the money went back" form has: the method, then a reference. */
type HowValues = {
  method?: RefundMethod | undefined;
  reference?: string | null | undefined;
};

/**
 * The method as radio buttons (with a hint under them when the screen has one) and the optional
 * reference: Mark as Refunded, a family leaving, and a card refund paid by hand instead.
 */
export function RefundHowFields<T extends HowValues>({
  control,
  legend,
  methods,
  hint,
}: {
  control: Control<T>;
  legend: ReactNode;
  methods: readonly RefundMethod[];
  hint?: ReactNode;
}) {
  return (
    <>
      <FormField
        control={control}
        name={"method" as FieldPath<T>}
        render={({ field }) => (
          <FormItem>
            <RefundMethodRadios
              legend={legend}
              methods={methods}
              name={field.name}
              value={field.value as string | undefined}
              onChange={field.onChange}
            />
            {hint && <p className="text-sm text-muted-foreground">{hint}</p>}
            <FormMessage />
          </FormItem>
        )}
      />
      <TextField
        control={control}
        name={"reference" as FieldPath<T>}
        label="Reference (optional)"
        placeholder="e.g. the mobile-money transaction id"
        maxLength={100}
      />
    </>
  );
}
