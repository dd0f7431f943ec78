"use client";

import { zodResolver } from "@hookform/resolvers/zod";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { useForm } from "react-hook-form";
import { toastError, toastSuccess } from "@/components/notifications/toast";
import { CareHistory } from "@/components/parent/care-history";
import { ErrorBlock, LoadingBlock } from "@/components/portal/load-state";
import { Button } from "@/components/ui/button";
import { ConfirmDialog } from "@/components/ui/confirm-dialog";
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogHeader,
  DialogTitle,
} from "@/components/ui/dialog";
import { Form } from "@/components/ui/form";
import { SubmitButton, TextField } from "@/components/ui/form-fields";
import { api } from "@/lib/client/api";
import { formatInstant } from "@/lib/client/format";
import { queryKeys } from "@/lib/client/query-keys";
import type { StudentDto } from "@/lib/contracts";
import { NO_SCRIPT_ACTION } from "@/lib/contracts/auth-form";
import type { StudentGuardiansDto } from "@/lib/contracts/guardians";
import {
  guardianInvitationSchema,
  type GuardianInvitationValues,
} from "@/lib/validations/guardians";

// Issue 49 (decision 0119): a child's guardians, from the child's card. The first guardian invites
// the second by e-mail (a one-time link, seven days), withdraws an open invitation, or removes the
// second guardian; the second may leave. Who changed the child's allergies is listed too.

export const guardiansKey = (studentId: number) => [...queryKeys.students, studentId, "guardians"];

export function useStudentGuardians(studentId: number | null) {
  return useQuery({
    queryKey: guardiansKey(studentId ?? 0),
    queryFn: () => api(`/api/students/${studentId ?? 0}/guardians`),
    enabled: studentId !== null,
  });
}

export function GuardiansDialog({
  student,
  timeZone,
  open,
  onOpenChange,
}: {
  student: StudentDto;
  timeZone: string;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const queryClient = useQueryClient();
  const guardians = useStudentGuardians(open ? student.id : null);
  const [confirmEnd, setConfirmEnd] = useState(false);
  const refresh = () => queryClient.invalidateQueries({ queryKey: queryKeys.students });
  const form = useForm<GuardianInvitationValues>({
    resolver: zodResolver(guardianInvitationSchema),
    defaultValues: { email: "" },
  });

  const invite = useMutation({
    mutationFn: (values: GuardianInvitationValues) =>
      api(`/api/students/${student.id}/guardians/invitations`, { method: "POST", body: values }),
    onSuccess: (answer) => {
      toastSuccess("Invitation sent", `${answer.message}. The link works for 7 days.`);
      form.reset({ email: "" });
    },
    onError: (error) => toastError(error, "Failed to send the invitation"),
    onSettled: refresh,
  });
  const withdraw = useMutation({
    mutationFn: () =>
      api(`/api/students/${student.id}/guardians/invitations`, { method: "DELETE" }),
    onSuccess: (answer) => toastSuccess("Success", answer.message),
    onError: (error) => toastError(error, "Failed to withdraw the invitation"),
    onSettled: refresh,
  });
  const end = useMutation({
    mutationFn: () => api(`/api/students/${student.id}/guardians`, { method: "DELETE" }),
    onSuccess: (answer) => {
      toastSuccess("Success", answer.message);
      if (!student.isFirstGuardian) onOpenChange(false);
    },
    onError: (error) => toastError(error, "Failed to change the guardians"),
    onSettled: refresh,
  });

  const data: StudentGuardiansDto | undefined = guardians.data;
  const second = data?.guardians.find((g) => !g.first);
  const leaving = second?.you === true;

  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>Guardians of {student.name}</DialogTitle>
          <DialogDescription>
            A child can have two guardians. Both see the menu, order and pay for their own orders,
            and keep allergies up to date; one order per day holds for both.
          </DialogDescription>
        </DialogHeader>
        {guardians.isPending ? (
          <LoadingBlock label="Loading guardians" />
        ) : guardians.isError || !data ? (
          <ErrorBlock
            message="Failed to load the guardians. Please try again."
            onRetry={() => void guardians.refetch()}
          />
        ) : (
          <div className="grid min-w-0 gap-4">
            <ul className="grid gap-1 text-sm">
              {data.guardians.map((g) => (
                <li key={`${g.first}`} className="break-words">
                  <span className="font-medium">{g.name}</span>
                  {g.you ? " (you)" : ""}
                  <span className="text-muted-foreground">
                    {g.first ? " · first guardian" : " · second guardian"}
                  </span>
                </li>
              ))}
            </ul>
            {second && (
              <Button
                variant="outline"
                className="justify-self-start text-destructive hover:text-destructive"
                onClick={() => setConfirmEnd(true)}
                disabled={end.isPending}
              >
                {leaving ? "Stop being a guardian" : "Remove the second guardian"}
              </Button>
            )}
            {data.invitation && (
              <div className="grid gap-2 rounded-md border p-3 text-sm">
                <p className="break-words">
                  Invitation sent to <span className="font-medium">{data.invitation.email}</span>,
                  open until {formatInstant(data.invitation.expiresAt, timeZone)}.
                </p>
                <Button
                  variant="outline"
                  className="justify-self-start"
                  onClick={() => withdraw.mutate()}
                  disabled={withdraw.isPending}
                >
                  Withdraw invitation
                </Button>
              </div>
            )}
            {data.canInvite && (
              <Form {...form}>
                <form
                  method="post"
                  action={NO_SCRIPT_ACTION}
                  noValidate
                  className="grid gap-3"
                  onSubmit={(event) => void form.handleSubmit((v) => invite.mutate(v))(event)}
                >
                  <TextField
                    control={form.control}
                    name="email"
                    label="Invite a second guardian by e-mail"
                    type="email"
                    autoComplete="off"
                    description="They sign in, or create an account with this address, and accept."
                  />
                  <SubmitButton
                    pending={invite.isPending}
                    label={data.invitation ? "Send a new invitation" : "Send invitation"}
                    pendingLabel="Sending..."
                    className="justify-self-start"
                  />
                </form>
              </Form>
            )}
            <CareHistory changes={data.changes} timeZone={timeZone} />
          </div>
        )}
      </DialogContent>
      <ConfirmDialog
        open={confirmEnd}
        onOpenChange={setConfirmEnd}
        title={leaving ? "Stop being a guardian" : "Remove the second guardian"}
        description={
          leaving
            ? `${student.name} will no longer be on your account. Your past orders stay yours.`
            : `${second?.name ?? "The second guardian"} will no longer see or order for ${student.name}.`
        }
        actionLabel={leaving ? "Leave" : "Remove"}
        destructive
        onConfirm={() => end.mutate()}
      />
    </Dialog>
  );
}
