"use client";

import { useState } from "react";
import { toastFailure } from "@/components/notifications/toast";
import { SandboxNotice } from "@/components/payment/sandbox-notice";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { Spinner } from "@/components/ui/spinner";
import { api, errorMessage } from "@/lib/client/api";
import { formatZmw } from "@/lib/money";
import type { SandboxAction, SandboxPayment } from "@/lib/payments/sandbox";

const ACTIONS: {
  action: SandboxAction;
  label: string;
  variant: "default" | "destructive" | "outline";
}[] = [
  { action: "pay", label: "Pay", variant: "default" },
  { action: "decline", label: "Decline", variant: "destructive" },
  { action: "cancel", label: "Cancel", variant: "outline" },
];

// The sandbox's hosted pay page: the tester chooses what the "card" does, then the browser goes
// where DPO would send it (the portal's return or back address).
export function SandboxPayPage({ payment }: { payment: SandboxPayment }) {
  const [pending, setPending] = useState<SandboxAction | null>(null);
  const amount =
    payment.currency === "ZMW"
      ? formatZmw(payment.amount)
      : `${payment.currency} ${payment.amount}`;

  async function decide(action: SandboxAction) {
    setPending(action);
    try {
      const { redirectTo } = await api("/api/payments/sandbox/decide", {
        method: "POST",
        body: { token: payment.token, action },
      });
      // Only ever a web address (the server builds it from the portal's own return URLs).
      if (!/^https?:$/.test(new URL(redirectTo, window.location.href).protocol)) {
        throw new Error("Unexpected return address");
      }
      window.location.assign(redirectTo);
    } catch (error) {
      toastFailure(errorMessage(error, "The test payment could not be completed."));
      setPending(null);
    }
  }

  return (
    <main className="flex min-h-dvh items-center justify-center px-4 py-8">
      <Card className="w-full max-w-md">
        <CardHeader>
          <SandboxNotice>Test payment page — no money moves</SandboxNotice>
          <CardTitle className="pt-2 text-xl">Card payment (sandbox)</CardTitle>
          <CardDescription>
            Choose what the card does. The portal then checks the result with the sandbox, as it
            would with DPO Pay.
          </CardDescription>
        </CardHeader>
        <CardContent className="flex flex-col gap-6">
          <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-2 text-sm">
            <dt className="text-muted-foreground">Amount</dt>
            <dd className="text-lg font-semibold" data-testid="sandbox-amount">
              {amount}
            </dd>
            <dt className="text-muted-foreground">Reference</dt>
            <dd className="font-mono break-all">{payment.companyRef}</dd>
            {payment.customer ? (
              <>
                <dt className="text-muted-foreground">Customer</dt>
                <dd>{payment.customer}</dd>
              </>
            ) : null}
          </dl>
          {payment.status === "created" ? (
            <div className="flex flex-col gap-2 sm:flex-row">
              {ACTIONS.map(({ action, label, variant }) => (
                <Button
                  key={action}
                  variant={variant}
                  className="flex-1"
                  disabled={pending !== null}
                  onClick={() => void decide(action)}
                >
                  {pending === action ? <Spinner label={`${label}…`} /> : null}
                  {label}
                </Button>
              ))}
            </div>
          ) : (
            <p role="status" className="text-sm text-muted-foreground">
              This test payment is already {payment.status}.
            </p>
          )}
        </CardContent>
      </Card>
    </main>
  );
}
