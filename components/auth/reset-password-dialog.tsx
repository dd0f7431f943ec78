"use client";

import { zodResolver } from "@hookform/resolvers/zod";
import { useState } from "react";
import { useForm } from "react-hook-form";
import { toastError, toastSuccess } from "@/components/notifications/toast";
import {
  AlertDialog,
  AlertDialogCancel,
  AlertDialogContent,
  AlertDialogDescription,
  AlertDialogFooter,
  AlertDialogHeader,
  AlertDialogTitle,
} from "@/components/ui/alert-dialog";
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
import { api } from "@/lib/client/api";
import { forgotPasswordSchema, type ForgotPasswordInput } from "@/lib/validations/login";
import { NO_SCRIPT_ACTION } from "@/lib/contracts/auth-form";

const DEFAULT_SENT =
  "If an account with that username/email exists, a temporary password has been sent.";

// Reset Password (spec 000 §2): ask for a username or e-mail, confirm, then send.
export function ResetPasswordDialog({
  open,
  onOpenChange,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const [confirming, setConfirming] = useState(false);
  const [sending, setSending] = useState(false);
  const form = useForm<ForgotPasswordInput>({
    resolver: zodResolver(forgotPasswordSchema),
    defaultValues: { identifier: "" },
  });

  function close() {
    setConfirming(false);
    form.reset();
    onOpenChange(false);
  }

  async function send() {
    setSending(true);
    try {
      const answer = await api("/api/auth/forgot-password", {
        method: "POST",
        body: { identifier: form.getValues("identifier").trim() },
      });
      toastSuccess("Password Reset Sent", answer?.message || DEFAULT_SENT);
      close();
    } catch (error) {
      setConfirming(false);
      toastError(error, "Failed to send password reset.");
    } finally {
      setSending(false);
    }
  }

  return (
    <>
      <Dialog
        open={open && !confirming}
        onOpenChange={(next) => (next ? onOpenChange(true) : close())}
      >
        <DialogContent>
          <DialogHeader>
            <DialogTitle>Reset Password</DialogTitle>
            <DialogDescription>
              Enter your username or email. We will generate a temporary password and email it to
              you if your account has an email address. Log in with the temporary password and
              change your password immediately.
            </DialogDescription>
          </DialogHeader>
          <Form {...form}>
            <form
              id="reset-password-form"
              method="post"
              action={NO_SCRIPT_ACTION}
              onSubmit={form.handleSubmit(() => setConfirming(true))}
              className="grid gap-4"
              noValidate
            >
              <TextField
                control={form.control}
                name="identifier"
                label="Username or email"
                autoComplete="username"
                autoCapitalize="none"
              />
            </form>
          </Form>
          <DialogFooter>
            <Button type="button" variant="outline" onClick={close} disabled={sending}>
              Cancel
            </Button>
            <Button type="submit" form="reset-password-form" disabled={sending}>
              {sending ? "Sending..." : "Send Reset Instructions"}
            </Button>
          </DialogFooter>
        </DialogContent>
      </Dialog>
      <AlertDialog
        open={open && confirming}
        onOpenChange={(next) => !next && !sending && setConfirming(false)}
      >
        <AlertDialogContent>
          <AlertDialogHeader>
            <AlertDialogTitle>Confirm Password Reset</AlertDialogTitle>
            <AlertDialogDescription>
              A temporary password will be sent to the email address on the account. Your current
              password stays active until you log in with the temporary password.
            </AlertDialogDescription>
          </AlertDialogHeader>
          <AlertDialogFooter>
            <AlertDialogCancel disabled={sending}>Cancel</AlertDialogCancel>
            <Button type="button" onClick={() => void send()} disabled={sending}>
              {sending ? "Sending..." : "Yes, Send Reset"}
            </Button>
          </AlertDialogFooter>
        </AlertDialogContent>
      </AlertDialog>
    </>
  );
}
