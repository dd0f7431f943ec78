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
import { buttonVariants } from "@/components/ui/button";
import type { DeleteTarget, ForcePrompt } from "./use-parents-queries";

/** The first confirmation of a parent's or a student's deletion. */
export function ConfirmDeleteDialog({
  target,
  onCancel,
  onConfirm,
}: {
  target: DeleteTarget | null;
  onCancel: () => void;
  onConfirm: (target: DeleteTarget) => void;
}) {
  return (
    <AlertDialog open={target !== null} onOpenChange={(open) => !open && onCancel()}>
      <AlertDialogContent>
        <AlertDialogHeader>
          <AlertDialogTitle>
            {target?.kind === "parent" ? "Delete Parent" : "Delete Student"}
          </AlertDialogTitle>
          <AlertDialogDescription>
            {target?.kind === "parent"
              ? `Are you sure you want to delete ${target.label} and their students? This action cannot be undone.`
              : `Are you sure you want to delete ${target?.label}? This action cannot be undone.`}
          </AlertDialogDescription>
        </AlertDialogHeader>
        <AlertDialogFooter>
          <AlertDialogCancel>Cancel</AlertDialogCancel>
          <AlertDialogAction
            className={buttonVariants({ variant: "destructive" })}
            onClick={() => target && onConfirm(target)}
          >
            Delete
          </AlertDialogAction>
        </AlertDialogFooter>
      </AlertDialogContent>
    </AlertDialog>
  );
}

/** The second, forced deletion's warning, with the order count the server gave (spec 001 §4). */
export function ForceDeleteDialog({
  prompt,
  onCancel,
  onConfirm,
}: {
  prompt: ForcePrompt | null;
  onCancel: () => void;
  onConfirm: (prompt: ForcePrompt) => void;
}) {
  const orders = prompt
    ? `${prompt.orderCount} ${prompt.orderCount === 1 ? "order" : "orders"}`
    : "";
  return (
    <AlertDialog open={prompt !== null} onOpenChange={(open) => !open && onCancel()}>
      <AlertDialogContent>
        <AlertDialogHeader>
          <AlertDialogTitle>Force Delete?</AlertDialogTitle>
          <AlertDialogDescription>
            {prompt?.kind === "parent"
              ? `${prompt.label} has ${orders}. Force deleting removes the parent, their students, all their orders, payment records and discount codes. This cannot be undone.`
              : `${prompt?.label} has ${orders}. Force deleting removes the student and all their orders. This cannot be undone.`}
          </AlertDialogDescription>
        </AlertDialogHeader>
        <AlertDialogFooter>
          <AlertDialogCancel>Cancel</AlertDialogCancel>
          <AlertDialogAction
            className={buttonVariants({ variant: "destructive" })}
            onClick={() => prompt && onConfirm(prompt)}
          >
            Force Delete
          </AlertDialogAction>
        </AlertDialogFooter>
      </AlertDialogContent>
    </AlertDialog>
  );
}
