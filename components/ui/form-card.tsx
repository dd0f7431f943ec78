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
  loading = false,
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
  /** The button's; `pending` by default. */
  disabled?: boolean;
  /**
   * The form's saved values are still on their way: its fields wait for them, disabled, since
   * the form takes them when they come and anything typed before would be lost.
   */
  loading?: boolean;
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
            {/* `contents`: the fields stay cells of the form's own layout. */}
            <fieldset disabled={loading} aria-busy={loading || undefined} className="contents">
              {children}
            </fieldset>
            <div className={submitClassName}>
              <SubmitButton
                pending={pending}
                disabled={(disabled ?? pending) || loading}
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
