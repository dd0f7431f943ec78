"use client";

import { zodResolver } from "@hookform/resolvers/zod";
import { useForm } from "react-hook-form";
import { type z } from "zod";
import { toastError, toastSuccess } from "@/components/notifications/toast";
import { FormDialog } from "@/components/ui/form-dialog";
import { TextareaField, TextField } from "@/components/ui/form-fields";
import type { SessionUser } from "@/lib/auth/session";
import { api } from "@/lib/client/api";
import { contactEmailSchema } from "@/lib/validations/contact";

type ContactEmailValues = z.input<typeof contactEmailSchema>;

// "Send us an email" (spec 000 §2): POST /api/contact/email.
export function ContactEmailDialog({
  user,
  open,
  onOpenChange,
}: {
  user: SessionUser;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const form = useForm<ContactEmailValues>({
    resolver: zodResolver(contactEmailSchema),
    defaultValues: { name: user.name, email: user.email ?? "", message: "" },
  });

  async function onSubmit(values: ContactEmailValues) {
    try {
      const answer = await api("/api/contact/email", {
        method: "POST",
        body: contactEmailSchema.parse(values),
      });
      toastSuccess("Message Sent", answer?.message ?? "Thank you. We will get back to you soon.");
      form.reset({ name: values.name, email: values.email, message: "" });
      onOpenChange(false);
    } catch (error) {
      toastError(error, "Failed to send email", "Error sending message");
    }
  }

  return (
    <FormDialog
      open={open}
      onOpenChange={onOpenChange}
      title="Send us an email"
      description="We reply to the e-mail address you give here."
      form={form}
      onSubmit={form.handleSubmit(onSubmit)}
      pending={form.formState.isSubmitting}
      submitLabel="Send Message"
      pendingLabel="Sending..."
    >
      <TextField control={form.control} name="name" label="Name" autoComplete="name" />
      <TextField
        control={form.control}
        name="email"
        label="Email"
        type="email"
        autoComplete="email"
      />
      <TextareaField
        control={form.control}
        name="message"
        label="Message"
        rows={5}
        maxLength={5000}
      />
    </FormDialog>
  );
}
