"use client";

import { zodResolver } from "@hookform/resolvers/zod";
import { useForm, useWatch, type FieldPath } from "react-hook-form";
import { SettingCard } from "@/components/admin/settings/setting-card";
import { usePaymentBypassSetting } from "@/components/admin/settings/use-settings-queries";
import { SwitchField, TextField } from "@/components/ui/form-fields";
import {
  paymentBypassSchema,
  type PaymentBypassInput,
  type PaymentBypassValues,
} from "@/lib/validations/settings";

const EMPTY: PaymentBypassValues = {
  enabled: false,
  airtelMoney: { name: "", number: "" },
  mtnMoney: { name: "", number: "" },
  bankTransfer: { bankName: "", accountName: "", accountNumber: "", branchName: "", swiftCode: "" },
};

/** The fields of each method, in the order the form shows them. */
const METHODS: {
  legend: string;
  fields: { name: FieldPath<PaymentBypassInput>; label: string; type?: string }[];
}[] = [
  {
    legend: "Airtel Money",
    fields: [
      { name: "airtelMoney.name", label: "Airtel Money Account Name" },
      { name: "airtelMoney.number", label: "Airtel Money Phone Number", type: "tel" },
    ],
  },
  {
    legend: "MTN Money",
    fields: [
      { name: "mtnMoney.name", label: "MTN Money Account Name" },
      { name: "mtnMoney.number", label: "MTN Money Phone Number", type: "tel" },
    ],
  },
  {
    legend: "Bank Transfer Details",
    fields: [
      { name: "bankTransfer.bankName", label: "Bank Name" },
      { name: "bankTransfer.accountName", label: "Account Name" },
      { name: "bankTransfer.accountNumber", label: "Account Number" },
      { name: "bankTransfer.branchName", label: "Branch Name" },
      { name: "bankTransfer.swiftCode", label: "Swift Code" },
    ],
  },
];

/** Settings › Payment Settings: 'Alternative Payment Methods' (spec 001 §2, §3). */
export function PaymentSettingsTab() {
  const setting = usePaymentBypassSetting();
  const form = useForm<PaymentBypassInput, unknown, PaymentBypassValues>({
    resolver: zodResolver(paymentBypassSchema),
    defaultValues: EMPTY,
    values: setting.query.data,
  });
  const enabled = useWatch({ control: form.control, name: "enabled" });

  return (
    <SettingCard
      setting={setting}
      title="Alternative Payment Methods"
      description="When enabled, parents are told that other ways to pay are available."
      form={form}
      className="grid gap-6"
      submitLabel="Save Payment Settings"
    >
      <SwitchField
        control={form.control}
        name="enabled"
        label="Enable alternative payment methods"
      />
      {enabled &&
        METHODS.map(({ legend, fields }) => (
          <fieldset key={legend} className="grid gap-3 sm:grid-cols-2">
            <legend className="mb-2 font-medium">{legend}</legend>
            {fields.map(({ name, label, type = "text" }) => (
              <TextField
                key={name}
                control={form.control}
                name={name}
                label={label}
                type={type}
                autoComplete="off"
              />
            ))}
          </fieldset>
        ))}
    </SettingCard>
  );
}
