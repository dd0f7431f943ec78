"use client";

import { useLayoutEffect, useRef, useState } from "react";
import { Tooltip, TooltipContent, TooltipProvider, TooltipTrigger } from "@/components/ui/tooltip";
import { cn } from "@/lib/utils";

// A long name or e-mail in a console table (issue 25): one line cut with an ellipsis at the width
// given (`className`, default 14rem), the full text on hover and on keyboard focus. Only a text
// that is actually cut becomes a tab stop.

export function TruncatedText({ text, className }: { text: string; className?: string }) {
  const ref = useRef<HTMLSpanElement>(null);
  const [cut, setCut] = useState(false);
  const [open, setOpen] = useState(false);

  useLayoutEffect(() => {
    const element = ref.current;
    if (!element) return;
    const measure = () => setCut(element.scrollWidth > element.clientWidth + 1);
    measure();
    if (typeof ResizeObserver === "undefined") return;
    const observer = new ResizeObserver(measure);
    observer.observe(element);
    return () => observer.disconnect();
  }, [text]);

  const span = (
    <span
      ref={ref}
      data-slot="truncated-text"
      tabIndex={cut ? 0 : undefined}
      className={cn(
        "block max-w-56 truncate rounded-sm focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none",
        className,
      )}
    >
      {text}
    </span>
  );
  // One tree whether cut or not (a remount would lose the measured element): uncut, the tooltip
  // simply never opens.
  return (
    <TooltipProvider delayDuration={300}>
      <Tooltip open={cut && open} onOpenChange={setOpen}>
        <TooltipTrigger asChild>{span}</TooltipTrigger>
        <TooltipContent className="max-w-sm break-all">{text}</TooltipContent>
      </Tooltip>
    </TooltipProvider>
  );
}
