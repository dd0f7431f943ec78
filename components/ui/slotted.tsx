import type * as React from "react";
import type { ClassValue } from "clsx";

import { cn } from "@/lib/utils";

/**
 * The many small parts of the shadcn-style kit written once: `slotted("div", "card-header", "px-6")`
 * is `function CardHeader({ className, ...props }) { return <div data-slot="card-header"
 * className={cn("px-6", className)} {...props} />; }`. Without classes the part passes its props
 * through untouched (no empty `class` attribute), as the Radix roots, triggers and portals do.
 * `content`, when given, is what the part always holds (a checkbox's tick, a scroll arrow).
 */
export function slotted<T extends React.ElementType>(
  Component: T,
  slot: string,
  classes?: ClassValue,
  content?: React.ReactElement,
): (props: React.ComponentProps<T>) => React.JSX.Element {
  const Element: React.ElementType = Component;
  function Slotted(props: React.ComponentProps<T>) {
    if (classes === undefined) return <Element data-slot={slot} {...props} />;
    const { className, ...rest } = props as { className?: string };
    const fixed = content ? { children: content } : {};
    return <Element data-slot={slot} className={cn(classes, className)} {...rest} {...fixed} />;
  }
  // "card-header" → CardHeader, the name the part is exported under (for React's dev tools).
  Slotted.displayName = slot.replace(/(^|-)([a-z])/g, (_match, _dash, letter: string) =>
    letter.toUpperCase(),
  );
  return Slotted;
}
