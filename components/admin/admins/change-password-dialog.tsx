"use client";

import { zodResolver } from "@hookform/resolvers/zod";
import { useForm } from "react-hook-form";
import { Button } from "@/components/ui/button";
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from "@/components/ui/dialog";
import { Form } from "@/components/ui/form";
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
    <Dialog open={target !== null} onOpenChange={(open) => !open && close()}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>Change Password</DialogTitle>
          <DialogDescription>
            Set a new password for {target?.username}. They are signed out everywhere.
          </DialogDescription>
        </DialogHeader>
        <Form {...form}>
          <form onSubmit={(e) => void submit(e)} className="grid gap-4" noValidate>
            <TextField
              control={form.control}
              name="password"
              label="New Password"
              type="password"
              autoComplete="new-password"
            />
            <DialogFooter>
              <Button type="button" variant="outline" onClick={close}>
                Cancel
              </Button>
              <Button type="submit" disabled={change.isPending}>
                {change.isPending ? "Updating..." : "Update Password"}
              </Button>
            </DialogFooter>
          </form>
        </Form>
      </DialogContent>
    </Dialog>
  );
}
