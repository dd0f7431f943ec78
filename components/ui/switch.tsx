"use client";

import { Switch as SwitchPrimitive } from "radix-ui";

import { slotted } from "@/components/ui/slotted";

const Switch = slotted(
  SwitchPrimitive.Root,
  "switch",
  [
    "peer relative inline-flex h-[1.15rem] w-8 shrink-0 items-center rounded-full border border-transparent shadow-xs transition-all outline-none disabled:cursor-not-allowed disabled:opacity-50 data-[state=checked]:bg-primary data-[state=unchecked]:bg-input",
    "focus-visible:ring-2 focus-visible:ring-ring focus-visible:ring-offset-2 focus-visible:ring-offset-background",
    "aria-invalid:ring-2 aria-invalid:ring-destructive",
    // A larger invisible hit area on touch screens (44 px tall) without changing the layout.
    "pointer-coarse:after:absolute pointer-coarse:after:-inset-x-1.5 pointer-coarse:after:-inset-y-3.5 pointer-coarse:after:content-['']",
  ],
  <SwitchPrimitive.Thumb
    data-slot="switch-thumb"
    className="pointer-events-none block size-4 rounded-full bg-background shadow-sm ring-0 transition-transform data-[state=checked]:translate-x-[calc(100%-2px)] data-[state=unchecked]:translate-x-0"
  />,
);

export { Switch };
