"use client";

import { zodResolver } from "@hookform/resolvers/zod";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useForm } from "react-hook-form";
import type { z } from "zod";
import { toastError, toastSuccess } from "@/components/notifications/toast";
import {
  careValues,
  consentFor,
  CONSENT_ERROR,
  StudentCareFields,
} from "@/components/students/student-fields";
import { FormDialog } from "@/components/ui/form-dialog";
import { api } from "@/lib/client/api";
import { queryKeys } from "@/lib/client/query-keys";
import type { StudentDto } from "@/lib/contracts";
import { studentCareSchema } from "@/lib/validations/students";

type CareInput = z.input<typeof studentCareSchema>;
type CareValues = z.output<typeof studentCareSchema>;

/** A teacher's allergies, dietary notes and class on their staff record (issue 18). */
export function StaffCareDialog({
  staff,
  open,
  onOpenChange,
}: {
  staff: StudentDto;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const queryClient = useQueryClient();
  const form = useForm<CareInput, unknown, CareValues>({
    resolver: zodResolver(studentCareSchema),
    values: careValues(staff),
  });
  const save = useMutation({
    mutationFn: (values: CareValues) =>
      api(`/api/students/${staff.id}/care`, { method: "PUT", body: values }),
    onSuccess: () => {
      toastSuccess("Success", "Your allergies and dietary notes were saved");
      onOpenChange(false);
    },
    onError: (error) => toastError(error, "Failed to save your allergies"),
    onSettled: () => queryClient.invalidateQueries({ queryKey: queryKeys.students }),
  });

  return (
    <FormDialog
      open={open}
      onOpenChange={onOpenChange}
      title="Allergies and dietary notes"
      description="The kitchen sees these on your orders; meals with your allergens ask first."
      form={form}
      onSubmit={form.handleSubmit((values) => {
        const consent = consentFor(staff, values);
        if (!consent) return form.setError("allergyConsent", CONSENT_ERROR);
        save.mutate({ ...values, ...consent });
      })}
      pending={save.isPending}
      submitLabel="Save"
      pendingLabel="Saving..."
    >
      <StudentCareFields control={form.control} consent={{ before: staff, whose: "your" }} />
    </FormDialog>
  );
}
