import type * as React from "react";

export type NotifyVariant = "default" | "destructive" | "success";

export interface NotifyOptions {
  title: React.ReactNode;
  description?: React.ReactNode;
  variant?: NotifyVariant;
  /** Milliseconds; defaults to the <Toaster>'s duration (3000). */
  duration?: number;
}

// sonner (and the <Toaster> that shows its toasts) is fetched with the first toast, not with the
// page: no screen shows a toast before the visitor does something, and a phone on a slow network
// should not download and run it for nothing. sonner keeps toasts in a module-level store and
// hands them to the <Toaster> when it mounts, so a toast raised while its code is still loading is
// shown as soon as the outlet is there.
let toasterWanted = false;
const listeners = new Set<() => void>();

/** For <LazyToaster>: true once a toast has been asked for (the outlet is mounted from then on). */
export function isToasterWanted(): boolean {
  return toasterWanted;
}

export function subscribeToasterWanted(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/**
 * Shows a toast with a title, an optional description and a variant: "destructive" → error toast,
 * "success" → success toast, "default" → neutral toast. The outlet is <LazyToaster />
 * (components/ui/lazy-toaster), mounted once.
 */
export function notify({ title, description, variant = "default", duration }: NotifyOptions): void {
  if (!toasterWanted) {
    toasterWanted = true;
    for (const listener of listeners) listener();
  }
  const data = { description, duration };
  import("sonner")
    .then(({ toast }) => {
      if (variant === "destructive") toast.error(title, data);
      else if (variant === "success") toast.success(title, data);
      else toast(title, data);
    })
    // Offline with the chunk not cached yet: the message is lost, never an unhandled rejection.
    .catch(() => {});
}
