"use client";

import { zodResolver } from "@hookform/resolvers/zod";
import { Download } from "lucide-react";
import Link from "next/link";
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { useRef, useState } from "react";
import { useForm } from "react-hook-form";
import type { z } from "zod";
import { useSessionChanged } from "@/components/auth/use-session-actions";
import { toastError, toastSuccess } from "@/components/notifications/toast";
import { Button } from "@/components/ui/button";
import { FormDialog } from "@/components/ui/form-dialog";
import { TextField } from "@/components/ui/form-fields";
import { Separator } from "@/components/ui/separator";
import type { SessionUser } from "@/lib/auth/session";
import { LazyWithdrawDialog } from "@/components/portal/wallet/lazy-wallet-dialogs";
import { api, ApiRequestError } from "@/lib/client/api";
import { queryKeys } from "@/lib/client/query-keys";
import { toNgwee } from "@/lib/money";
import { deleteAccountSchema } from "@/lib/validations/privacy";

// Profile Settings' "Your data" (issue 26): the privacy notice, a copy of my data, and deleting
// the account (parents and teachers; an admin's account is managed by the superadmin).

type DeleteValues = z.input<typeof deleteAccountSchema>;

export function YourData({ user, onDeleted }: { user: SessionUser; onDeleted: () => void }) {
  const [deleting, setDeleting] = useState(false);
  return (
    <>
      <Separator />
      <div className="grid gap-2">
        <p className="text-sm font-medium">Your data</p>
        <p className="text-sm text-muted-foreground">
          What the school keeps about your family and why:{" "}
          <Link href="/privacy" className="font-medium text-primary underline underline-offset-4">
            Privacy notice
          </Link>
          .
        </p>
        <div className="flex flex-wrap gap-2">
          <Button variant="outline" asChild>
            <a href="/api/account/export" download>
              <Download aria-hidden /> Download my data
            </a>
          </Button>
          {user.role !== "admin" && (
            <Button variant="destructive" onClick={() => setDeleting(true)}>
              Delete my account
            </Button>
          )}
        </div>
      </div>
      {deleting && (
        <DeleteAccountDialog open={deleting} onOpenChange={setDeleting} onDeleted={onDeleted} />
      )}
    </>
  );
}

function DeleteAccountDialog({
  open,
  onOpenChange,
  onDeleted,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  onDeleted: () => void;
}) {
  const sessionChanged = useSessionChanged();
  const client = useQueryClient();
  // Issue 47: a wallet with money in it is withdrawn first (the whole balance), then deleted.
  const credit = useQuery({
    queryKey: queryKeys.accountCredit,
    queryFn: () => api("/api/account/credit"),
    enabled: open,
  });
  const withdrawn = useRef(false);
  const form = useForm<DeleteValues>({
    resolver: zodResolver(deleteAccountSchema),
    defaultValues: { password: "" },
  });

  async function onSubmit(values: DeleteValues) {
    try {
      await api("/api/account/delete", { method: "POST", body: values });
      toastSuccess("Account deleted", "Your account has been deleted. Thank you for using it.");
      onOpenChange(false);
      onDeleted();
      sessionChanged();
    } catch (error) {
      if (error instanceof ApiRequestError && error.status === 422) {
        form.setError("password", { message: error.serverMessage ?? error.message });
        form.setFocus("password");
        return;
      }
      // The wallet changed meanwhile: the dialog offers its withdrawal again.
      if (error instanceof ApiRequestError && error.status === 409) {
        void client.invalidateQueries({ queryKey: queryKeys.accountCredit });
      }
      toastError(error, "Failed to delete your account", "Account not deleted");
    }
  }

  const balance = credit.data?.balance;
  if (balance && toNgwee(balance) > 0) {
    return (
      <LazyWithdrawDialog
        open={open}
        onOpenChange={(next) => !next && !withdrawn.current && onOpenChange(false)}
        balance={balance}
        fixed
        title="First, withdraw your wallet"
        onRequested={() => {
          withdrawn.current = true;
        }}
      />
    );
  }

  return (
    <FormDialog
      open={open}
      onOpenChange={onOpenChange}
      title="Delete my account?"
      description={
        <>
          Your name, username, e-mail and phone, and your children&apos;s names, allergies and notes
          are erased, and you are signed out. The school keeps past orders and payments for its
          accounts, without your names. This cannot be undone. It is not possible while a meal is
          still to be served or a payment is in progress. Money in your wallet is withdrawn first.
        </>
      }
      form={form}
      onSubmit={form.handleSubmit(onSubmit)}
      pending={form.formState.isSubmitting}
      submitLabel="Delete my account"
      pendingLabel="Deleting..."
    >
      <TextField
        control={form.control}
        name="password"
        label="Your password"
        type="password"
        autoComplete="current-password"
      />
    </FormDialog>
  );
}
