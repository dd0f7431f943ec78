"use client";

import dynamic from "next/dynamic";
import { useState, type ReactNode } from "react";
import { LoginForm } from "@/components/auth/login-form";
import { useShownOnce } from "@/components/portal/use-shown-once";
import { useSchoolName } from "@/components/school-brand";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { DEVELOPER_CREDIT } from "@/lib/brand";
import type { AuthMode } from "@/lib/contracts/auth-form";

// The registration form (with zod's classic API for its schema) and the reset-password dialog are
// fetched when first asked for: the login form is what a visitor needs first, on a phone.
const RegisterForm = dynamic(() =>
  import("@/components/auth/register-form").then((m) => m.RegisterForm),
);
const ResetPasswordDialog = dynamic(() =>
  import("@/components/auth/reset-password-dialog").then((m) => m.ResetPasswordDialog),
);

// The authentication page (spec 000 §2): login mode by default, registration mode by the link
// under the form. Switching modes remounts the form, which clears it. The name on it is the
// school's at this address (components/school-brand.tsx).
export function AuthPage({
  initialMode = "login",
  notice,
  intro,
}: {
  initialMode?: AuthMode;
  /** Above the form: what the visitor came for (a guardian's invitation, issue 49). */
  intro?: ReactNode;
  /** A no-script post's problem, shown above the form it came from (lib/contracts/auth-form.ts). */
  notice?: string;
}) {
  const shopName = useSchoolName();
  const [mode, setMode] = useState<AuthMode>(initialMode);
  const [shownNotice, setShownNotice] = useState(notice);
  const [resetOpen, setResetOpen] = useState(false);
  const resetUsed = useShownOnce(resetOpen);
  const registering = mode === "register";

  return (
    <div className="flex min-h-dvh flex-col items-center justify-between bg-muted/40 px-4 py-8">
      <main className="flex w-full max-w-md flex-1 flex-col justify-center">
        <div className="mb-6 flex flex-col items-center gap-3 text-center">
          {/* A plain <img>: a small SVG served as it is; next/image would add client code. */}
          {/* eslint-disable-next-line @next/next/no-img-element */}
          <img
            src="/logo.svg"
            alt={`${shopName} logo`}
            width={64}
            height={64}
            className="size-16"
          />
          <h1 className="text-2xl font-semibold tracking-tight">{shopName}</h1>
          <p className="text-sm text-muted-foreground">Parent &amp; Teacher Portal</p>
        </div>
        {intro}
        <Card>
          <CardHeader>
            <CardTitle>{registering ? "Create an account" : "Login"}</CardTitle>
            <CardDescription>
              {registering
                ? "Register to pre-order school lunches."
                : "Sign in to order lunches and follow your orders."}
            </CardDescription>
          </CardHeader>
          <CardContent className="grid gap-4">
            {shownNotice ? (
              <p
                role="alert"
                className="rounded-md border border-destructive/40 bg-destructive/10 px-3 py-2 text-sm text-destructive"
              >
                {shownNotice}
              </p>
            ) : null}
            {registering ? (
              <RegisterForm key="register" />
            ) : (
              <LoginForm key="login" onForgotPassword={() => setResetOpen(true)} />
            )}
            <p className="text-center text-sm">
              {/* A link, so the other form opens before the scripts have loaded too. */}
              <a
                href={registering ? "/" : "/?auth=register"}
                className="inline-flex min-h-11 items-center font-medium text-primary underline-offset-4 hover:underline focus-visible:underline"
                onClick={(event) => {
                  event.preventDefault();
                  setShownNotice(undefined);
                  setMode(registering ? "login" : "register");
                }}
              >
                {registering
                  ? "Already have an account? Login"
                  : `New to ${shopName}? Create an account`}
              </a>
            </p>
          </CardContent>
        </Card>
      </main>
      <footer className="mt-8 text-center text-xs text-muted-foreground">
        Developed by {DEVELOPER_CREDIT}
      </footer>
      {resetUsed && <ResetPasswordDialog open={resetOpen} onOpenChange={setResetOpen} />}
    </div>
  );
}
