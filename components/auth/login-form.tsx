"use client";

import { useForm } from "react-hook-form";
import { CredentialFields } from "@/components/auth/credential-fields";
import { useSessionChanged } from "@/components/auth/use-session-actions";
import { toastError, toastSuccess } from "@/components/notifications/toast";
import { Form } from "@/components/ui/form";
import { SubmitButton } from "@/components/ui/form-fields";
import { SHOP_CONTACT_NAME } from "@/lib/brand";
import { api, ApiRequestError, errorMessage } from "@/lib/client/api";
import { AUTH_FORM_ACTIONS } from "@/lib/contracts/auth-form";
import { lazyZodResolver } from "@/lib/client/lazy-zod-resolver";
import type { LoginInput } from "@/lib/validations/login";

// The login page is the first thing a visitor downloads: zod comes with the first submit.
const resolver = lazyZodResolver<LoginInput>(() =>
  import("@/lib/validations/login").then((m) => m.loginSchema),
);

export function LoginForm({ onForgotPassword }: { onForgotPassword: () => void }) {
  const sessionChanged = useSessionChanged();
  const form = useForm<LoginInput>({
    resolver,
    defaultValues: { username: "", password: "" },
  });

  async function onSubmit(values: LoginInput) {
    try {
      await api("/api/login", { method: "POST", body: values });
      toastSuccess("Success", "Logged in successfully");
      sessionChanged();
    } catch (error) {
      toastError(error, "Failed to login");
      // Said in the form too, where the parent is looking, with the cursor back in the password
      // (issue 24 §5); the toast (spec 000 §8) is gone after 3 s.
      if (error instanceof ApiRequestError && (error.status === 401 || error.status === 429)) {
        form.setError(
          "password",
          { type: "server", message: errorMessage(error, "Failed to login") },
          { shouldFocus: true },
        );
      }
    }
  }

  return (
    <Form {...form}>
      <form
        method="post"
        action={AUTH_FORM_ACTIONS.login}
        onSubmit={form.handleSubmit(onSubmit)}
        className="grid gap-4"
        noValidate
      >
        <CredentialFields
          control={form.control}
          passwordAside={
            <button
              type="button"
              onClick={onForgotPassword}
              className="-my-3 inline-flex min-h-11 items-center text-sm text-primary underline-offset-4 hover:underline focus-visible:underline"
            >
              Forgot your password?
            </button>
          }
        />
        <p className="rounded-md bg-muted px-3 py-2 text-sm text-muted-foreground">
          Forgot your username? Contact {SHOP_CONTACT_NAME} at the shop for assistance.
        </p>
        <SubmitButton
          pending={form.formState.isSubmitting}
          label="Login to Portal"
          pendingLabel="Logging in..."
          className="w-full"
        />
      </form>
    </Form>
  );
}
