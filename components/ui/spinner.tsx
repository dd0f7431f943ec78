import * as React from "react";
import { Loader2Icon } from "lucide-react";

import { cn } from "@/lib/utils";

/**
 * A small loading indicator. The wrapper is a polite live region (role="status") whose accessible
 * text is `label` (visually hidden); the spinning icon itself is decorative. Size it with a
 * `size-*` class (default 16px).
 */
function Spinner({
  className,
  label = "Loading",
  ...props
}: Omit<React.ComponentProps<"span">, "children"> & { label?: string }) {
  return (
    <span
      data-slot="spinner"
      role="status"
      className={cn("inline-flex size-4 shrink-0 items-center justify-center", className)}
      {...props}
    >
      <Loader2Icon aria-hidden="true" className="size-full animate-spin" />
      <span className="sr-only">{label}</span>
    </span>
  );
}

export { Spinner };
