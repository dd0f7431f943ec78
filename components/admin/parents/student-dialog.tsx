"use client";

import { zodResolver } from "@hookform/resolvers/zod";
import { useForm } from "react-hook-form";
import type { z } from "zod";
import { careValues, StudentCareFields, StudentFields } from "@/components/students/student-fields";
import { FormDialog } from "@/components/ui/form-dialog";
import { adminStudentSchema } from "@/lib/validations/students";
import { useCreateStudent } from "./use-parents-queries";

const studentFormSchema = adminStudentSchema.omit({ parentId: true });
type StudentFormInput = z.input<typeof studentFormSchema>;
type StudentFormValues = z.output<typeof studentFormSchema>;

/** Add Student (spec 001 §2, §5) to a parent: name, grade, class, allergies, dietary notes. */
export function AdminStudentDialog({
  parent,
  onClose,
}: {
  parent: { id: number; username: string } | null;
  onClose: () => void;
}) {
  const form = useForm<StudentFormInput, unknown, StudentFormValues>({
    resolver: zodResolver(studentFormSchema),
    // An empty grade until one is chosen: the schema answers "Grade is required" for it.
    defaultValues: { name: "", grade: "" as StudentFormInput["grade"], ...careValues() },
  });
  const close = () => {
    form.reset();
    onClose();
  };
  const create = useCreateStudent(close);
  const submit = form.handleSubmit((values) => {
    if (parent) create.mutate({ ...values, parentId: parent.id });
  });

  return (
    <FormDialog
      open={parent !== null}
      onOpenChange={(open) => !open && close()}
      title="Add Student"
      description={<>Add a student to {parent?.username}.</>}
      form={form}
      onSubmit={submit}
      pending={create.isPending}
      submitLabel="Add Student"
      pendingLabel="Saving..."
    >
      <StudentFields control={form.control} />
      <StudentCareFields control={form.control} />
    </FormDialog>
  );
}
