"use client";

import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { LogOut, Pencil, Plus, Store, Trash2, Users } from "lucide-react";
import { useState } from "react";
import { toastError, toastSuccess } from "@/components/notifications/toast";
import { CounterLimitDialog } from "@/components/parent/counter-limit-dialog";
import { GuardiansDialog } from "@/components/parent/guardians-dialog";
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
/** The caller is the child's second guardian (issue 49). */
const isSecond = (s: StudentDto) => s.isFirstGuardian === false;
/** The child's other guardian's name, when the signed-in first guardian shares the child. */
const otherGuardian = (s: StudentDto) => s.guardians?.find((g) => !g.you)?.name ?? null;

// The parent's students (spec 000 §2): add, edit, delete with confirmation. The staff account is
// marked Staff Account and cannot be edited or deleted here. A child's second guardian (issue 49)
// edits and orders like the first; the counter (the first guardian's wallet) and removing the
// child stay the first's, and the second's Delete is Leave.
export function StudentsTab({
  user,
  timeZone = "Africa/Lusaka",
}: {
  user: SessionUser;
  /** The school's time zone, for the dates of guardians' changes. */
  timeZone?: string;
}) {
  const students = useStudents();
  const queryClient = useQueryClient();
  const [editing, setEditing] = useState<{ student: StudentDto | null } | null>(null);
  const [toDelete, setToDelete] = useState<StudentDto | null>(null);
  const [counterFor, setCounterFor] = useState<StudentDto | null>(null);
  const [guardiansFor, setGuardiansFor] = useState<StudentDto | null>(null);
  // The school's daily counter limit (issue 47), the default a child's own limit replaces.
  const schoolLimit = useQuery({
    queryKey: queryKeys.counterSettings,
    queryFn: () => api("/api/settings/counter"),
    staleTime: 5 * 60_000,
  }).data?.dailyLimit;

  const remove = useMutation({
    mutationFn: (student: StudentDto) => api(`/api/students/${student.id}`, { method: "DELETE" }),
    onSuccess: (answer) => toastSuccess("Success", answer.message),
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
                {(student.guardians?.length ?? 0) > 1 && (
                  <p className="text-sm break-words text-muted-foreground">
                    Guardians: {student.guardians?.map((g) => (g.you ? "you" : g.name)).join(", ")}
                  </p>
                )}
                {!isSecond(student) && (
                  <p className="text-sm text-muted-foreground">
                    {counterSummary(student, schoolLimit)}
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
                    onClick={() => setGuardiansFor(student)}
                    aria-label={`Guardians of ${student.name}`}
                  >
                    <Users aria-hidden /> Guardians
                  </Button>
                  {!isSecond(student) && (
                    <Button
                      variant="outline"
                      onClick={() => setCounterFor(student)}
                      aria-label={`Counter settings for ${student.name}`}
                    >
                      <Store aria-hidden /> Counter
                    </Button>
                  )}
                  <Button
                    variant="outline"
                    className="text-destructive hover:text-destructive"
                    onClick={() => setToDelete(student)}
                    aria-label={`${isSecond(student) ? "Leave" : "Delete"} ${student.name}`}
                    disabled={remove.isPending && remove.variables?.id === student.id}
                  >
                    {isSecond(student) ? <LogOut aria-hidden /> : <Trash2 aria-hidden />}
                    {isSecond(student) ? "Leave" : "Delete"}
                  </Button>
                </div>
              )}
            </li>
          ))}
        </ul>
      )}
      {guardiansFor && (
        <GuardiansDialog
          open
          student={guardiansFor}
          timeZone={timeZone}
          onOpenChange={(open) => !open && setGuardiansFor(null)}
        />
      )}
      <StudentDialog
        user={user}
        timeZone={timeZone}
        open={editing !== null}
        student={editing?.student ?? null}
        onOpenChange={(open) => !open && setEditing(null)}
      />
      {counterFor && (
        <CounterLimitDialog
          open
          student={counterFor}
          current={{
            dailyLimit: counterFor.counterDailyLimit ?? null,
            blocked: counterFor.counterBlocked ?? false,
          }}
          schoolLimit={schoolLimit}
          onOpenChange={(open) => !open && setCounterFor(null)}
        />
      )}
      <ConfirmDialog
        open={toDelete !== null}
        onOpenChange={(open) => !open && setToDelete(null)}
        title={toDelete && isSecond(toDelete) ? "Stop being a guardian" : "Delete Student"}
        description={
          toDelete && isSecond(toDelete) ? (
            <>
              Remove {toDelete.name} from your account? {toDelete.name} stays with{" "}
              {toDelete.guardians?.find((g) => g.first)?.name ?? "the first guardian"}.
            </>
          ) : toDelete && otherGuardian(toDelete) ? (
            <>
              Remove {toDelete.name} from your account? {toDelete.name} stays with{" "}
              {otherGuardian(toDelete)}, who becomes the first guardian; the counter is blocked for{" "}
              {toDelete.name} until they unblock it.
            </>
          ) : (
            <>Remove {toDelete?.name} from your account? This cannot be undone.</>
          )
        }
        actionLabel={
          toDelete && isSecond(toDelete)
            ? "Leave"
            : toDelete && otherGuardian(toDelete)
              ? "Remove"
              : "Delete"
        }
        destructive
        onConfirm={() => toDelete && remove.mutate(toDelete)}
      />
    </div>
  );
}

/** The child's counter, said plainly: blocked, their own limit, or the school's. */
function counterSummary(student: StudentDto, schoolLimit: string | undefined): string {
  if (student.counterBlocked) return "Counter: blocked";
  if (student.counterDailyLimit)
    return `Counter: up to ${formatZmw(student.counterDailyLimit)} a day`;
  return schoolLimit
    ? `Counter: up to ${formatZmw(schoolLimit)} a day (the school's limit)`
    : "Counter: the school's daily limit";
}
