"use client";

import { zodResolver } from "@hookform/resolvers/zod";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useEffect } from "react";
import { useForm } from "react-hook-form";
import { z } from "zod";
import { toastError, toastSuccess } from "@/components/notifications/toast";
import { FormDialog } from "@/components/ui/form-dialog";
import { SwitchField, TextField } from "@/components/ui/form-fields";
import { api } from "@/lib/client/api";
import { queryKeys } from "@/lib/client/query-keys";
import type { StudentDto } from "@/lib/contracts";
import { formatZmw } from "@/lib/money";
import { LIMIT_FORMAT } from "@/lib/validations/counter";

// A parent's say over their child at the counter (issue 47): the child's own daily limit (blank:
// the school's) and a block. PUT /api/students/{id}/counter checks the amount again.

const formSchema = z.object({
  dailyLimit: z
    .string()
    .trim()
    .regex(/^(\d{1,9}(\.\d{1,2})?)?$/, LIMIT_FORMAT),
  blocked: z.boolean(),
});
type CounterLimitValues = z.infer<typeof formSchema>;

const valuesOf = (student: StudentDto | null): CounterLimitValues => ({
  dailyLimit: student?.counterDailyLimit ?? "",
  blocked: student?.counterBlocked ?? false,
});

export function CounterLimitDialog({
  student,
  onOpenChange,
}: {
  /** The child whose counter is set; null: closed. */
  student: StudentDto | null;
  onOpenChange: (open: boolean) => void;
}) {
  const queryClient = useQueryClient();
  const school = useQuery({
    queryKey: queryKeys.counterSettings,
    queryFn: () => api("/api/settings/counter"),
    enabled: student !== null,
  });
  const form = useForm<CounterLimitValues>({
    resolver: zodResolver(formSchema),
    defaultValues: valuesOf(student),
  });
  const { reset } = form;
  useEffect(() => {
    if (student) reset(valuesOf(student));
  }, [student, reset]);

  const save = useMutation({
    mutationFn: ({ id, values }: { id: number; values: CounterLimitValues }) =>
      api(`/api/students/${id}/counter`, {
        method: "PUT",
        body: { dailyLimit: values.dailyLimit || null, blocked: values.blocked },
      }),
    onSuccess: () => {
      toastSuccess("Saved", "The counter settings are saved.");
      onOpenChange(false);
    },
    onError: (error) => toastError(error, "Failed to save the counter settings"),
    onSettled: () => queryClient.invalidateQueries({ queryKey: queryKeys.students }),
  });
  const schoolLimit = school.data ? formatZmw(school.data.dailyLimit) : "the school's limit";

  return (
    <FormDialog
      open={student !== null}
      onOpenChange={onOpenChange}
      title={`Counter for ${student?.name ?? ""}`}
      description="What your child may buy at the school counter each day, paid from your wallet."
      form={form}
      onSubmit={form.handleSubmit((values) => {
        if (student) save.mutate({ id: student.id, values });
      })}
      pending={save.isPending}
      submitLabel="Save"
      pendingLabel="Saving..."
    >
      <TextField
        control={form.control}
        name="dailyLimit"
        label="Daily limit (K)"
        inputMode="decimal"
        placeholder={`Blank: ${schoolLimit}`}
        description={`Leave blank for the school's limit (${schoolLimit}).`}
      />
      <SwitchField control={form.control} name="blocked" label="Block the counter" />
    </FormDialog>
  );
}
