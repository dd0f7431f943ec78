"use client";

import { zodResolver } from "@hookform/resolvers/zod";
import { useQueryClient } from "@tanstack/react-query";
import { useMemo, useState } from "react";
import { useForm } from "react-hook-form";
import { toastSuccess } from "@/components/notifications/toast";
import { FormDialog } from "@/components/ui/form-dialog";
import { TextField } from "@/components/ui/form-fields";
import { api, errorMessage } from "@/lib/client/api";
import { queryKeys } from "@/lib/client/query-keys";
import { NOT_ENOUGH_TO_WITHDRAW, type WithdrawAnswer } from "@/lib/contracts/withdrawals";
import { formatZmw, fromNgwee, toNgwee } from "@/lib/money";
import type { z } from "zod";
import { withdrawSchema, type WithdrawInput } from "@/lib/validations/withdrawals";

// The wallet's "Withdraw" (issue 47): an amount up to the balance and the mobile-money number the
// school pays it to, checked as the server checks them. The amount is held at once and the office
// pays it out. No fee. Before deleting the account the amount is the whole balance (`fixed`).

function schemaFor(balance: string) {
  return withdrawSchema.refine((values) => values.amount <= toNgwee(balance), {
    message: NOT_ENOUGH_TO_WITHDRAW,
    path: ["amount"],
  });
}

export function WithdrawDialog({
  open,
  onOpenChange,
  balance,
  fixed = false,
  phone,
  title = "Withdraw from your wallet",
  onRequested,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** The wallet's balance, 2 decimals. */
  balance: string;
  /** The whole balance, not to be changed (before deleting the account). */
  fixed?: boolean;
  /** The profile's phone, offered as the number to pay. */
  phone?: string | null;
  title?: string;
  onRequested?: (answer: WithdrawAnswer) => void;
}) {
  const client = useQueryClient();
  const schema = useMemo(() => schemaFor(balance), [balance]);
  // The schema reads the amount as ngwee and the number in its national form: sent as such.
  const form = useForm<z.input<typeof schema>, unknown, WithdrawInput>({
    resolver: zodResolver(schema),
    defaultValues: { amount: fixed ? balance : "", mobileNumber: phone ?? "" },
  });
  const [pending, setPending] = useState(false);
  const [error, setError] = useState<string | null>(null);

  async function submit(parsed: WithdrawInput) {
    setPending(true);
    setError(null);
    try {
      const answer = await api("/api/account/withdraw", {
        method: "POST",
        body: { amount: fromNgwee(parsed.amount), mobileNumber: parsed.mobileNumber },
      });
      await Promise.all([
        client.invalidateQueries({ queryKey: queryKeys.accountCredit }),
        client.invalidateQueries({ queryKey: queryKeys.ownWithdrawals }),
      ]);
      toastSuccess(
        "Withdrawal requested",
        `The school will pay ${formatZmw(answer.withdrawal.amount)} to your number. No fee is taken.`,
      );
      onRequested?.(answer);
      onOpenChange(false);
    } catch (failure) {
      setError(errorMessage(failure, "The withdrawal could not be requested. Please try again."));
    } finally {
      setPending(false);
    }
  }

  return (
    <FormDialog
      open={open}
      onOpenChange={(next) => !pending && onOpenChange(next)}
      title={title}
      description={
        fixed
          ? `Your wallet holds ${formatZmw(balance)}. The school pays all of it to your mobile money number, with no fee; then your account can be deleted.`
          : `The school pays it to your mobile money number. The amount is held at once; no fee is taken. Your wallet holds ${formatZmw(balance)}.`
      }
      form={form}
      onSubmit={form.handleSubmit(submit)}
      pending={pending}
      submitLabel={fixed ? `Withdraw ${formatZmw(balance)}` : "Request withdrawal"}
      pendingLabel="Requesting..."
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
        placeholder={balance}
        readOnly={fixed}
      />
      <TextField
        control={form.control}
        name="mobileNumber"
        label="Mobile money number to pay"
        type="tel"
        inputMode="tel"
        autoComplete="tel"
        placeholder="0977 123 456"
        description="An Airtel Money or MTN MoMo number."
      />
    </FormDialog>
  );
}
