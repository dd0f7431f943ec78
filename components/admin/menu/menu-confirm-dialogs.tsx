"use client";

import {
  AlertDialog,
  AlertDialogAction,
  AlertDialogCancel,
  AlertDialogContent,
  AlertDialogDescription,
  AlertDialogFooter,
  AlertDialogHeader,
  AlertDialogTitle,
} from "@/components/ui/alert-dialog";
import { ConfirmDialog } from "@/components/ui/confirm-dialog";
import type { MenuItemDto } from "@/lib/contracts";

// The menu's alert dialogs: the list's delete and (un)archive, the form's locked name.

/** The delete or the (un)archive that waits for the admin's confirmation. */
export type Confirm = { kind: "delete" | "archive"; item: MenuItemDto } | null;

/** The confirmation's words; while it closes (`null`) those of an archive, as it last showed. */
function confirmTexts(confirm: Confirm) {
  if (confirm?.kind === "delete") {
    const description = `Delete "${confirm.item.name}"? This cannot be undone.`;
    return { title: "Delete Menu Item", description, action: "Delete" };
  }
  if (confirm?.item.isArchived) {
    const description = `Unarchive "${confirm.item.name}"? It will show in the menu again.`;
    return { title: "Unarchive Menu Item", description, action: "Unarchive" };
  }
  const description = `Archive "${confirm?.item.name ?? ""}"? It will no longer show in the menu.`;
  return { title: "Archive Menu Item", description, action: "Archive" };
}

export function MenuConfirmDialog({
  confirm,
  onClose,
  onConfirmed,
}: {
  confirm: Confirm;
  onClose: () => void;
  onConfirmed: () => void;
}) {
  const texts = confirmTexts(confirm);
  return (
    <ConfirmDialog
      open={confirm !== null}
      onOpenChange={(open) => (open ? null : onClose())}
      title={texts.title}
      description={texts.description}
      actionLabel={texts.action}
      onConfirm={onConfirmed}
    />
  );
}

/** Shown on a press of the locked name of an item with orders: keep it, or edit a copy. */
export function LockedNameDialog({
  open,
  onOpenChange,
  duplicating,
  onDuplicate,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  duplicating: boolean;
  onDuplicate: () => void;
}) {
  return (
    <AlertDialog open={open} onOpenChange={onOpenChange}>
      <AlertDialogContent>
        <AlertDialogHeader>
          <AlertDialogTitle>Cannot Change Menu Item Name</AlertDialogTitle>
          <AlertDialogDescription>
            This menu item already has orders, so its name cannot be changed. Keep the current name,
            or duplicate the item and give the new copy a different name.
          </AlertDialogDescription>
        </AlertDialogHeader>
        <AlertDialogFooter>
          <AlertDialogCancel>Keep Current Name</AlertDialogCancel>
          <AlertDialogAction
            disabled={duplicating}
            onClick={(event) => {
              // The dialog stays open until the copy is made.
              event.preventDefault();
              onDuplicate();
            }}
          >
            Duplicate Item
          </AlertDialogAction>
        </AlertDialogFooter>
      </AlertDialogContent>
    </AlertDialog>
  );
}
