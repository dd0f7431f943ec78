"use client";

import Link from "next/link";
import { useState } from "react";
import { LoginForm } from "@/components/auth/login-form";
import { RegisterForm } from "@/components/auth/register-form";
import { ResetPasswordDialog } from "@/components/auth/reset-password-dialog";
import { toastError, toastSuccess } from "@/components/notifications/toast";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { api } from "@/lib/client/api";
import { gradeLabel } from "@/lib/client/format";
import type { Role } from "@/lib/contracts/permissions";
import {
  ROLL_CLAIM_PARENTS_ONLY,
  ROLL_LINK_EXPIRED,
  ROLL_LINK_INVALID,
  ROLL_LINK_USED,
  type RollClaimDto,
} from "@/lib/contracts/roll";

// The claim page's screen (issue 49, decision 0120), phone first: which child and address the link
// is for; signed out, sign in or create the account with that address (the forms refresh the page,
// which then shows Accept); signed in as a parent, Accept.

function Shell({ title, children }: { title: string; children: React.ReactNode }) {
  return (
    <main className="mx-auto flex min-h-dvh w-full max-w-md flex-col justify-center gap-4 px-4 py-8">
      <h1 className="text-center text-2xl font-semibold tracking-tight">{title}</h1>
      {children}
    </main>
  );
}

function Notice({ text }: { text: string }) {
  return (
    <Card>
      <CardContent className="grid gap-4 pt-6">
        <p role="alert">{text}</p>
        <Button asChild variant="outline">
          <Link href="/">Go to the portal</Link>
        </Button>
      </CardContent>
    </Card>
  );
}

function SignInFirst({ email }: { email: string }) {
  const [registering, setRegistering] = useState(false);
  const [resetOpen, setResetOpen] = useState(false);
  return (
    <Card>
      <CardHeader>
        <CardTitle>{registering ? "Create your account" : "Sign in"}</CardTitle>
        <CardDescription>
          {registering ? "Create your account with " : "Sign in to your account with "}
          <span className="font-medium break-all text-foreground">{email}</span>, then accept.
        </CardDescription>
      </CardHeader>
      <CardContent className="grid gap-4">
        {registering ? (
          <RegisterForm key="register" defaultEmail={email} />
        ) : (
          <LoginForm key="login" onForgotPassword={() => setResetOpen(true)} />
        )}
        <Button type="button" variant="link" onClick={() => setRegistering(!registering)}>
          {registering ? "I already have an account" : "I have no account yet: create one"}
        </Button>
        <ResetPasswordDialog open={resetOpen} onOpenChange={setResetOpen} />
      </CardContent>
    </Card>
  );
}

function Accept({ token, claim, name }: { token: string; claim: RollClaimDto; name: string }) {
  const [state, setState] = useState<"idle" | "pending" | "done">("idle");
  async function accept() {
    setState("pending");
    try {
      const done = await api("/api/roll/claim", { method: "POST", body: { token } });
      toastSuccess("Child added", done.message);
      setState("done");
    } catch (error) {
      toastError(error, "Failed to accept");
      setState("idle");
    }
  }
  if (state === "done") {
    return (
      <Card>
        <CardContent className="grid gap-4 pt-6">
          <p role="status">{claim.childName} is now on your account.</p>
          <Button asChild>
            <Link href="/">Order lunches</Link>
          </Button>
        </CardContent>
      </Card>
    );
  }
  return (
    <Card>
      <CardHeader>
        <CardTitle>Accept</CardTitle>
        <CardDescription>
          Signed in as {name}. Accepting adds {claim.childName} to this account, so you can order
          school lunches for them.
        </CardDescription>
      </CardHeader>
      <CardContent>
        <Button className="w-full" disabled={state === "pending"} onClick={() => void accept()}>
          {state === "pending" ? "Accepting…" : "Accept"}
        </Button>
      </CardContent>
    </Card>
  );
}

export function ClaimScreen({
  token,
  claim,
  user,
}: {
  token: string;
  claim: RollClaimDto | null;
  user: { name: string; role: Role } | null;
}) {
  if (!claim) {
    return (
      <Shell title="Add your child">
        <Notice text={ROLL_LINK_INVALID} />
      </Shell>
    );
  }
  return (
    <Shell title={claim.schoolName}>
      <p className="text-center text-sm text-muted-foreground">
        {claim.guardianName ? `${claim.guardianName}, ` : ""}
        {claim.schoolName} invites you to add{" "}
        <span className="font-medium text-foreground">{claim.childName}</span> (
        {gradeLabel(claim.grade)}) to your canteen account.
      </p>
      {claim.status === "claimed" ? (
        <Notice text={ROLL_LINK_USED} />
      ) : claim.status === "expired" ? (
        <Notice text={ROLL_LINK_EXPIRED} />
      ) : !user ? (
        <SignInFirst email={claim.email} />
      ) : user.role !== "parent" ? (
        <Notice text={ROLL_CLAIM_PARENTS_ONLY} />
      ) : (
        <Accept token={token} claim={claim} name={user.name} />
      )}
    </Shell>
  );
}
