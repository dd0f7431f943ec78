"use client";

import { zodResolver } from "@hookform/resolvers/zod";
import { useForm } from "react-hook-form";
import { useCutoffSetting } from "@/components/admin/settings/use-settings-queries";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { Form, FormControl } from "@/components/ui/form";
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
  const { query, save } = useCutoffSetting();
  const form = useForm<CutoffTimeInput>({
    resolver: zodResolver(cutoffTimeSchema),
    defaultValues: DEFAULT_TIME,
    values: query.data
      ? { hour: query.data.cutoffHour, minute: query.data.cutoffMinute }
      : undefined,
  });

  return (
    <Card>
      <CardHeader>
        <CardTitle>Same-Day Cutoff Time</CardTitle>
        <CardDescription>
          Orders for today close at this time (school time). Later days stay open.
        </CardDescription>
      </CardHeader>
      <CardContent>
        <Form {...form}>
          <form
            noValidate
            className="grid gap-4"
            onSubmit={form.handleSubmit((values) => save.mutate(values))}
          >
            <div className="flex flex-wrap items-end gap-3">
              <TimePartField name="hour" label="Hour" options={HOURS} form={form} />
              <span className="pb-2 text-lg font-semibold" aria-hidden>
                :
              </span>
              <TimePartField name="minute" label="Minute" options={MINUTES} form={form} />
            </div>
            <div>
              <Button type="submit" disabled={save.isPending || query.isPending}>
                {save.isPending ? "Saving..." : "Save Cutoff Time"}
              </Button>
            </div>
          </form>
        </Form>
      </CardContent>
    </Card>
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
