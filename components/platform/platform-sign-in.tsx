"use client";

import { zodResolver } from "@hookform/resolvers/zod";
import { useForm } from "react-hook-form";
import type { z } from "zod";
import { CredentialFields } from "@/components/auth/credential-fields";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { Form } from "@/components/ui/form";
import { SubmitButton } from "@/components/ui/form-fields";
import { errorMessage } from "@/lib/client/api";
import { NO_SCRIPT_ACTION } from "@/lib/contracts/auth-form";
import { platformLoginSchema } from "@/lib/validations/platform";
import { useSignIn } from "./use-platform";

type Values = z.input<typeof platformLoginSchema>;

/** The operators' own sign-in (not a school's account): username and password. */
export function PlatformSignIn() {
  const form = useForm<Values, unknown, z.output<typeof platformLoginSchema>>({
    resolver: zodResolver(platformLoginSchema),
    defaultValues: { username: "", password: "" },
  });
  const signIn = useSignIn();

  const submit = form.handleSubmit(async (values) => {
    try {
      await signIn.mutateAsync(values);
    } catch (error) {
      // 401 "Invalid username or password", 429 after many failures: under the password, with
      // the cursor back in it.
      form.setError(
        "password",
        { type: "server", message: errorMessage(error, "Failed to sign in") },
        { shouldFocus: true },
      );
    }
  });

  return (
    <main className="flex min-h-dvh items-center justify-center bg-muted/40 px-4 py-8">
      <Card className="w-full max-w-sm">
        <CardHeader>
          <CardTitle>
            <h1 className="text-xl">Platform</h1>
          </CardTitle>
          <CardDescription>Sign in as an operator to manage the schools.</CardDescription>
        </CardHeader>
        <CardContent>
          <Form {...form}>
            <form
              method="post"
              action={NO_SCRIPT_ACTION}
              onSubmit={(event) => void submit(event)}
              className="grid gap-4"
              noValidate
            >
              <CredentialFields control={form.control} />
              <SubmitButton
                pending={form.formState.isSubmitting}
                label="Sign in"
                pendingLabel="Signing in..."
                className="w-full"
              />
            </form>
          </Form>
        </CardContent>
      </Card>
    </main>
  );
}
