"use client";

import { zodResolver } from "@hookform/resolvers/zod";
import { useForm } from "react-hook-form";
import type { z } from "zod";
import { careValues, StudentCareFields, StudentFields } from "@/components/students/student-fields";
import { FormDialog } from "@/components/ui/form-dialog";
import type { ParentStudentDto } from "@/lib/contracts/people";
import { adminStudentChangeSchema } from "@/lib/validations/students";
import { useSaveStudent } from "./use-parents-queries";

type StudentFormInput = z.input<typeof adminStudentChangeSchema>;
type StudentFormValues = z.output<typeof adminStudentChangeSchema>;

/** Whom the dialog is for: a new student of `parent`, or a change of an existing `student`. */
export type StudentDialogTarget =
  | { parent: { id: number; username: string }; student?: undefined }
  | { student: ParentStudentDto; parent?: undefined };

/**
 * Add Student (spec 001 §2, §5) to a parent, or Edit Student (issue 18): name, grade, class,
 * allergies, dietary notes. Keyed by its target, so each opening starts from that student.
 */
export function AdminStudentDialog({
  target,
  onClose,
}: {
  target: StudentDialogTarget | null;
  onClose: () => void;
}) {
  const student = target?.student;
  const form = useForm<StudentFormInput, unknown, StudentFormValues>({
    resolver: zodResolver(adminStudentChangeSchema),
    // An empty grade until one is chosen: the schema answers "Grade is required" for it.
    defaultValues: {
      name: student?.name ?? "",
      grade: (student?.grade ?? "") as StudentFormInput["grade"],
      ...careValues(student),
    },
  });
  const close = () => {
    form.reset();
    onClose();
  };
  const save = useSaveStudent(close);
  const submit = form.handleSubmit((values) => {
    if (target?.student) save.mutate({ id: target.student.id, values });
    else if (target?.parent)
      save.mutate({ id: null, values: { ...values, parentId: target.parent.id } });
  });

  return (
    <FormDialog
      open={target !== null}
      onOpenChange={(open) => !open && close()}
      title={student ? "Edit Student" : "Add Student"}
      description={
        student ? (
          <>Change {student.name}&apos;s details.</>
        ) : (
          <>Add a student to {target?.parent?.username}.</>
        )
      }
      form={form}
      onSubmit={submit}
      pending={save.isPending}
      submitLabel={student ? "Save Changes" : "Add Student"}
      pendingLabel="Saving..."
    >
      <StudentFields control={form.control} />
      <StudentCareFields control={form.control} />
    </FormDialog>
  );
}
