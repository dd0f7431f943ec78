"use client";

import { ConfirmDialog } from "@/components/ui/confirm-dialog";
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
    <ConfirmDialog
      open={target !== null}
      onOpenChange={(open) => !open && onCancel()}
      title={target?.kind === "parent" ? "Delete Parent" : "Delete Student"}
      description={
        target?.kind === "parent"
          ? `Are you sure you want to delete ${target.label} and their students? This action cannot be undone.`
          : `Are you sure you want to delete ${target?.label}? This action cannot be undone.`
      }
      actionLabel="Delete"
      destructive
      onConfirm={() => target && onConfirm(target)}
    />
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
    <ConfirmDialog
      open={prompt !== null}
      onOpenChange={(open) => !open && onCancel()}
      title="Force Delete?"
      description={
        prompt?.kind === "parent"
          ? `${prompt.label} has ${orders}. Force deleting removes the parent, their students, all their orders, payment records and discount codes. This cannot be undone.`
          : `${prompt?.label} has ${orders}. Force deleting removes the student and all their orders. This cannot be undone.`
      }
      actionLabel="Force Delete"
      destructive
      onConfirm={() => prompt && onConfirm(prompt)}
    />
  );
}
