"use client";

import type { FormEvent, ReactNode } from "react";
import type { FieldValues, UseFormReturn } from "react-hook-form";
import { Button } from "@/components/ui/button";
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from "@/components/ui/dialog";
import { Form } from "@/components/ui/form";
import { SubmitButton } from "@/components/ui/form-fields";
import { NO_SCRIPT_ACTION } from "@/lib/contracts/auth-form";

/**
 * On a touch screen, opening a form dialog focuses the dialog itself, not its first field: Radix
 * would focus and select the field, and the keyboard that opens would cover the dialog (issue 24
 * §5). A keyboard user still lands in the dialog, on the first field from the first Tab.
 */
function focusDialogOnPhones(event: Event) {
  if (!window.matchMedia?.("(pointer: coarse)").matches) return;
  event.preventDefault();
  (event.currentTarget as HTMLElement | null)?.focus();
}

/**
 * A dialog holding one react-hook-form form: title, description, the fields, and a footer with
 * Cancel (closes the dialog) and the submit button, disabled and relabelled while `pending`.
 * `after` comes below the form, inside the dialog.
 */
export function FormDialog<TValues extends FieldValues, TContext, TTransformed>({
  open,
  onOpenChange,
  title,
  description,
  className,
  form,
  onSubmit,
  pending,
  submitLabel,
  pendingLabel,
  children,
  after,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: ReactNode;
  description: ReactNode;
  /** The dialog's own classes (a long form scrolls: "max-h-[90dvh] overflow-y-auto"). */
  className?: string;
  form: UseFormReturn<TValues, TContext, TTransformed>;
  onSubmit: (event: FormEvent<HTMLFormElement>) => unknown;
  pending: boolean;
  submitLabel: string;
  pendingLabel: string;
  children: ReactNode;
  after?: ReactNode;
}) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className={className} onOpenAutoFocus={focusDialogOnPhones}>
        <DialogHeader>
          <DialogTitle>{title}</DialogTitle>
          <DialogDescription>{description}</DialogDescription>
        </DialogHeader>
        <Form {...form}>
          <form
            method="post"
            action={NO_SCRIPT_ACTION}
            onSubmit={(event) => void onSubmit(event)}
            className="grid gap-4"
            noValidate
          >
            {children}
            <DialogFooter>
              <Button type="button" variant="outline" onClick={() => onOpenChange(false)}>
                Cancel
              </Button>
              <SubmitButton pending={pending} label={submitLabel} pendingLabel={pendingLabel} />
            </DialogFooter>
          </form>
        </Form>
        {after}
      </DialogContent>
    </Dialog>
  );
}
