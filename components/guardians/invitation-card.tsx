"use client";

import { useMutation } from "@tanstack/react-query";
import { useRouter } from "next/navigation";
import { useState } from "react";
import { useLogout } from "@/components/auth/use-session-actions";
import { toastSuccess } from "@/components/notifications/toast";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { api, ApiRequestError } from "@/lib/client/api";
import {
  INVITATION_EXPIRED,
  INVITATION_NOT_VALID,
  INVITATION_USED,
  INVITATION_WITHDRAWN,
  type InvitationPreviewDto,
} from "@/lib/contracts/guardians";

// Issue 49 (decision 0119): the page a guardian's invitation link opens. Signed out, the summary
// sits above the sign-in and registration forms (which refresh this page once signed in); signed
// in, the account accepts, and the child is on its Students tab.

const CLOSED: Record<Exclude<InvitationPreviewDto["status"], "open">, string> = {
  accepted: INVITATION_USED,
  expired: INVITATION_EXPIRED,
  withdrawn: INVITATION_WITHDRAWN,
};

/** Why the link opens nothing, or null while it is open. */
export function invitationProblem(preview: InvitationPreviewDto | null): string | null {
  if (!preview) return INVITATION_NOT_VALID;
  return preview.status === "open" ? null : CLOSED[preview.status];
}

export function InvitationSummary({
  preview,
  signedOut = false,
}: {
  preview: InvitationPreviewDto;
  signedOut?: boolean;
}) {
  return (
    <Card className="mb-4">
      <CardHeader>
        <CardTitle>Guardian invitation</CardTitle>
        <CardDescription className="break-words">
          {preview.inviterName} invites you to be {preview.childFirstName}&apos;s second guardian at{" "}
          {preview.schoolName}: you will see the menu, order and pay for lunches, and keep allergies
          up to date together.
        </CardDescription>
      </CardHeader>
      <CardContent className="text-sm break-words">
        {signedOut ? (
          <p>
            Sent to <span className="font-medium">{preview.email}</span>. Sign in, or create an
            account with this e-mail address, to accept.
          </p>
        ) : (
          <p>
            Sent to <span className="font-medium">{preview.email}</span>.
          </p>
        )}
      </CardContent>
    </Card>
  );
}

export function InvitationCard({
  token,
  preview,
  canAccept,
  signedIn,
}: {
  token: string;
  preview: InvitationPreviewDto | null;
  /** Someone is signed in (Sign out is offered to switch to the invited account). */
  signedIn: boolean;
  /** Signed in as a parent or teacher (an admin account has no children). */
  canAccept: boolean;
}) {
  const router = useRouter();
  const logout = useLogout();
  const [problem, setProblem] = useState<string | null>(null);
  const accept = useMutation({
    mutationFn: () => api(`/api/guardian-invitations/${token}`, { method: "POST" }),
    onSuccess: (answer) => {
      toastSuccess("Invitation accepted", answer.message);
      router.push("/");
    },
    onError: (error) =>
      setProblem(error instanceof ApiRequestError ? error.message : "Please try again."),
  });
  const closed = invitationProblem(preview);
  return (
    <main className="flex min-h-dvh flex-col items-center justify-center bg-muted/40 px-4 py-8">
      <div className="w-full max-w-md">
        {preview && !closed && <InvitationSummary preview={preview} />}
        <Card>
          <CardContent className="grid gap-3 text-sm">
            {closed ? (
              <p role="alert" className="font-medium">
                {closed}
              </p>
            ) : !canAccept ? (
              <p role="alert">Sign in with a parent or teacher account to accept.</p>
            ) : (
              <Button onClick={() => accept.mutate()} disabled={accept.isPending}>
                {accept.isPending ? "Accepting..." : "Accept invitation"}
              </Button>
            )}
            {problem && (
              <p role="alert" className="break-words text-destructive">
                {problem}
              </p>
            )}
            <div className="flex flex-wrap gap-2">
              <Button variant="outline" onClick={() => router.push("/")}>
                Go to the portal
              </Button>
              {signedIn && (problem || !canAccept) && (
                <Button variant="outline" onClick={() => void logout()}>
                  Sign out
                </Button>
              )}
            </div>
          </CardContent>
        </Card>
      </div>
    </main>
  );
}
