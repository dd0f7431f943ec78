"use client";

import { zodResolver } from "@hookform/resolvers/zod";
import { useQuery } from "@tanstack/react-query";
import { useMemo, useState } from "react";
import { Controller, useForm } from "react-hook-form";
import { z } from "zod";
import { ChoiceGroup } from "@/components/portal/choice-group";
import { useMobileMoney } from "@/components/portal/use-portal-queries";
import { FormDialog } from "@/components/ui/form-dialog";
import { TextField } from "@/components/ui/form-fields";
import { api, errorMessage } from "@/lib/client/api";
import { queryKeys } from "@/lib/client/query-keys";
import { topUpLimitError, type WalletSettingsDto } from "@/lib/contracts/wallet";
import { formatZmw, fromNgwee, toNgwee } from "@/lib/money";
import { AMOUNT_FORMAT } from "@/lib/validations/wallet";

// The wallet's "Top up" (issue 47): an amount within the school's limits and a way to pay. A card
// goes to DPO's pay page (the return page credits it); mobile money hands the amount to the
// mobile-money dialog (`onMobile`), which pushes it to the phone and waits. No fee is added.

type Values = { amount: string; method: "CC" | "MOBILE" };

function schemaFor(limits: WalletSettingsDto | undefined) {
  return z.object({
    amount: z.string().superRefine((value, ctx) => {
      let ngwee: number;
      try {
        ngwee = toNgwee(value);
      } catch {
        ngwee = 0;
      }
      if (ngwee <= 0) return void ctx.addIssue({ code: "custom", message: AMOUNT_FORMAT });
      const limit = limits ? topUpLimitError(ngwee, limits) : null;
      if (limit) ctx.addIssue({ code: "custom", message: limit });
    }),
    method: z.enum(["CC", "MOBILE"]),
  });
}

export function TopUpDialog({
  open,
  onOpenChange,
  onMobile,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** Mobile money chosen: the amount (ngwee) for the mobile-money dialog. */
  onMobile: (amountNgwee: number) => void;
}) {
  const limits = useQuery({
    queryKey: queryKeys.walletSettings,
    queryFn: () => api("/api/settings/wallet"),
  }).data;
  const mobile = useMobileMoney().data;
  const schema = useMemo(() => schemaFor(limits), [limits]);
  const form = useForm<Values>({
    resolver: zodResolver(schema),
    defaultValues: { amount: "", method: "CC" },
  });
  const [pending, setPending] = useState(false);
  const [error, setError] = useState<string | null>(null);

  async function submit(values: Values) {
    const amountNgwee = toNgwee(values.amount);
    if (values.method === "MOBILE") return onMobile(amountNgwee);
    setPending(true);
    setError(null);
    try {
      const answer = await api("/api/account/top-up", {
        method: "POST",
        body: { amount: fromNgwee(amountNgwee), paymentMethod: "CC" },
      });
      if (!("paymentUrl" in answer)) throw new Error("Invalid payment response received");
      window.location.assign(answer.paymentUrl);
    } catch (failure) {
      setError(errorMessage(failure, "The top-up could not be started. Please try again."));
      setPending(false);
    }
  }

  const choices = [
    { value: "CC", label: "Card", description: "Visa or Mastercard, on DPO's secure page" },
    ...(mobile?.enabled
      ? [{ value: "MOBILE", label: "Mobile money", description: "Airtel Money or MTN MoMo" }]
      : []),
  ];
  return (
    <FormDialog
      open={open}
      onOpenChange={(next) => !pending && onOpenChange(next)}
      title="Top up your wallet"
      description="The wallet pays for your next orders automatically. No fee is added."
      form={form}
      onSubmit={form.handleSubmit(submit)}
      pending={pending}
      submitLabel="Continue"
      pendingLabel="Opening the payment page..."
      after={
        error ? (
          <p role="alert" className="text-sm break-words text-destructive">
            {error}
          </p>
        ) : null
      }
    >
      <TextField
        control={form.control}
        name="amount"
        label="Amount (K)"
        inputMode="decimal"
        autoComplete="off"
        placeholder="200.00"
        description={
          limits
            ? `From ${formatZmw(limits.minTopUp)} to ${formatZmw(limits.maxTopUp)}.`
            : undefined
        }
      />
      {choices.length > 1 && (
        <Controller
          control={form.control}
          name="method"
          render={({ field }) => (
            <ChoiceGroup
              legend="Pay by"
              name="top-up-method"
              choices={choices}
              value={field.value}
              onChange={field.onChange}
            />
          )}
        />
      )}
    </FormDialog>
  );
}
