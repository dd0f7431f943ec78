"use client";

import type { ReactNode } from "react";
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
