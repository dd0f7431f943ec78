"use client";

import Link from "next/link";
import { zodResolver } from "@hookform/resolvers/zod";
import { useForm } from "react-hook-form";
import { useSessionChanged } from "@/components/auth/use-session-actions";
import { toastError, toastSuccess } from "@/components/notifications/toast";
import { Form } from "@/components/ui/form";
import { SubmitButton, TextField } from "@/components/ui/form-fields";
import { api } from "@/lib/client/api";
import { AUTH_FORM_ACTIONS } from "@/lib/contracts/auth-form";
import {
  registerFormSchema,
  toRegisterPayload,
  type RegisterFormInput,
} from "@/lib/validations/auth";

/** `defaultEmail`: the address a roll invitation was sent to (the claim page, issue 49). */
export function RegisterForm({ defaultEmail = "" }: { defaultEmail?: string } = {}) {
  const sessionChanged = useSessionChanged();
  const form = useForm<RegisterFormInput>({
    resolver: zodResolver(registerFormSchema),
    defaultValues: {
      firstName: "",
      lastName: "",
      username: "",
      password: "",
      email: defaultEmail,
      phone: "",
    },
  });

  async function onSubmit(values: RegisterFormInput) {
    try {
      await api("/api/register", { method: "POST", body: toRegisterPayload(values) });
      toastSuccess("Success", "Registered successfully");
      sessionChanged();
      // The dashboard starts at its top, with "Add a student" in view, not at the form's scroll
      // position (issue 24 §5).
      window.scrollTo({ top: 0 });
    } catch (error) {
      toastError(error, "Failed to register");
    }
  }

  return (
    <Form {...form}>
      <form
        method="post"
        action={AUTH_FORM_ACTIONS.register}
        onSubmit={form.handleSubmit(onSubmit)}
        className="grid gap-4"
        noValidate
      >
        <div className="grid gap-4 sm:grid-cols-2">
          <TextField
            control={form.control}
            name="firstName"
            label="First name"
            autoComplete="given-name"
          />
          <TextField
            control={form.control}
            name="lastName"
            label="Last name"
            autoComplete="family-name"
          />
        </div>
        <TextField
          control={form.control}
          name="username"
          label="Username"
          description="Keep it simple and memorable and avoid complex characters, for example john.banda"
          autoComplete="username"
          autoCapitalize="none"
          spellCheck={false}
        />
        <TextField
          control={form.control}
          name="password"
          label="Password"
          type="password"
          autoComplete="new-password"
        />
        <TextField
          control={form.control}
          name="email"
          label="Email"
          description="Needed to order and pay. Allows password recovery and order confirmations by email."
          type="email"
          autoComplete="email"
          inputMode="email"
        />
        <TextField
          control={form.control}
          name="phone"
          label="Phone (optional)"
          description="So the school office can call you about an order."
          type="tel"
          autoComplete="tel"
          placeholder="e.g. 0971234567"
        />
        <SubmitButton
          pending={form.formState.isSubmitting}
          label="Create Account"
          pendingLabel="Creating account..."
          className="w-full"
        />
        <p className="text-center text-xs text-muted-foreground">
          How the school keeps your family&apos;s data:{" "}
          <Link href="/privacy" className="font-medium text-primary underline underline-offset-4">
            Privacy notice
          </Link>
        </p>
      </form>
    </Form>
  );
}
