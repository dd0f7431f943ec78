"use client";

import { zodResolver } from "@hookform/resolvers/zod";
import { useForm } from "react-hook-form";
import { SettingCard } from "@/components/admin/settings/setting-card";
import { useWalletSetting } from "@/components/admin/settings/use-settings-queries";
import { TextField } from "@/components/ui/form-fields";
import { fromNgwee } from "@/lib/money";
import { walletSettingsSchema } from "@/lib/validations/wallet";

/**
 * Settings › Payment Settings (issue 47): the smallest and the largest wallet top-up a parent may
 * make, K20 and K2,000 until the office saves its own.
 */
export function WalletCard() {
  const { query, save } = useWalletSetting();
  const form = useForm({
    resolver: zodResolver(walletSettingsSchema),
    defaultValues: { minTopUp: "20.00", maxTopUp: "2000.00" },
    values: query.data,
  });
  // The form checks the amounts as ngwee; the call sends them as kwacha again.
  const setting = {
    query,
    save: {
      isPending: save.isPending,
      mutate: (limits: { minTopUp: number; maxTopUp: number }) =>
        save.mutate({ minTopUp: fromNgwee(limits.minTopUp), maxTopUp: fromNgwee(limits.maxTopUp) }),
    },
  };

  return (
    <SettingCard
      setting={setting}
      title="Wallet Top-ups"
      description="Parents top up their wallet by card or mobile money, without a fee, and the wallet pays their next orders. Each top-up must be between these amounts."
      form={form}
      className="grid gap-4 sm:grid-cols-2"
      submitLabel="Save Wallet Limits"
    >
      <TextField
        control={form.control}
        name="minTopUp"
        label="Smallest top-up (K)"
        inputMode="decimal"
      />
      <TextField
        control={form.control}
        name="maxTopUp"
        label="Largest top-up (K)"
        inputMode="decimal"
      />
    </SettingCard>
  );
}
