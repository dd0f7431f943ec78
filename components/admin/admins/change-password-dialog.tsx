"use client";

import { zodResolver } from "@hookform/resolvers/zod";
import { useForm } from "react-hook-form";
import { FormDialog } from "@/components/ui/form-dialog";
import { TextField } from "@/components/ui/form-fields";
import { passwordChangeSchema, type PasswordChangeInput } from "@/lib/validations/people";
import { useChangePassword } from "./use-admin-queries";

/** Change Password (spec 001 §2, §5): at least 6 characters; ends the user's sessions. */
export function ChangePasswordDialog({
  target,
  onClose,
}: {
  target: { id: number; username: string } | null;
  onClose: () => void;
}) {
  const form = useForm<PasswordChangeInput>({
    resolver: zodResolver(passwordChangeSchema),
    defaultValues: { password: "" },
  });
  const close = () => {
    form.reset();
    onClose();
  };
  const change = useChangePassword(close);
  const submit = form.handleSubmit(({ password }) => {
    if (target) change.mutate({ id: target.id, password });
  });

  return (
    <FormDialog
      open={target !== null}
      onOpenChange={(open) => !open && close()}
      title="Change Password"
      description={<>Set a new password for {target?.username}. They are signed out everywhere.</>}
      form={form}
      onSubmit={submit}
      pending={change.isPending}
      submitLabel="Update Password"
      pendingLabel="Updating..."
    >
      <TextField
        control={form.control}
        name="password"
        label="New Password"
        type="password"
        autoComplete="new-password"
      />
    </FormDialog>
  );
}
