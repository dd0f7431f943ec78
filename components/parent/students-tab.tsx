"use client";

import { useMutation, useQueryClient } from "@tanstack/react-query";
import { Pencil, Plus, ShoppingBag, Trash2 } from "lucide-react";
import { useState } from "react";
import { toastError, toastSuccess } from "@/components/notifications/toast";
import { CounterLimitDialog } from "@/components/parent/counter-limit-dialog";
import { StudentDialog } from "@/components/parent/student-dialog";
import { EmptyBlock, ErrorBlock, LoadingBlock } from "@/components/portal/load-state";
import { useStudents } from "@/components/portal/use-portal-queries";
import { ConfirmDialog } from "@/components/ui/confirm-dialog";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import type { SessionUser } from "@/lib/auth/session";
import { api } from "@/lib/client/api";
import { gradeLabel } from "@/lib/client/format";
import { queryKeys } from "@/lib/client/query-keys";
import { STAFF_GRADE, type StudentDto } from "@/lib/contracts";
import { formatZmw } from "@/lib/money";

const isStaff = (s: StudentDto) => s.isStaff || s.grade === STAFF_GRADE;

// The parent's students (spec 000 §2): add, edit, delete with confirmation, and (issue 47) each
// child's counter limit or block. The staff account is marked Staff Account and cannot be edited
// or deleted here.
export function StudentsTab({ user }: { user: SessionUser }) {
  const students = useStudents();
  const queryClient = useQueryClient();
  const [editing, setEditing] = useState<{ student: StudentDto | null } | null>(null);
  const [toDelete, setToDelete] = useState<StudentDto | null>(null);
  const [counterOf, setCounterOf] = useState<StudentDto | null>(null);

  const remove = useMutation({
    mutationFn: (student: StudentDto) => api(`/api/students/${student.id}`, { method: "DELETE" }),
    onSuccess: () => toastSuccess("Success", "Student deleted successfully"),
    onError: (error) => toastError(error, "Failed to delete student"),
    onSettled: () => queryClient.invalidateQueries({ queryKey: queryKeys.students }),
  });

  return (
    <div className="grid gap-4">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h2 className="text-xl font-semibold">Students</h2>
        <Button onClick={() => setEditing({ student: null })}>
          <Plus aria-hidden /> Add Student
        </Button>
      </div>
      {students.isPending ? (
        <LoadingBlock label="Loading students" />
      ) : students.isError ? (
        <ErrorBlock
          message="Failed to load students. Please try again."
          onRetry={() => void students.refetch()}
        />
      ) : students.data.length === 0 ? (
        <EmptyBlock>No students yet. Add your child to start ordering meals.</EmptyBlock>
      ) : (
        <ul className="grid gap-3 sm:grid-cols-2 lg:grid-cols-3">
          {students.data.map((student) => (
            <li
              key={student.id}
              className="flex min-w-0 flex-col gap-3 rounded-xl border bg-card p-4 shadow-sm"
            >
              <div className="min-w-0">
                <p className="font-medium break-words">{student.name}</p>
                <p className="text-sm text-muted-foreground">
                  {gradeLabel(student.grade)}
                  {student.className ? ` · Class ${student.className}` : ""}
                </p>
                {student.allergies.length > 0 && (
                  <p className="text-sm font-medium text-destructive">
                    Allergies: {student.allergies.join(", ")}
                  </p>
                )}
                {student.dietaryNotes && (
                  <p className="text-sm break-words text-muted-foreground">
                    {student.dietaryNotes}
                  </p>
                )}
              </div>
              {isStaff(student) ? (
                <Badge variant="secondary">Staff Account</Badge>
              ) : (
                <div className="flex flex-wrap gap-2">
                  <Button
                    variant="outline"
                    onClick={() => setEditing({ student })}
                    aria-label={`Edit ${student.name}`}
                  >
                    <Pencil aria-hidden /> Edit
                  </Button>
                  <Button
                    variant="outline"
                    onClick={() => setCounterOf(student)}
                    aria-label={`Counter limit for ${student.name}`}
                  >
                    <ShoppingBag aria-hidden />{" "}
                    {student.counterBlocked
                      ? "Counter blocked"
                      : student.counterDailyLimit
                        ? `Counter ${formatZmw(student.counterDailyLimit)}/day`
                        : "Counter limit"}
                  </Button>
                  <Button
                    variant="outline"
                    className="text-destructive hover:text-destructive"
                    onClick={() => setToDelete(student)}
                    aria-label={`Delete ${student.name}`}
                    disabled={remove.isPending && remove.variables?.id === student.id}
                  >
                    <Trash2 aria-hidden /> Delete
                  </Button>
                </div>
              )}
            </li>
          ))}
        </ul>
      )}
      <StudentDialog
        user={user}
        open={editing !== null}
        student={editing?.student ?? null}
        onOpenChange={(open) => !open && setEditing(null)}
      />
      <CounterLimitDialog
        student={counterOf}
        onOpenChange={(open) => !open && setCounterOf(null)}
      />
      <ConfirmDialog
        open={toDelete !== null}
        onOpenChange={(open) => !open && setToDelete(null)}
        title="Delete Student"
        description={<>Remove {toDelete?.name} from your account? This cannot be undone.</>}
        actionLabel="Delete"
        destructive
        onConfirm={() => toDelete && remove.mutate(toDelete)}
      />
    </div>
  );
}
