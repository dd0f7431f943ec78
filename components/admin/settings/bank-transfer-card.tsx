"use client";

import { zodResolver } from "@hookform/resolvers/zod";
import { useForm } from "react-hook-form";
import { SettingCard } from "@/components/admin/settings/setting-card";
import { useBankTransferSetting } from "@/components/admin/settings/use-settings-queries";
import { SwitchField } from "@/components/ui/form-fields";
import {
  bankTransferSettingSchema,
  type BankTransferSettingInput,
} from "@/lib/validations/settings";

/**
 * Settings › Payment Settings (issue 44): whether parents may order now and pay later by transfer,
 * the alternative payment methods' button. On by default; off, every meal is paid before it is
 * ordered (card, or mobile money by push).
 */
export function BankTransferCard() {
  const setting = useBankTransferSetting();
  const form = useForm<BankTransferSettingInput>({
    resolver: zodResolver(bankTransferSettingSchema),
    defaultValues: { enabled: true },
    values: setting.query.data,
  });

  return (
    <SettingCard
      setting={setting}
      title="Pay Later by Transfer"
      description="When on and the alternative payment methods are enabled, the Cart offers to order now and pay by bank transfer (or by sending mobile money by hand). The meals are marked unpaid in the kitchen, on the labels and on the class lists until Pending Payments verifies them. Off, parents pay before ordering."
      form={form}
      className="grid gap-4"
      submitLabel="Save Bank Transfer"
    >
      <SwitchField
        control={form.control}
        name="enabled"
        label="Let parents order now and pay by bank transfer"
      />
    </SettingCard>
  );
}
