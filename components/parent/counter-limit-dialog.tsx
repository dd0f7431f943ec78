"use client";

import { zodResolver } from "@hookform/resolvers/zod";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useEffect } from "react";
import { useForm } from "react-hook-form";
import { z } from "zod";
import { toastError, toastSuccess } from "@/components/notifications/toast";
import { FormDialog } from "@/components/ui/form-dialog";
import { SwitchField, TextField } from "@/components/ui/form-fields";
import { api } from "@/lib/client/api";
import { queryKeys } from "@/lib/client/query-keys";
import { formatZmw, fromNgwee, toNgwee } from "@/lib/money";

// The counter for one child (issue 47): what the child may spend there in a school day (empty:
// the school's limit) and a switch that blocks the counter for the child altogether.

export type CounterChoice = { dailyLimit: string | null; blocked: boolean };

const amountOrEmpty = z.string().refine((value) => {
  if (value.trim() === "") return true;
  try {
    return toNgwee(value.trim()) >= 0;
  } catch {
    return false;
  }
}, "Enter an amount such as 25 or 25.50, or leave it empty for the school's limit");

const schema = z.object({ dailyLimit: amountOrEmpty, blocked: z.boolean() });
type Values = z.infer<typeof schema>;

export function CounterLimitDialog({
  student,
  current,
  schoolLimit,
  open,
  onOpenChange,
}: {
  student: { id: number; name: string };
  current: CounterChoice;
  /** The school's daily limit, "50.00", when known. */
  schoolLimit?: string;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const queryClient = useQueryClient();
  const form = useForm<Values>({
    resolver: zodResolver(schema),
    defaultValues: { dailyLimit: current.dailyLimit ?? "", blocked: current.blocked },
  });
  useEffect(() => {
    if (open) form.reset({ dailyLimit: current.dailyLimit ?? "", blocked: current.blocked });
  }, [open, current.dailyLimit, current.blocked, form]);

  const save = useMutation({
    mutationFn: (values: Values) =>
      api(`/api/students/${student.id}/counter`, {
        method: "PUT",
        body: {
          dailyLimit:
            values.dailyLimit.trim() === "" ? null : fromNgwee(toNgwee(values.dailyLimit.trim())),
          blocked: values.blocked,
        },
      }),
    onSuccess: (_answer, values) => {
      toastSuccess(
        "Counter settings saved",
        values.blocked
          ? `${student.name} cannot buy at the counter.`
          : `${student.name} may spend up to ${
              values.dailyLimit.trim() === ""
                ? "the school's limit"
                : formatZmw(fromNgwee(toNgwee(values.dailyLimit.trim())))
            } a day.`,
      );
      onOpenChange(false);
    },
    onError: (error) => toastError(error, "Failed to save the counter settings"),
    onSettled: () => queryClient.invalidateQueries({ queryKey: queryKeys.students }),
  });

  return (
    <FormDialog
      open={open}
      onOpenChange={(next) => !save.isPending && onOpenChange(next)}
      title={`Counter for ${student.name}`}
      description="What your child may buy at the canteen counter each school day, paid from your wallet."
      form={form}
      onSubmit={form.handleSubmit((values) => save.mutate(values))}
      pending={save.isPending}
      submitLabel="Save"
      pendingLabel="Saving..."
    >
      <TextField
        control={form.control}
        name="dailyLimit"
        label="Daily limit (K)"
        inputMode="decimal"
        autoComplete="off"
        placeholder={schoolLimit ?? ""}
        description={
          schoolLimit
            ? `Leave empty for the school's limit, ${formatZmw(schoolLimit)} a day.`
            : "Leave empty for the school's limit."
        }
      />
      <SwitchField
        control={form.control}
        name="blocked"
        label={`Block the counter for ${student.name}`}
      />
    </FormDialog>
  );
}
