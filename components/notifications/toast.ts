import type * as React from "react";
import { useEffect } from "react";
import { errorMessage } from "@/lib/client/api";

export type NotifyVariant = "default" | "destructive" | "success";

export interface NotifyOptions {
  title: React.ReactNode;
  description?: React.ReactNode;
  variant?: NotifyVariant;
  /** Milliseconds; defaults to the <Toaster>'s duration (3000). */
  duration?: number;
  /** A button in the toast that fixes what it reports (e.g. "Add email address"). */
  action?: { label: string; onClick: () => void };
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
export function notify({
  title,
  description,
  variant = "default",
  duration,
  action,
}: NotifyOptions): void {
  if (!toasterWanted) {
    toasterWanted = true;
    for (const listener of listeners) listener();
  }
  const data = { description, duration, action };
  import("sonner")
    .then(({ toast }) => {
      if (variant === "destructive") toast.error(title, data);
      else if (variant === "success") toast.success(title, data);
      else toast(title, data);
    })
    // Offline with the chunk not cached yet: the message is lost, never an unhandled rejection.
    .catch(() => {});
}

/** A success toast: a title and, when there is more to say, a description. */
export function toastSuccess(title: string, description?: string, duration?: number): void {
  notify({ title, description, variant: "success", duration });
}

/** A destructive toast with the screen's own words: a refused action or a failed check. */
export function toastFailure(title: string, description?: string, duration?: number): void {
  notify({ title, description, variant: "destructive", duration });
}

/**
 * The toast of a failed call (spec 001 §8): titled "Error" unless the screen names it, with the
 * server's message, the network's, or else the screen's fallback.
 */
export function toastError(error: unknown, fallback: string, title = "Error"): void {
  toastFailure(title, errorMessage(error, fallback));
}

/** For a query: its failure's toast, once each time the error changes. */
export function useErrorToast(error: unknown, fallback: string): void {
  useEffect(() => {
    if (error) toastError(error, fallback);
  }, [error, fallback]);
}
