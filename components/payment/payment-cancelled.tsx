"use client";

import { XCircle } from "lucide-react";
import { useRouter } from "next/navigation";
import { useEffect, useRef } from "react";
import { toastFailure } from "@/components/notifications/toast";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { api } from "@/lib/client/api";

// spec 001 §2: 'Payment Cancelled' with a Return to Home button; with a returnUrl, go there after
// 1.5 s.
export function PaymentCancelled({
  returnUrl,
  transactionId,
}: {
  returnUrl?: string | undefined;
  transactionId?: string | undefined;
}) {
  const router = useRouter();
  // Once per page: Strict Mode (development) runs the effect twice, and the toast and the report
  // are not to be repeated (the redirect timer is, as its cleanup clears the first one).
  const reported = useRef(false);

  useEffect(() => {
    if (!reported.current) report();
    if (!returnUrl) return;
    const timer = setTimeout(() => router.replace(returnUrl), 1500);
    return () => clearTimeout(timer);

    function report() {
      reported.current = true;
      toastFailure("Payment Cancelled");
      // Tell the server; it checks with the provider and cancels the unpaid transaction there.
      if (!transactionId) return;
      void api("/api/payments/payment-attempts/update", {
        method: "POST",
        body: {
          transactionId,
          transactionStatus: "cancelled",
          errorDetails: "Cancelled on the pay page",
        },
      }).catch(() => undefined);
    }
  }, [returnUrl, transactionId, router]);

  return (
    <main className="flex min-h-dvh items-center justify-center px-4">
      <Card className="w-full max-w-md text-center">
        <CardHeader>
          <XCircle className="mx-auto size-12 text-destructive" aria-hidden />
          <CardTitle className="text-xl">Payment Cancelled</CardTitle>
          <CardDescription>
            Your payment was cancelled and you have not been charged. Your cart is still saved.
          </CardDescription>
        </CardHeader>
        <CardContent>
          <Button onClick={() => router.replace("/")}>Return to Home</Button>
        </CardContent>
      </Card>
    </main>
  );
}
