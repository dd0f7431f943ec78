"use client";

import { zodResolver } from "@hookform/resolvers/zod";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useEffect } from "react";
import { useForm, useWatch } from "react-hook-form";
import { type z } from "zod";
import { toastError, toastFailure, toastSuccess } from "@/components/notifications/toast";
import {
  careValues,
  consentFor,
  CONSENT_ERROR,
  StudentCareFields,
  StudentFields,
} from "@/components/students/student-fields";
import { CareHistory } from "@/components/parent/care-history";
import { useStudentGuardians } from "@/components/parent/guardians-dialog";
import { FormDialog } from "@/components/ui/form-dialog";
import type { SessionUser } from "@/lib/auth/session";
import { api } from "@/lib/client/api";
import { queryKeys } from "@/lib/client/query-keys";
import type { StudentDto } from "@/lib/contracts";
import { studentSchema, type StudentInput } from "@/lib/validations/students";

type StudentFormValues = z.input<typeof studentSchema>;

/** The form's values on opening: the student's, or all empty and consent unticked for an add. */
const initialValues = (student: StudentDto | null): StudentFormValues => ({
  name: student?.name ?? "",
  // An empty grade until one is chosen: the schema answers "Please select a grade" for it.
  grade: (student?.grade ?? "") as StudentFormValues["grade"],
  ...careValues(student),
  allergyConsent: false,
});

// Add or edit a student (spec 000 §2). `student` null = add.
export function StudentDialog({
  user,
  timeZone = "Africa/Lusaka",
  open,
  student,
  onOpenChange,
}: {
  user: SessionUser;
  /** The school's time zone, for the dates of the care changes (issue 49). */
  timeZone?: string;
  open: boolean;
  student: StudentDto | null;
  onOpenChange: (open: boolean) => void;
}) {
  const queryClient = useQueryClient();
  const form = useForm<StudentFormValues>({
    resolver: zodResolver(studentSchema),
    defaultValues: initialValues(student),
  });
  // Every opening starts from the student edited, or empty for an add (issue 44): `values` alone
  // kept what was typed for the last child when the next add's values were the same blanks, and
  // the consent box, not among them, stayed ticked.
  const { reset } = form;
  useEffect(() => {
    if (open) reset(initialValues(student));
  }, [open, student, reset]);

  // Issue 49: who changed the child's allergies and notes, either guardian or the office.
  const history = useStudentGuardians(open && student ? student.id : null);
  const childName = useWatch({ control: form.control, name: "name" });
  const save = useMutation({
    mutationFn: (values: StudentInput) =>
      student
        ? api(`/api/students/${student.id}`, { method: "PUT", body: values })
        : api("/api/students", {
            method: "POST",
            body: { ...values, parent_id: user.id },
          }),
    onSuccess: () => {
      toastSuccess(
        "Success",
        student ? "Student updated successfully" : "Student added successfully",
      );
      onOpenChange(false);
    },
    onError: (error) =>
      toastError(error, student ? "Failed to update student" : "Failed to create student"),
    onSettled: () => queryClient.invalidateQueries({ queryKey: queryKeys.students }),
  });

  const submit = form.handleSubmit(
    (values) => {
      const consent = consentFor(student, values);
      if (!consent) return form.setError("allergyConsent", CONSENT_ERROR);
      // The box's value is only the question's answer: what is sent is consentFor's decision
      // (an unticked box must never withdraw a consent given before).
      const { allergyConsent: _answer, ...fields } = studentSchema.parse(values);
      save.mutate({ ...fields, ...consent });
    },
    (errors) => {
      if (errors.grade) {
        toastFailure("Grade Required", "Please select a grade");
      }
    },
  );

  return (
    <FormDialog
      open={open}
      onOpenChange={onOpenChange}
      title={student ? "Edit Student" : "Add Student"}
      description={
        student
          ? "Change the student's name, grade, class or allergies."
          : "Add a child to your account."
      }
      form={form}
      onSubmit={submit}
      pending={save.isPending}
      submitLabel={student ? "Save Changes" : "Add Student"}
      pendingLabel="Saving..."
      className="max-h-[90dvh] overflow-y-auto"
      after={history.data && <CareHistory changes={history.data.changes} timeZone={timeZone} />}
    >
      <StudentFields control={form.control} />
      <StudentCareFields
        control={form.control}
        consent={{ before: student, whose: `${childName.trim() || "your child"}'s` }}
      />
    </FormDialog>
  );
}
