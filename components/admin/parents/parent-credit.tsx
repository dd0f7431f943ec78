"use client";

import { zodResolver } from "@hookform/resolvers/zod";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { Wallet } from "lucide-react";
import { useState } from "react";
import { useForm } from "react-hook-form";
import { toastError, toastSuccess, useErrorToast } from "@/components/notifications/toast";
import { useSchoolBrand } from "@/components/school-brand";
import { Button } from "@/components/ui/button";
import { FormDialog } from "@/components/ui/form-dialog";
import { TextField } from "@/components/ui/form-fields";
import { api } from "@/lib/client/api";
import { formatInstant } from "@/lib/client/format";
import { queryKeys } from "@/lib/client/query-keys";
import { formatZmw } from "@/lib/money";
import {
  creditAdjustmentSchema,
  type CreditAdjustmentInput,
  type CreditAdjustmentValues,
} from "@/lib/validations/credit";

// A parent's account credit in Parents & Students (issue 17): the balance, the latest movements,
// and Adjust credit (a positive amount adds, a negative one removes; never below zero).

const signed = (amount: string) =>
  amount.startsWith("-") ? `−${formatZmw(amount.slice(1))}` : `+${formatZmw(amount)}`;

export function ParentCredit({ parent }: { parent: { id: number; username: string } }) {
  const { timeZone } = useSchoolBrand();
  const [adjusting, setAdjusting] = useState(false);
  const credit = useQuery({
    queryKey: queryKeys.parentCredit(parent.id),
    queryFn: () => api(`/api/parents/${parent.id}/credit`),
  });
  useErrorToast(credit.error, "Failed to fetch the account's credit");
  const entries = credit.data?.entries.slice(0, 5) ?? [];

  return (
    <section aria-label={`Account credit of ${parent.username}`} className="grid gap-2 text-sm">
      <div className="flex flex-wrap items-center gap-3">
        <span className="flex items-center gap-1.5 font-medium">
          <Wallet aria-hidden className="size-4" /> Account credit:{" "}
          {credit.data ? formatZmw(credit.data.balance) : "…"}
        </span>
        <Button size="sm" variant="outline" onClick={() => setAdjusting(true)}>
          Adjust credit
        </Button>
      </div>
      {entries.length > 0 && (
        <ul className="grid gap-1" aria-label={`Credit movements of ${parent.username}`}>
          {entries.map((entry) => (
            <li key={entry.id} className="flex flex-wrap gap-x-3 text-muted-foreground">
              <span className="tabular-nums">{signed(entry.amount)}</span>
              <span className="break-words">{entry.description}</span>
              <span>{formatInstant(entry.createdAt, timeZone)}</span>
            </li>
          ))}
        </ul>
      )}
      <AdjustCreditDialog parent={parent} open={adjusting} onOpenChange={setAdjusting} />
    </section>
  );
}

function AdjustCreditDialog({
  parent,
  open,
  onOpenChange,
}: {
  parent: { id: number; username: string };
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const client = useQueryClient();
  const form = useForm<CreditAdjustmentInput, unknown, CreditAdjustmentValues>({
    resolver: zodResolver(creditAdjustmentSchema),
    defaultValues: { amount: "", reason: "" },
  });
  const close = () => {
    form.reset();
    onOpenChange(false);
  };
  const adjust = useMutation({
    mutationFn: (values: CreditAdjustmentValues) =>
      api(`/api/parents/${parent.id}/credit`, { method: "POST", body: values }),
    onSuccess: (answer) => {
      client.setQueryData(queryKeys.parentCredit(parent.id), answer);
      toastSuccess(
        "Credit updated",
        `${parent.username}'s credit is now ${formatZmw(answer.balance)}.`,
      );
      close();
    },
    onError: (error) => toastError(error, "Failed to adjust the credit"),
  });

  return (
    <FormDialog
      open={open}
      onOpenChange={(next) => !next && close()}
      title="Adjust credit"
      description={
        <>Add credit to {parent.username}&apos;s account, or remove it with a minus sign.</>
      }
      form={form}
      onSubmit={form.handleSubmit((values) => adjust.mutate(values))}
      pending={adjust.isPending}
      submitLabel="Save"
      pendingLabel="Saving..."
    >
      <TextField
        control={form.control}
        name="amount"
        label="Amount (ZMW)"
        inputMode="decimal"
        placeholder="25.00 or -10.00"
      />
      <TextField control={form.control} name="reason" label="Reason" maxLength={200} />
    </FormDialog>
  );
}
