"use client";

import type { ReactNode } from "react";
import type { FieldValues, UseFormReturn } from "react-hook-form";
import { FormCard } from "@/components/ui/form-card";

/**
 * The card of one settings key (useSetting in use-settings-queries.ts): its form saves through
 * the key's POST; its fields and button wait while the saved values load, the button while a save
 * is under way.
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
    query: { isPending: boolean };
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
      submitLabel={submitLabel}
      pendingLabel="Saving..."
    >
      {children}
    </FormCard>
  );
}
