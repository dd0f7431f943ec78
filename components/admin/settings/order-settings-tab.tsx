"use client";

import { zodResolver } from "@hookform/resolvers/zod";
import { useForm } from "react-hook-form";
import { SettingCard } from "@/components/admin/settings/setting-card";
import { useCutoffSetting } from "@/components/admin/settings/use-settings-queries";
import { FormControl } from "@/components/ui/form";
import { LabelledField } from "@/components/ui/form-fields";
import {
  Select,
  SelectContent,
  SelectItem,
  SelectTrigger,
  SelectValue,
} from "@/components/ui/select";
import { cutoffTimeSchema, type CutoffTimeInput } from "@/lib/validations/settings";

const pad = (n: number) => String(n).padStart(2, "0");
const HOURS = Array.from({ length: 24 }, (_, i) => i);
const MINUTES = Array.from({ length: 60 }, (_, i) => i);
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
    <SettingCard
      setting={setting}
      title="Same-Day Cutoff Time"
      description="Orders for today close at this time (school time). Later days stay open."
      form={form}
      submitLabel="Save Cutoff Time"
    >
      <div className="flex flex-wrap items-end gap-3">
        <TimePartField name="hour" label="Hour" options={HOURS} form={form} />
        <span className="pb-2 text-lg font-semibold" aria-hidden>
          :
        </span>
        <TimePartField name="minute" label="Minute" options={MINUTES} form={form} />
      </div>
    </SettingCard>
  );
}

function TimePartField({
  name,
  label,
  options,
  form,
}: {
  name: keyof CutoffTimeInput;
  label: string;
  options: number[];
  form: ReturnType<typeof useForm<CutoffTimeInput>>;
}) {
  return (
    <LabelledField
      control={form.control}
      name={name}
      label={label}
      render={(field) => (
        <Select value={pad(field.value)} onValueChange={(value) => field.onChange(Number(value))}>
          <FormControl>
            <SelectTrigger className="w-24">
              <SelectValue />
            </SelectTrigger>
          </FormControl>
          <SelectContent className="max-h-64">
            {options.map((n) => (
              <SelectItem key={n} value={pad(n)}>
                {pad(n)}
              </SelectItem>
            ))}
          </SelectContent>
        </Select>
      )}
    />
  );
}
