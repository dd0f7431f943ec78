"use client";

import { Smartphone } from "lucide-react";
import type { MobileStep } from "@/components/portal/mobile-money/use-mobile-payment";
import { Button } from "@/components/ui/button";
import { DialogFooter } from "@/components/ui/dialog";
import { Spinner } from "@/components/ui/spinner";
import { approveText, CONFIRM_LATER } from "@/lib/client/mobile-payment";

type AfterSend = Exclude<MobileStep, { step: "number" } | { step: "sending" }>;

// What the Cart's mobile-money dialog shows once the push has gone out (issue 16): the waiting
// screen with Cancel, then a decline's reason with Try again, or the hand-over to the sweep.
export function MobileWaiting({
  state,
  totalNgwee,
  onCancel,
  onTryAgain,
  onClose,
}: {
  state: AfterSend;
  totalNgwee: number;
  onCancel: () => void;
  onTryAgain: () => void;
  onClose: () => void;
}) {
  if (state.step === "waiting") {
    return (
      <div className="grid gap-4" data-testid="mobile-waiting">
        <div role="status" aria-live="polite" className="flex items-start gap-3">
          <Smartphone aria-hidden className="mt-0.5 size-6 shrink-0 text-primary" />
          <p className="font-medium break-words">{approveText(totalNgwee, state.masked)}</p>
        </div>
        {state.instructions ? (
          <p className="text-sm break-words text-muted-foreground">{state.instructions}</p>
        ) : null}
        <p className="flex items-center gap-2 text-sm text-muted-foreground">
          <Spinner label="Waiting for your approval" />
          <span aria-hidden>Waiting for your approval…</span>
        </p>
        <DialogFooter>
          <Button variant="outline" disabled={state.cancelling} onClick={onCancel}>
            {state.cancelling ? "Cancelling..." : "Cancel"}
          </Button>
        </DialogFooter>
      </div>
    );
  }
  if (state.step === "declined") {
    return (
      <div className="grid gap-4">
        <div role="alert" className="grid gap-1">
          <p className="font-medium">The payment was not approved</p>
          <p className="text-sm break-words text-muted-foreground">{state.reason}</p>
        </div>
        <DialogFooter>
          <Button variant="outline" onClick={onClose}>
            Close
          </Button>
          <Button onClick={onTryAgain}>Try again</Button>
        </DialogFooter>
      </div>
    );
  }
  return (
    <div className="grid gap-4">
      <div role="status" className="grid gap-1">
        <p className="font-medium">{CONFIRM_LATER}</p>
        <p className="text-sm break-words text-muted-foreground">
          {state.message ?? "Your confirmation e-mail follows as soon as it is paid."}
        </p>
      </div>
      <DialogFooter>
        <Button onClick={onClose}>Close</Button>
      </DialogFooter>
    </div>
  );
}
