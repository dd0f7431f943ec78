"use client";

import { zodResolver } from "@hookform/resolvers/zod";
import { useForm } from "react-hook-form";
import type { z } from "zod";
import { Button } from "@/components/ui/button";
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from "@/components/ui/dialog";
import { StudentFields } from "@/components/students/student-fields";
import { Form } from "@/components/ui/form";
import { adminStudentSchema } from "@/lib/validations/students";
import { useCreateStudent } from "./use-parents-queries";

const studentFormSchema = adminStudentSchema.omit({ parentId: true });
type StudentFormInput = z.input<typeof studentFormSchema>;
type StudentFormValues = z.output<typeof studentFormSchema>;

/** Add Student (spec 001 §2, §5) to a parent: name and grade. */
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
    defaultValues: { name: "", grade: "" as StudentFormInput["grade"] },
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
    <Dialog open={parent !== null} onOpenChange={(open) => !open && close()}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>Add Student</DialogTitle>
          <DialogDescription>Add a student to {parent?.username}.</DialogDescription>
        </DialogHeader>
        <Form {...form}>
          <form onSubmit={(e) => void submit(e)} className="grid gap-4" noValidate>
            <StudentFields control={form.control} />
            <DialogFooter>
              <Button type="button" variant="outline" onClick={close}>
                Cancel
              </Button>
              <Button type="submit" disabled={create.isPending}>
                {create.isPending ? "Saving..." : "Add Student"}
              </Button>
            </DialogFooter>
          </form>
        </Form>
      </DialogContent>
    </Dialog>
  );
}
