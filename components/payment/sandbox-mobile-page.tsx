"use client";

import { RefreshCw, Smartphone } from "lucide-react";
import { useRouter } from "next/navigation";
import { useState } from "react";
import { SandboxNotice } from "@/components/payment/sandbox-notice";
import { toastError, toastSuccess } from "@/components/notifications/toast";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { Spinner } from "@/components/ui/spinner";
import { api } from "@/lib/client/api";
import { formatZmw } from "@/lib/money";
import type { SandboxPush } from "@/lib/payments/sandbox-mobile";

type Decision = "pay" | "decline";

// The sandbox's phone: each open mobile-money push of the signed-in payer, with what the phone's
// prompt would offer. Approve and Decline go through the sandbox's own decision call; the portal's
// waiting screen then learns the outcome from verifyToken, as it would from DPO.
export function SandboxMobilePage({ pushes }: { pushes: SandboxPush[] }) {
  const router = useRouter();
  const [pending, setPending] = useState<string | null>(null);

  async function decide(token: string, action: Decision) {
    setPending(`${token}:${action}`);
    try {
      await api("/api/payments/sandbox/decide", { method: "POST", body: { token, action } });
      toastSuccess(action === "pay" ? "Payment approved" : "Payment declined");
      router.refresh();
    } catch (error) {
      toastError(error, "The test payment could not be decided.");
    } finally {
      setPending(null);
    }
  }

  return (
    <main className="flex min-h-dvh items-start justify-center px-4 py-8 sm:items-center">
      <Card className="w-full max-w-md">
        <CardHeader>
          <SandboxNotice>Test phone — no money moves</SandboxNotice>
          <CardTitle className="pt-2 text-xl">Mobile money (sandbox)</CardTitle>
          <CardDescription>
            The payment requests your phone would show. Approve or decline one; the portal then
            checks the result with the sandbox, as it would with DPO Pay.
          </CardDescription>
        </CardHeader>
        <CardContent className="flex flex-col gap-4">
          {pushes.length === 0 ? (
            <p role="status" className="text-sm text-muted-foreground">
              No payment request is waiting. Start a mobile money payment in the Cart, then refresh.
            </p>
          ) : (
            <ul className="flex flex-col gap-3" aria-label="Payment requests">
              {pushes.map((push) => (
                <li key={push.token} className="rounded-md border p-3" data-testid="sandbox-push">
                  <p className="flex flex-wrap items-center gap-x-2 text-sm">
                    <Smartphone className="size-4 shrink-0" aria-hidden />
                    <span className="font-mono">{push.mobileNumber}</span>
                    <span className="text-muted-foreground">{push.mno}</span>
                  </p>
                  <p className="py-2 text-lg font-semibold">
                    {push.currency === "ZMW"
                      ? formatZmw(push.amount)
                      : `${push.currency} ${push.amount}`}
                  </p>
                  <div className="flex flex-col gap-2 sm:flex-row">
                    {(["pay", "decline"] as const).map((action) => (
                      <Button
                        key={action}
                        variant={action === "pay" ? "default" : "destructive"}
                        className="flex-1"
                        disabled={pending !== null}
                        onClick={() => void decide(push.token, action)}
                      >
                        {pending === `${push.token}:${action}` ? <Spinner label="…" /> : null}
                        {action === "pay" ? "Approve" : "Decline"}
                      </Button>
                    ))}
                  </div>
                </li>
              ))}
            </ul>
          )}
          <Button variant="outline" onClick={() => router.refresh()}>
            <RefreshCw className="size-4" aria-hidden />
            Refresh
          </Button>
        </CardContent>
      </Card>
    </main>
  );
}
