import type * as React from "react";
import { toast } from "sonner";

export type NotifyVariant = "default" | "destructive" | "success";

export interface NotifyOptions {
  title: React.ReactNode;
  description?: React.ReactNode;
  variant?: NotifyVariant;
  /** Milliseconds; defaults to the <Toaster>'s duration (3000). */
  duration?: number;
}

/**
 * Shows a toast with a title, an optional description and a variant: "destructive" → error toast,
 * "success" → success toast, "default" → neutral toast. Returns the toast id (for toast.dismiss).
 * Requires <Toaster /> (components/ui/sonner) to be mounted.
 */
export function notify({
  title,
  description,
  variant = "default",
  duration,
}: NotifyOptions): string | number {
  const data = { description, duration };
  switch (variant) {
    case "destructive":
      return toast.error(title, data);
    case "success":
      return toast.success(title, data);
    default:
      return toast(title, data);
  }
}
