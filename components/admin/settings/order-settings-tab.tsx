"use client";

import { zodResolver } from "@hookform/resolvers/zod";
import { useForm } from "react-hook-form";
import { ReminderSettingsCard } from "@/components/admin/settings/reminder-settings-card";
import { SettingCard } from "@/components/admin/settings/setting-card";
import { useCutoffSetting } from "@/components/admin/settings/use-settings-queries";
import { TimeFields } from "@/components/admin/settings/time-part-field";
import { cutoffTimeSchema, type CutoffTimeInput } from "@/lib/validations/settings";

/** Spec 001 §5, §9: shown as 08:00 until the school's own cut-off has loaded. */
const DEFAULT_TIME: CutoffTimeInput = { hour: 8, minute: 0 };

/** Settings › Order Settings: the same-day cut-off, hour 00-23 and minute 00-59 (spec 001 §2). */
export function OrderSettingsTab() {
  const setting = useCutoffSetting();
  const saved = setting.query.data;
  const form = useForm<CutoffTimeInput>({
    resolver: zodResolver(cutoffTimeSchema),
    defaultValues: DEFAULT_TIME,
    values: saved && { hour: saved.cutoffHour, minute: saved.cutoffMinute },
  });

  return (
    <div className="grid gap-4">
      <SettingCard
        setting={setting}
        title="Same-Day Cutoff Time"
        description="Orders for today close at this time (school time). Later days stay open."
        form={form}
        submitLabel="Save Cutoff Time"
      >
        <TimeFields form={form} />
      </SettingCard>
      <ReminderSettingsCard />
    </div>
  );
}
