"use client";

import { zodResolver } from "@hookform/resolvers/zod";
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
import {
  Form,
  FormControl,
  FormField,
  FormItem,
  FormLabel,
  FormMessage,
} from "@/components/ui/form";
import { Input } from "@/components/ui/input";
import { Textarea } from "@/components/ui/textarea";
import type { SessionUser } from "@/lib/auth/session";
import { api, errorMessage } from "@/lib/client/api";
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
      notify({
        title: "Message Sent",
        description: answer?.message ?? "Thank you. We will get back to you soon.",
        variant: "success",
      });
      form.reset({ name: values.name, email: values.email, message: "" });
      onOpenChange(false);
    } catch (error) {
      notify({
        title: "Error sending message",
        description: errorMessage(error, "Failed to send email"),
        variant: "destructive",
      });
    }
  }

  const submitting = form.formState.isSubmitting;
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>Send us an email</DialogTitle>
          <DialogDescription>We reply to the e-mail address you give here.</DialogDescription>
        </DialogHeader>
        <Form {...form}>
          <form onSubmit={form.handleSubmit(onSubmit)} className="grid gap-4" noValidate>
            <FormField
              control={form.control}
              name="name"
              render={({ field }) => (
                <FormItem>
                  <FormLabel>Name</FormLabel>
                  <FormControl>
                    <Input autoComplete="name" {...field} />
                  </FormControl>
                  <FormMessage />
                </FormItem>
              )}
            />
            <FormField
              control={form.control}
              name="email"
              render={({ field }) => (
                <FormItem>
                  <FormLabel>Email</FormLabel>
                  <FormControl>
                    <Input type="email" autoComplete="email" {...field} />
                  </FormControl>
                  <FormMessage />
                </FormItem>
              )}
            />
            <FormField
              control={form.control}
              name="message"
              render={({ field }) => (
                <FormItem>
                  <FormLabel>Message</FormLabel>
                  <FormControl>
                    <Textarea rows={5} maxLength={5000} {...field} />
                  </FormControl>
                  <FormMessage />
                </FormItem>
              )}
            />
            <DialogFooter>
              <Button type="button" variant="outline" onClick={() => onOpenChange(false)}>
                Cancel
              </Button>
              <Button type="submit" disabled={submitting}>
                {submitting ? "Sending..." : "Send Message"}
              </Button>
            </DialogFooter>
          </form>
        </Form>
      </DialogContent>
    </Dialog>
  );
}
