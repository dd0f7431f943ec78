"use client";

import { zodResolver } from "@hookform/resolvers/zod";
import { useForm, useWatch } from "react-hook-form";
import { SettingCard } from "@/components/admin/settings/setting-card";
import { useMobileMoneySetting } from "@/components/admin/settings/use-settings-queries";
import { Checkbox } from "@/components/ui/checkbox";
import { FormControl, FormField, FormItem, FormLabel, FormMessage } from "@/components/ui/form";
import { SwitchField } from "@/components/ui/form-fields";
import { MOBILE_OPERATORS, OPERATORS } from "@/lib/contracts/mobile-money";
import { formatNgwee } from "@/lib/money";
import {
  mobileMoneySettingsSchema,
  type MobileMoneySettingsInput,
} from "@/lib/validations/settings";

const OFF: MobileMoneySettingsInput = { enabled: false, operators: { airtel: false, mtn: false } };

/** Settings › Payment Settings: mobile money through DPO, on or off, and which wallets (issue 16). */
export function MobileMoneyCard() {
  const setting = useMobileMoneySetting();
  const form = useForm<MobileMoneySettingsInput>({
    resolver: zodResolver(mobileMoneySettingsSchema),
    defaultValues: OFF,
    values: setting.query.data
      ? { enabled: setting.query.data.enabled, operators: setting.query.data.operators }
      : undefined,
  });
  const enabled = useWatch({ control: form.control, name: "enabled" });

  return (
    <SettingCard
      setting={setting}
      title="Mobile Money"
      description="When on, the Cart offers Pay with Mobile Money: the parent approves on their phone and the order is confirmed by itself. Needs mobile money on the school's DPO account."
      form={form}
      className="grid gap-4"
      submitLabel="Save Mobile Money"
    >
      <SwitchField control={form.control} name="enabled" label="Enable mobile money" />
      {enabled && (
        <fieldset className="grid gap-3">
          <legend className="mb-2 font-medium">Operators</legend>
          {MOBILE_OPERATORS.map((operator) => {
            const { label, prefixes, minNgwee, maxNgwee } = OPERATORS[operator];
            return (
              <FormField
                key={operator}
                control={form.control}
                name={`operators.${operator}`}
                render={({ field }) => (
                  <FormItem className="flex items-start gap-3">
                    <FormControl>
                      <Checkbox
                        checked={field.value}
                        onCheckedChange={(checked) => field.onChange(checked === true)}
                      />
                    </FormControl>
                    <FormLabel className="grid gap-0.5 font-normal">
                      <span className="font-medium">{label}</span>
                      <span className="text-xs text-muted-foreground">
                        {prefixes.map((p) => `0${p}`).join(", ")} · {formatNgwee(minNgwee)} to{" "}
                        {formatNgwee(maxNgwee)} a payment
                      </span>
                    </FormLabel>
                  </FormItem>
                )}
              />
            );
          })}
          <FormField
            control={form.control}
            name="operators"
            render={() => (
              <FormItem>
                <FormMessage />
              </FormItem>
            )}
          />
        </fieldset>
      )}
    </SettingCard>
  );
}
