"use client";

import { zodResolver } from "@hookform/resolvers/zod";
import { useForm } from "react-hook-form";
import { TimeFields } from "@/components/admin/settings/time-part-field";
import { SettingCard } from "@/components/admin/settings/setting-card";
import { useReminderSetting } from "@/components/admin/settings/use-settings-queries";
import { SwitchField } from "@/components/ui/form-fields";
import { reminderSettingsSchema, type ReminderSettingsInput } from "@/lib/validations/settings";

/** Off at 17:00 until the school's own settings have loaded. */
const DEFAULT_REMINDERS: ReminderSettingsInput = { enabled: false, hour: 17, minute: 0 };

/** Settings › Order Settings: order reminders the day before each school day (issue 19). */
export function ReminderSettingsCard() {
  const setting = useReminderSetting();
  const form = useForm<ReminderSettingsInput>({
    resolver: zodResolver(reminderSettingsSchema),
    defaultValues: DEFAULT_REMINDERS,
    values: setting.query.data,
  });

  return (
    <SettingCard
      setting={setting}
      title="Order Reminders"
      description="At this time (school time) on the day before each open school day, families with a child not yet ordered for get one e-mail. Each account can turn them off."
      form={form}
      submitLabel="Save Reminders"
    >
      <SwitchField control={form.control} name="enabled" label="Send order reminders" />
      <TimeFields form={form} labels={["Reminder hour", "Reminder minute"]} />
    </SettingCard>
  );
}
