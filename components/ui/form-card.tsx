"use client";

import type { FormEvent, ReactNode } from "react";
import type { FieldValues, UseFormReturn } from "react-hook-form";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { Form } from "@/components/ui/form";
import { SubmitButton } from "@/components/ui/form-fields";
import { NO_SCRIPT_ACTION } from "@/lib/contracts/auth-form";

/**
 * A card holding one react-hook-form form (the admin's settings and create forms): title,
 * description, the fields laid out by `className`, and the submit button under them.
 */
export function FormCard<TValues extends FieldValues, TContext, TTransformed>({
  title,
  description,
  form,
  onSubmit,
  className = "grid gap-4",
  pending,
  disabled,
  submitLabel,
  pendingLabel,
  submitClassName,
  children,
}: {
  title: ReactNode;
  description: ReactNode;
  form: UseFormReturn<TValues, TContext, TTransformed>;
  onSubmit: (event: FormEvent<HTMLFormElement>) => unknown;
  /** The form's layout. */
  className?: string;
  pending: boolean;
  /** Also while the form's data is loading; `pending` by default. */
  disabled?: boolean;
  submitLabel: string;
  pendingLabel: string;
  /** The button's cell in the form's layout. */
  submitClassName?: string;
  children: ReactNode;
}) {
  return (
    <Card>
      <CardHeader>
        <CardTitle>{title}</CardTitle>
        <CardDescription>{description}</CardDescription>
      </CardHeader>
      <CardContent>
        <Form {...form}>
          <form
            method="post"
            action={NO_SCRIPT_ACTION}
            noValidate
            className={className}
            onSubmit={(event) => void onSubmit(event)}
          >
            {children}
            <div className={submitClassName}>
              <SubmitButton
                pending={pending}
                disabled={disabled}
                label={submitLabel}
                pendingLabel={pendingLabel}
              />
            </div>
          </form>
        </Form>
      </CardContent>
    </Card>
  );
}
