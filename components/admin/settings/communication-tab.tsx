"use client";

import { zodResolver } from "@hookform/resolvers/zod";
import { useForm } from "react-hook-form";
import { SettingCard } from "@/components/admin/settings/setting-card";
import { useCommunicationSetting } from "@/components/admin/settings/use-settings-queries";
import { TextField } from "@/components/ui/form-fields";
import {
  communicationSchema,
  type CommunicationInput,
  type CommunicationValues,
} from "@/lib/validations/settings";

/** Settings › Communication: the support e-mail and the WhatsApp number (spec 001 §2, §5). */
export function CommunicationTab() {
  const setting = useCommunicationSetting();
  const form = useForm<CommunicationInput, unknown, CommunicationValues>({
    resolver: zodResolver(communicationSchema),
    defaultValues: { supportEmail: "", whatsappNumber: "" },
    values: setting.query.data,
  });

  return (
    <SettingCard
      setting={setting}
      title="Communication Settings"
      description="Where parents' contact messages go, and the number their WhatsApp button opens."
      form={form}
      className="grid max-w-xl gap-4"
      submitLabel="Save Communication Settings"
    >
      <TextField
        control={form.control}
        name="supportEmail"
        label="Support Email"
        type="email"
        autoComplete="off"
      />
      <TextField
        control={form.control}
        name="whatsappNumber"
        label="WhatsApp Contact Number"
        description="Include country code"
        type="tel"
        placeholder="+260 97 1234567"
      />
    </SettingCard>
  );
}
