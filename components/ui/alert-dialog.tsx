"use client";

import * as React from "react";
import { AlertDialog as AlertDialogPrimitive } from "radix-ui";

import { buttonVariants } from "@/components/ui/button";
import {
  centredPanelClassName,
  descriptionClassName,
  footerClassName,
  overlayClassName,
} from "@/components/ui/dialog-parts";
import { slotted } from "@/components/ui/slotted";
import { cn } from "@/lib/utils";

const AlertDialog = slotted(AlertDialogPrimitive.Root, "alert-dialog");

const AlertDialogTrigger = slotted(AlertDialogPrimitive.Trigger, "alert-dialog-trigger");

const AlertDialogPortal = slotted(AlertDialogPrimitive.Portal, "alert-dialog-portal");

const AlertDialogOverlay = slotted(
  AlertDialogPrimitive.Overlay,
  "alert-dialog-overlay",
  overlayClassName,
);

function AlertDialogContent({
  className,
  ...props
}: React.ComponentProps<typeof AlertDialogPrimitive.Content>) {
  return (
    <AlertDialogPortal>
      <AlertDialogOverlay />
      <AlertDialogPrimitive.Content
        data-slot="alert-dialog-content"
        className={cn(centredPanelClassName, className)}
        {...props}
      />
    </AlertDialogPortal>
  );
}

const AlertDialogHeader = slotted(
  "div",
  "alert-dialog-header",
  "flex flex-col gap-2 text-center sm:text-left",
);

const AlertDialogFooter = slotted("div", "alert-dialog-footer", footerClassName);

const AlertDialogTitle = slotted(
  AlertDialogPrimitive.Title,
  "alert-dialog-title",
  "text-lg font-semibold",
);

const AlertDialogDescription = slotted(
  AlertDialogPrimitive.Description,
  "alert-dialog-description",
  descriptionClassName,
);

const AlertDialogAction = slotted(
  AlertDialogPrimitive.Action,
  "alert-dialog-action",
  buttonVariants(),
);

const AlertDialogCancel = slotted(
  AlertDialogPrimitive.Cancel,
  "alert-dialog-cancel",
  buttonVariants({ variant: "outline" }),
);

export {
  AlertDialog,
  AlertDialogPortal,
  AlertDialogOverlay,
  AlertDialogTrigger,
  AlertDialogContent,
  AlertDialogHeader,
  AlertDialogFooter,
  AlertDialogTitle,
  AlertDialogDescription,
  AlertDialogAction,
  AlertDialogCancel,
};
