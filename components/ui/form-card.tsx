"use client";

import { useEffect, useRef, type FormEvent, type ReactNode } from "react";
import type { FieldValues, UseFormReturn } from "react-hook-form";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { Form } from "@/components/ui/form";
import { SubmitButton } from "@/components/ui/form-fields";
import { NO_SCRIPT_ACTION } from "@/lib/contracts/auth-form";

/** What a card says when its saved values could not be loaded (its fields stay closed). */
export const SAVED_VALUES_FAILED =
  "The saved settings could not be loaded, so this form stays closed: saving it now would replace them.";

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
  loadFailed,
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
  /**
   * The saved values could not be loaded: the fields stay closed (as while loading), the card
   * says why, and `retry` asks for them again (`retrying` while it does). When they come, the
   * first field takes the focus that Try again had.
   */
  loadFailed?: { retry: () => void; retrying: boolean };
  submitLabel: string;
  pendingLabel: string;
  /** The button's cell in the form's layout. */
  submitClassName?: string;
  children: ReactNode;
}) {
  const closed = loading || loadFailed !== undefined;
  const fields = useRef<HTMLFieldSetElement>(null);
  const retried = useRef(false);
  useEffect(() => {
    if (closed || !retried.current) return;
    retried.current = false;
    fields.current?.querySelector<HTMLElement>("input, select, textarea, button")?.focus();
  }, [closed]);
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
            onSubmit={(event) => {
              // Closed, nothing is sent, whatever submitted it (the button is disabled too).
              if (closed) event.preventDefault();
              else void onSubmit(event);
            }}
          >
            {loadFailed && (
              <div
                role="alert"
                className="col-span-full flex flex-col items-start gap-3 rounded-lg border border-destructive/40 bg-destructive/10 p-4 text-sm"
              >
                <p>{SAVED_VALUES_FAILED}</p>
                <Button
                  type="button"
                  variant="outline"
                  disabled={loadFailed.retrying}
                  onClick={() => {
                    retried.current = true;
                    loadFailed.retry();
                  }}
                >
                  {loadFailed.retrying ? "Trying again..." : "Try again"}
                </Button>
              </div>
            )}
            {/* `contents`: the fields stay cells of the form's own layout. */}
            <fieldset
              ref={fields}
              disabled={closed}
              aria-busy={loading || loadFailed?.retrying || undefined}
              className="contents"
            >
              {children}
            </fieldset>
            <div className={submitClassName}>
              <SubmitButton
                pending={pending}
                disabled={(disabled ?? pending) || closed}
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
