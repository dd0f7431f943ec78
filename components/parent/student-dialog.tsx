"use client";

import { zodResolver } from "@hookform/resolvers/zod";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useForm } from "react-hook-form";
import { type z } from "zod";
import { notify } from "@/components/notifications/toast";
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
import type { SessionUser } from "@/lib/auth/session";
import { api, errorMessage } from "@/lib/client/api";
import { queryKeys } from "@/lib/client/query-keys";
import type { StudentDto } from "@/lib/contracts";
import { studentSchema } from "@/lib/validations/students";

type StudentFormValues = z.input<typeof studentSchema>;

// Add or edit a student (spec 000 §2). `student` null = add.
export function StudentDialog({
  user,
  open,
  student,
  onOpenChange,
}: {
  user: SessionUser;
  open: boolean;
  student: StudentDto | null;
  onOpenChange: (open: boolean) => void;
}) {
  const queryClient = useQueryClient();
  const form = useForm<StudentFormValues>({
    resolver: zodResolver(studentSchema),
    // An empty grade until one is chosen: the schema answers "Please select a grade" for it.
    values: {
      name: student?.name ?? "",
      grade: (student?.grade ?? "") as StudentFormValues["grade"],
    },
  });

  const save = useMutation({
    mutationFn: (values: { name: string; grade: string }) =>
      student
        ? api(`/api/students/${student.id}`, { method: "PUT", body: values })
        : api("/api/students", {
            method: "POST",
            body: { ...values, parent_id: user.id },
          }),
    onSuccess: () => {
      notify({
        title: "Success",
        description: student ? "Student updated successfully" : "Student added successfully",
        variant: "success",
      });
      onOpenChange(false);
    },
    onError: (error) =>
      notify({
        title: "Error",
        description: errorMessage(
          error,
          student ? "Failed to update student" : "Failed to create student",
        ),
        variant: "destructive",
      }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: queryKeys.students }),
  });

  const submit = form.handleSubmit(
    (values) => save.mutate(studentSchema.parse(values)),
    (errors) => {
      if (errors.grade) {
        notify({
          title: "Grade Required",
          description: "Please select a grade",
          variant: "destructive",
        });
      }
    },
  );

  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>{student ? "Edit Student" : "Add Student"}</DialogTitle>
          <DialogDescription>
            {student ? "Change the student's name or grade." : "Add a child to your account."}
          </DialogDescription>
        </DialogHeader>
        <Form {...form}>
          <form onSubmit={(e) => void submit(e)} className="grid gap-4" noValidate>
            <StudentFields control={form.control} />
            <DialogFooter>
              <Button type="button" variant="outline" onClick={() => onOpenChange(false)}>
                Cancel
              </Button>
              <Button type="submit" disabled={save.isPending}>
                {save.isPending ? "Saving..." : student ? "Save Changes" : "Add Student"}
              </Button>
            </DialogFooter>
          </form>
        </Form>
      </DialogContent>
    </Dialog>
  );
}
