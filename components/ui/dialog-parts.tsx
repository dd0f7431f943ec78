"use client";

import type * as React from "react";
import { XIcon } from "lucide-react";
import { Dialog as DialogPrimitive } from "radix-ui";

// What the three Radix dialogs of the kit share (components/ui/dialog, sheet, alert-dialog): the
// dimmed overlay, the centred panel, the footer, the description and the content with its close
// button. Each file keeps its own data-slot names.

export const overlayClassName =
  "fixed inset-0 z-50 bg-black/50 data-[state=closed]:animate-out data-[state=closed]:fade-out-0 data-[state=open]:animate-in data-[state=open]:fade-in-0";

/** The panel of a dialog and of an alert dialog, centred on the screen. */
export const centredPanelClassName =
  "fixed top-[50%] left-[50%] z-50 grid max-h-[calc(100dvh-2rem)] w-full grid-cols-[minmax(0,1fr)] [overflow-wrap:anywhere] max-w-[calc(100%-2rem)] translate-x-[-50%] translate-y-[-50%] gap-4 overflow-y-auto rounded-lg border bg-background p-6 shadow-lg duration-200 outline-none data-[state=closed]:animate-out data-[state=closed]:fade-out-0 data-[state=closed]:zoom-out-95 data-[state=open]:animate-in data-[state=open]:fade-in-0 data-[state=open]:zoom-in-95 sm:max-w-lg";

/** Buttons stacked on a phone (the main one on top), in a row on the right from sm up. */
export const footerClassName = "flex flex-col-reverse gap-2 sm:flex-row sm:justify-end";

export const descriptionClassName = "text-sm text-muted-foreground";

/** The close button's box; 44 px on touch screens. */
export const closeButtonClassName =
  "absolute top-3 right-3 inline-flex size-8 items-center justify-center rounded-md opacity-70 transition-opacity outline-none hover:bg-accent hover:opacity-100 focus-visible:opacity-100 focus-visible:ring-2 focus-visible:ring-ring disabled:pointer-events-none pointer-coarse:size-11";

/**
 * The portal, the overlay and the content of a dialog or a sheet (both are Radix's Dialog), with
 * a close button in the top right corner unless `showCloseButton` is false.
 */
export function ModalContent({
  kind,
  overlay,
  showCloseButton,
  closeClassName,
  iconClassName,
  children,
  ...props
}: React.ComponentProps<typeof DialogPrimitive.Content> & {
  kind: "dialog" | "sheet";
  overlay: React.ReactNode;
  showCloseButton: boolean;
  closeClassName: string;
  iconClassName?: string;
}) {
  return (
    <DialogPrimitive.Portal data-slot={`${kind}-portal`}>
      {overlay}
      <DialogPrimitive.Content data-slot={`${kind}-content`} {...props}>
        {children}
        {showCloseButton && (
          <DialogPrimitive.Close data-slot={`${kind}-close`} className={closeClassName}>
            <XIcon className={iconClassName} aria-hidden="true" />
            <span className="sr-only">Close</span>
          </DialogPrimitive.Close>
        )}
      </DialogPrimitive.Content>
    </DialogPrimitive.Portal>
  );
}
