"use client";

import type { ReactNode } from "react";
import type { FieldValues, UseFormReturn } from "react-hook-form";
import { FormCard } from "@/components/ui/form-card";

/**
 * The card of one settings key (useSetting in use-settings-queries.ts): its form saves through
 * the key's POST; its fields and button wait while the saved values load, the button while a save
 * is under way. When the saved values could not be loaded the card stays closed, with a way to
 * ask again: its fields would otherwise show the form's defaults, and saving would write them.
 */
export function SettingCard<TValues extends FieldValues, TContext, TTransformed>({
  setting: { query, save },
  form,
  title,
  description,
  className,
  submitLabel,
  children,
}: {
  setting: {
    query: { isPending: boolean; isError: boolean; data?: unknown; refetch: () => unknown };
    save: { isPending: boolean; mutate: (values: TTransformed) => void };
  };
  form: UseFormReturn<TValues, TContext, TTransformed>;
  title: string;
  description: string;
  className?: string;
  submitLabel: string;
  children: ReactNode;
}) {
  return (
    <FormCard
      title={title}
      description={description}
      form={form}
      onSubmit={form.handleSubmit((values) => save.mutate(values))}
      className={className}
      pending={save.isPending}
      disabled={save.isPending}
      loading={query.isPending}
      onLoadRetry={savedValuesMissing(query) ? () => void query.refetch() : undefined}
      submitLabel={submitLabel}
      pendingLabel="Saving..."
    >
      {children}
    </FormCard>
  );
}

/** The query failed before it had any saved values (a failed refetch keeps the ones it had). */
export function savedValuesMissing(query: { isError: boolean; data?: unknown }): boolean {
  return query.isError && query.data === undefined;
}
