"use client";

import { zodResolver } from "@hookform/resolvers/zod";
import { useForm } from "react-hook-form";
import { SettingCard } from "@/components/admin/settings/setting-card";
import { useCounterSetting } from "@/components/admin/settings/use-settings-queries";
import { TextField } from "@/components/ui/form-fields";
import { fromNgwee } from "@/lib/money";
import { counterSettingsSchema } from "@/lib/validations/counter";

/**
 * Settings › Payment Settings (issue 47): what a child may spend at the counter in one school day
 * until their parent sets their own limit, K50 until the office saves its own.
 */
export function CounterLimitCard() {
  const { query, save } = useCounterSetting();
  const form = useForm({
    resolver: zodResolver(counterSettingsSchema),
    defaultValues: { dailyLimit: "50.00" },
    values: query.data,
  });
  // The form checks the amount as ngwee; the call sends it as kwacha again.
  const setting = {
    query,
    save: {
      isPending: save.isPending,
      mutate: (values: { dailyLimit: number }) =>
        save.mutate({ dailyLimit: fromNgwee(values.dailyLimit) }),
    },
  };

  return (
    <SettingCard
      setting={setting}
      title="Counter Daily Limit"
      description="What a child may spend at the counter in one school day, unless their parent sets their own limit. 0 closes the counter to children without one."
      form={form}
      className="grid gap-4 sm:grid-cols-2"
      submitLabel="Save Counter Limit"
    >
      <TextField
        control={form.control}
        name="dailyLimit"
        label="Daily limit per child (K)"
        inputMode="decimal"
      />
    </SettingCard>
  );
}
