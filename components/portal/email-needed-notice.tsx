"use client";

import { MailWarning } from "lucide-react";
import { openProfileSettings } from "@/components/portal/open-profile";
import { Button } from "@/components/ui/button";
import type { SessionUser } from "@/lib/auth/session";

export const ADD_EMAIL_LABEL = "Add email address";

// An account without an e-mail cannot place orders (spec 000 §5, "Email Required"). Say so on the
// dashboard before any cart is built (issue 24 §2), with the way to fix it.
export function EmailNeededNotice({ user }: { user: Pick<SessionUser, "email"> }) {
  if (user.email) return null;
  return (
    <section
      aria-labelledby="email-needed-title"
      className="mb-6 flex flex-col gap-3 rounded-lg border border-warning/50 bg-warning/10 p-4 sm:flex-row sm:items-center"
    >
      <MailWarning aria-hidden className="size-6 shrink-0 text-warning" />
      <div className="min-w-0 flex-1">
        <h2 id="email-needed-title" className="font-medium">
          Add an email address to order and pay
        </h2>
        <p className="text-sm text-muted-foreground">
          Orders are confirmed and receipts are sent by email, so placing an order needs one on your
          profile.
        </p>
      </div>
      <Button onClick={openProfileSettings} className="min-h-11">
        {ADD_EMAIL_LABEL}
      </Button>
    </section>
  );
}
