"use client";

import { zodResolver } from "@hookform/resolvers/zod";
import { useQueryClient } from "@tanstack/react-query";
import { useRouter } from "next/navigation";
import { useState } from "react";
import { useForm, useWatch } from "react-hook-form";
import type { z } from "zod";
import { useSessionChanged } from "@/components/auth/use-session-actions";
import { toastError, toastSuccess } from "@/components/notifications/toast";
import {
  AlertDialog,
  AlertDialogAction,
  AlertDialogCancel,
  AlertDialogContent,
  AlertDialogDescription,
  AlertDialogFooter,
  AlertDialogHeader,
  AlertDialogTitle,
  AlertDialogTrigger,
} from "@/components/ui/alert-dialog";
import { Button } from "@/components/ui/button";
import { FormDialog } from "@/components/ui/form-dialog";
import { FormControl, FormDescription, FormField, FormItem, FormLabel } from "@/components/ui/form";
import { TextField } from "@/components/ui/form-fields";
import { Separator } from "@/components/ui/separator";
import { Switch } from "@/components/ui/switch";
import { AccountMessages } from "@/components/account/account-messages";
import { useAccountMessages } from "@/components/account/use-account-messages";
import { YourData } from "@/components/account/your-data";
import { api, ApiRequestError } from "@/lib/client/api";
import { queryKeys } from "@/lib/client/query-keys";
import type { SessionUser } from "@/lib/auth/session";
import { profileSchema } from "@/lib/validations/auth";

type ProfileFormValues = z.input<typeof profileSchema>;

/** Whether the form's address differs from the account's (so the current password is needed). */
export function emailChanges(email: string | null | undefined, currentEmail: string | null) {
  return (email ?? "").trim() !== (currentEmail ?? "");
}

/**
 * The payload of PUT /api/profile: the new password's fields only when one is given, and the
 * current password also when the e-mail address changes (issue 43).
 */
export function toProfilePayload(values: ProfileFormValues, currentEmail: string | null) {
  const base = {
    name: values.name.trim(),
    email: values.email ?? "",
    phone: values.phone ?? "",
    ...(values.orderReminders === undefined ? {} : { orderReminders: values.orderReminders }),
  };
  if (!values.newPassword) {
    return emailChanges(values.email, currentEmail)
      ? { ...base, currentPassword: values.currentPassword }
      : base;
  }
  return {
    ...base,
    currentPassword: values.currentPassword,
    newPassword: values.newPassword,
    confirmPassword: values.confirmPassword,
  };
}

const PASSWORD_FOR_EMAIL = "Enter your current password to change your e-mail address";

/** Under the e-mail field: what a change needs, or the address still waiting for its link. */
function emailHint(user: SessionUser, changing: boolean): string | undefined {
  if (changing) {
    return user.email
      ? `${PASSWORD_FOR_EMAIL} below. The new address replaces ${user.email} when you open the link we send to it.`
      : `${PASSWORD_FOR_EMAIL} below.`;
  }
  if (user.pendingEmail) {
    return `Waiting for confirmation at ${user.pendingEmail}: open the link we sent there. Until then, mail goes to ${user.email ?? "no address"}.`;
  }
  return undefined;
}

// Profile Settings (spec 000 §2, §5), with the one-way conversion to a teacher account.
export function ProfileDialog({
  user,
  open,
  onOpenChange,
}: {
  user: SessionUser;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const router = useRouter();
  const client = useQueryClient();
  const form = useForm<ProfileFormValues>({
    resolver: zodResolver(profileSchema),
    values: {
      name: user.name,
      email: user.email ?? "",
      phone: user.phone ?? "",
      currentPassword: "",
      newPassword: "",
      confirmPassword: "",
      // Only parents and teachers order, so only they are reminded (issue 19).
      ...(user.role === "admin" ? {} : { orderReminders: user.orderReminders }),
    },
    // A phone proven or a choice saved below refreshes the user: what was typed here stays.
    resetOptions: { keepDirtyValues: true },
  });

  const emailChanged = emailChanges(useWatch({ control: form.control, name: "email" }), user.email);
  const phoneVerified = useAccountMessages(user.role !== "admin").data?.phoneVerified === true;

  async function onSubmit(values: ProfileFormValues) {
    const changesEmail = emailChanges(values.email, user.email);
    if (changesEmail && !values.currentPassword) {
      form.setError("currentPassword", { message: PASSWORD_FOR_EMAIL });
      form.setFocus("currentPassword");
      return;
    }
    try {
      const saved = await api("/api/profile", {
        method: "PUT",
        body: toProfilePayload(values, user.email),
      });
      if (changesEmail && saved.pendingEmail) {
        toastSuccess(
          "Check your e-mail",
          `We sent a link to ${saved.pendingEmail}. Your address changes when you open it.`,
        );
      } else {
        toastSuccess("Success", "Profile updated successfully");
      }
      // The phone's proof and the reminders' channels follow the profile (issue 48).
      void client.invalidateQueries({ queryKey: queryKeys.notifications });
      onOpenChange(false);
      router.refresh();
    } catch (error) {
      if (error instanceof ApiRequestError && error.body?.details) {
        const details = error.body.details as Record<string, string[] | undefined>;
        const message = details.currentPassword?.[0];
        if (message) form.setError("currentPassword", { message });
      }
      toastError(error, "Failed to update profile", "Update Failed");
    }
  }

  return (
    <FormDialog
      open={open}
      onOpenChange={onOpenChange}
      title="Profile Settings"
      description={<>Signed in as {user.username}.</>}
      className="max-h-[90dvh] overflow-y-auto"
      form={form}
      onSubmit={form.handleSubmit(onSubmit)}
      pending={form.formState.isSubmitting}
      submitLabel="Save Changes"
      pendingLabel="Saving..."
      after={
        <>
          {user.role !== "admin" && <AccountMessages />}
          {user.role === "parent" && <ConvertToTeacher onConverted={() => onOpenChange(false)} />}
          <YourData user={user} onDeleted={() => onOpenChange(false)} />
        </>
      }
    >
      <TextField control={form.control} name="name" label="Name" autoComplete="name" />
      <TextField
        control={form.control}
        name="email"
        label="Email"
        type="email"
        autoComplete="email"
        description={emailHint(user, emailChanged)}
      />
      <TextField
        control={form.control}
        name="phone"
        label="Phone"
        type="tel"
        autoComplete="tel"
        description={
          phoneVerified && user.phone
            ? "Verified for texts. A new number saved here must be verified again below."
            : undefined
        }
      />
      {user.role !== "admin" && (
        <FormField
          control={form.control}
          name="orderReminders"
          render={({ field }) => (
            <FormItem className="flex items-start justify-between gap-3">
              <div className="grid gap-1">
                <FormLabel>Order reminders</FormLabel>
                <FormDescription>
                  An e-mail the day before a school day when a child has no meal ordered yet.
                </FormDescription>
              </div>
              <FormControl>
                <Switch checked={field.value ?? true} onCheckedChange={field.onChange} />
              </FormControl>
            </FormItem>
          )}
        />
      )}
      <Separator />
      <p className="text-sm text-muted-foreground">
        To change your password, enter your current password and the new one twice. Changing your
        e-mail address needs your current password too.
      </p>
      <TextField
        control={form.control}
        name="currentPassword"
        label="Current password"
        type="password"
        autoComplete="current-password"
      />
      <TextField
        control={form.control}
        name="newPassword"
        label="New password"
        type="password"
        autoComplete="new-password"
      />
      <TextField
        control={form.control}
        name="confirmPassword"
        label="Confirm new password"
        type="password"
        autoComplete="new-password"
      />
    </FormDialog>
  );
}

/** "Are you a member of staff?": the one-way conversion of a parent's account (spec 000 §5). */
function ConvertToTeacher({ onConverted }: { onConverted: () => void }) {
  const sessionChanged = useSessionChanged();
  const [converting, setConverting] = useState(false);

  async function convert() {
    setConverting(true);
    try {
      await api("/api/user/convert-to-teacher", { method: "POST" });
      toastSuccess(
        "Account Converted",
        "Your account has been converted to a teacher account. Please log in again.",
      );
      onConverted();
      sessionChanged();
    } catch (error) {
      toastError(error, "Failed to convert account");
    } finally {
      setConverting(false);
    }
  }

  return (
    <>
      <Separator />
      <div className="grid gap-2">
        <p className="text-sm font-medium">Are you a member of staff?</p>
        <p className="text-sm text-muted-foreground">
          Convert this account to a teacher account to order for yourself. This cannot be undone,
          and you will log in again afterwards.
        </p>
        <AlertDialog>
          <AlertDialogTrigger asChild>
            <Button variant="outline" disabled={converting}>
              Convert to Teacher Account
            </Button>
          </AlertDialogTrigger>
          <AlertDialogContent>
            <AlertDialogHeader>
              <AlertDialogTitle>Convert to a teacher account?</AlertDialogTitle>
              <AlertDialogDescription>
                This is one way: the account becomes a teacher account and you will be logged out to
                log in again.
              </AlertDialogDescription>
            </AlertDialogHeader>
            <AlertDialogFooter>
              <AlertDialogCancel>Cancel</AlertDialogCancel>
              <AlertDialogAction onClick={() => void convert()}>Convert</AlertDialogAction>
            </AlertDialogFooter>
          </AlertDialogContent>
        </AlertDialog>
      </div>
    </>
  );
}
