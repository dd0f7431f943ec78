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
    query: SavedValuesQuery;
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
      loadFailed={loadFailed(query)}
      submitLabel={submitLabel}
      pendingLabel="Saving..."
    >
      {children}
    </FormCard>
  );
}

type SavedValuesQuery = {
  isPending: boolean;
  isError: boolean;
  isFetching: boolean;
  data?: unknown;
  refetch: () => unknown;
};

/**
 * FormCard's `loadFailed` when the query failed before it had any saved values (a refetch that
 * fails after them keeps the ones it had, and the card stays open on them).
 */
export function loadFailed(query: SavedValuesQuery) {
  if (!query.isError || query.data !== undefined) return undefined;
  return { retry: () => void query.refetch(), retrying: query.isFetching };
}
