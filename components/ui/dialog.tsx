"use client";

import * as React from "react";
import { Dialog as DialogPrimitive } from "radix-ui";

import {
  centredPanelClassName,
  closeButtonClassName,
  descriptionClassName,
  footerClassName,
  ModalContent,
  overlayClassName,
} from "@/components/ui/dialog-parts";
import { slotted } from "@/components/ui/slotted";
import { cn } from "@/lib/utils";

const Dialog = slotted(DialogPrimitive.Root, "dialog");

const DialogTrigger = slotted(DialogPrimitive.Trigger, "dialog-trigger");

const DialogPortal = slotted(DialogPrimitive.Portal, "dialog-portal");

const DialogClose = slotted(DialogPrimitive.Close, "dialog-close");

const DialogOverlay = slotted(DialogPrimitive.Overlay, "dialog-overlay", overlayClassName);

function DialogContent({
  className,
  showCloseButton = true,
  ...props
}: React.ComponentProps<typeof DialogPrimitive.Content> & {
  showCloseButton?: boolean;
}) {
  return (
    <ModalContent
      kind="dialog"
      overlay={<DialogOverlay />}
      className={cn(centredPanelClassName, className)}
      showCloseButton={showCloseButton}
      closeClassName={`${closeButtonClassName} [&_svg]:pointer-events-none [&_svg]:shrink-0 [&_svg:not([class*='size-'])]:size-4`}
      {...props}
    />
  );
}

const DialogHeader = slotted(
  "div",
  "dialog-header",
  "flex flex-col gap-2 pr-8 text-center sm:text-left",
);

const DialogFooter = slotted("div", "dialog-footer", footerClassName);

const DialogTitle = slotted(
  DialogPrimitive.Title,
  "dialog-title",
  "text-lg leading-none font-semibold",
);

const DialogDescription = slotted(
  DialogPrimitive.Description,
  "dialog-description",
  descriptionClassName,
);

export {
  Dialog,
  DialogClose,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogOverlay,
  DialogPortal,
  DialogTitle,
  DialogTrigger,
};
