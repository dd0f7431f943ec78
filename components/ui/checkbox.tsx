"use client";

import { CheckIcon, MinusIcon } from "lucide-react";
import { Checkbox as CheckboxPrimitive } from "radix-ui";

import { slotted } from "@/components/ui/slotted";

const Checkbox = slotted(
  CheckboxPrimitive.Root,
  "checkbox",
  [
    "group/checkbox peer relative size-4 shrink-0 rounded-[4px] border border-input shadow-xs transition-shadow outline-none disabled:cursor-not-allowed disabled:opacity-50 data-[state=checked]:border-primary data-[state=checked]:bg-primary data-[state=checked]:text-primary-foreground data-[state=indeterminate]:border-primary data-[state=indeterminate]:bg-primary data-[state=indeterminate]:text-primary-foreground",
    "focus-visible:ring-2 focus-visible:ring-ring focus-visible:ring-offset-2 focus-visible:ring-offset-background",
    "aria-invalid:border-destructive aria-invalid:focus-visible:ring-destructive",
    // A larger invisible hit area on touch screens (44 x 44 px) without changing the layout.
    "pointer-coarse:after:absolute pointer-coarse:after:-inset-3.5 pointer-coarse:after:content-['']",
  ],
  <CheckboxPrimitive.Indicator
    data-slot="checkbox-indicator"
    className="flex items-center justify-center text-current transition-none"
  >
    <CheckIcon className="size-3.5 group-data-[state=indeterminate]/checkbox:hidden" />
    <MinusIcon className="hidden size-3.5 group-data-[state=indeterminate]/checkbox:block" />
  </CheckboxPrimitive.Indicator>,
);

export { Checkbox };
