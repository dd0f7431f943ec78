"use client";

import { useQueryClient } from "@tanstack/react-query";
import { CheckCircle2, Loader2, XCircle } from "lucide-react";
import { useRouter } from "next/navigation";
import { useEffect, useRef, useState } from "react";
import { notify, toastFailure } from "@/components/notifications/toast";
import { PaymentReceipt } from "@/components/payment/payment-receipt";
import { showPaymentVerified, showTopUpVerified } from "@/components/payment/payment-verified";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { api, errorMessage, NetworkError } from "@/lib/client/api";
import { openCartOnArrival } from "@/lib/client/cart-on-arrival";
import type { PaymentReceiptDto, VerifyPaymentAnswer } from "@/lib/contracts/payments";
import type { TopUpReceiptDto } from "@/lib/contracts/wallet";
import { formatZmw } from "@/lib/money";

// The return page (spec 001 §2, §4): verify the payment with the server, retrying up to 3 times
// 3 s apart; on success clear the cart and refresh orders and cycles, and show what was paid for
// (issue 24 §4: the receipt stays until the parent goes home); a card the provider declined is a
// final answer, said at once (not charged, cart kept, Try again opens the Cart); when the payment
// cannot be verified, say so and go home after 5 s.

const RETRIES = 3;
const RETRY_DELAY_MS = 3000;
const HOME_AFTER_SUCCESS_MS = 3000;
const HOME_AFTER_FAILURE_MS = 5000;

export const DECLINED_TEXT =
  "Your card was declined, so you were not charged. Your cart is kept: you can try again.";

type View =
  | { state: "verifying"; attempt: number }
  | { state: "paid"; receipt: PaymentReceiptDto | undefined }
  | { state: "topped-up"; topUp: TopUpReceiptDto }
  | { state: "declined" }
  | { state: "failed"; message: string }
  | { state: "confirming"; message: string };

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export function PaymentSuccess({ transactionId }: { transactionId: string | undefined }) {
  const router = useRouter();
  const queryClient = useQueryClient();
  const [view, setView] = useState<View>({ state: "verifying", attempt: 1 });
  // One verification per page, however often React runs the effect: Strict Mode (development)
  // mounts, unmounts and mounts again, so the run is started once and `mounted` (not a flag the
  // first cleanup sets for good) says whether anyone is still looking.
  const started = useRef(false);
  const mounted = useRef(true);

  useEffect(() => {
    mounted.current = true;
    const live = () => mounted.current;

    async function run() {
      if (!transactionId) {
        toastFailure("Error", "Missing transaction ID");
        setView({ state: "failed", message: "Missing transaction ID" });
        return;
      }
      let last: VerifyPaymentAnswer | null = null;
      for (let attempt = 1; attempt <= RETRIES + 1 && live(); attempt++) {
        setView({ state: "verifying", attempt });
        try {
          last = await api(`/api/payments/verify/${encodeURIComponent(transactionId)}`, {
            method: "POST",
          });
        } catch (error) {
          if (attempt > RETRIES) {
            toastFailure(
              "Verification Error",
              error instanceof NetworkError
                ? "Failed to verify payment. Please check your order status in the order history."
                : errorMessage(
                    error,
                    "Failed to verify payment. Please check your order status in the order history.",
                  ),
              HOME_AFTER_FAILURE_MS,
            );
            setView({ state: "failed", message: "Failed to verify payment" });
            goHome(HOME_AFTER_FAILURE_MS);
            return;
          }
          await sleep(RETRY_DELAY_MS);
          continue;
        }
        if (!last || typeof last.success !== "boolean") {
          toastFailure("Error", "Invalid verification response");
          setView({ state: "failed", message: "Invalid verification response" });
          goHome(HOME_AFTER_FAILURE_MS);
          return;
        }
        if (last.success && last.topUp) {
          // A wallet top-up (issue 47): the cart is not touched; the wallet is read again.
          showTopUpVerified(queryClient, last.topUp, HOME_AFTER_FAILURE_MS);
          setView({ state: "topped-up", topUp: last.topUp });
          return;
        }
        if (last.success) {
          showPaymentVerified(queryClient, HOME_AFTER_FAILURE_MS);
          setView({ state: "paid", receipt: last.receipt });
          if (!last.receipt?.lines.length) goHome(HOME_AFTER_SUCCESS_MS);
          return;
        }
        // A decline (or a paid cart the office must recover) is final: no point in asking again.
        if (last.TransactionStatus === "failed" || last.TransactionStatus === "paid-unfulfilled")
          break;
        if (attempt <= RETRIES) await sleep(RETRY_DELAY_MS);
      }
      if (!live()) return;
      if (last?.TransactionStatus === "failed") {
        toastFailure("Payment Declined", DECLINED_TEXT);
        setView({ state: "declined" });
        return;
      }
      if (last?.TransactionStatus === "pending") {
        const message =
          last.message ||
          "Your payment is being confirmed. Your orders will appear as soon as it is.";
        notify({ title: "Payment Pending", description: message, duration: HOME_AFTER_FAILURE_MS });
        setView({ state: "confirming", message });
      } else {
        toastFailure(
          "Payment Verification Failed",
          last?.TransactionStatus === "paid-unfulfilled" && last.message
            ? last.message
            : "We couldn't verify your payment. Please contact support if payment was made.",
          HOME_AFTER_FAILURE_MS,
        );
        setView({ state: "failed", message: last?.message || "The payment was not successful." });
      }
      goHome(HOME_AFTER_FAILURE_MS);
    }

    function goHome(after: number) {
      setTimeout(() => {
        if (live()) router.replace("/");
      }, after);
    }

    if (!started.current) {
      started.current = true;
      void run();
    }
    return () => {
      mounted.current = false;
    };
  }, [transactionId, queryClient, router]);

  return (
    <main className="flex min-h-dvh items-center justify-center px-4 py-8">
      <Card className="w-full max-w-md text-center" aria-live="polite">
        <CardHeader>
          {view.state === "verifying" && (
            <>
              <Loader2 className="mx-auto size-12 animate-spin text-primary" aria-hidden />
              <CardTitle className="text-xl">Verifying Payment</CardTitle>
              <CardDescription>
                {view.attempt === 1
                  ? "Please wait while we confirm your payment. This takes a few seconds."
                  : "Still waiting for the card provider's answer. Please keep this page open."}
              </CardDescription>
            </>
          )}
          {view.state === "paid" && (
            <>
              <CheckCircle2 className="mx-auto size-12 text-success" aria-hidden />
              <CardTitle className="text-xl">Payment Successful</CardTitle>
              <CardDescription>
                Your payment has been verified and your order is being processed.
              </CardDescription>
            </>
          )}
          {view.state === "topped-up" && (
            <>
              <CheckCircle2 className="mx-auto size-12 text-success" aria-hidden />
              <CardTitle className="text-xl">Top-up Successful</CardTitle>
              <CardDescription>
                {formatZmw(view.topUp.amount)} is in your wallet. Your balance is{" "}
                <strong data-testid="wallet-balance">{formatZmw(view.topUp.balance)}</strong>.
              </CardDescription>
            </>
          )}
          {view.state === "declined" && (
            <>
              <XCircle className="mx-auto size-12 text-destructive" aria-hidden />
              <CardTitle className="text-xl">Payment Declined</CardTitle>
              <CardDescription>{DECLINED_TEXT}</CardDescription>
            </>
          )}
          {view.state === "confirming" && (
            <>
              <Loader2 className="mx-auto size-12 text-primary" aria-hidden />
              <CardTitle className="text-xl">Payment Pending</CardTitle>
              <CardDescription>{view.message}</CardDescription>
            </>
          )}
          {view.state === "failed" && (
            <>
              <XCircle className="mx-auto size-12 text-destructive" aria-hidden />
              <CardTitle className="text-xl">Payment Verification Failed</CardTitle>
              <CardDescription>{view.message}</CardDescription>
            </>
          )}
        </CardHeader>
        {view.state !== "verifying" && (
          <CardContent className="grid gap-4">
            {view.state === "paid" && view.receipt && view.receipt.lines.length > 0 && (
              <PaymentReceipt receipt={view.receipt} />
            )}
            <div className="flex flex-wrap justify-center gap-2">
              {view.state === "declined" && (
                <Button
                  className="min-h-11"
                  onClick={() => {
                    openCartOnArrival();
                    router.replace("/");
                  }}
                >
                  Try again
                </Button>
              )}
              <Button
                className="min-h-11"
                variant={view.state === "declined" ? "outline" : "default"}
                onClick={() => router.replace("/")}
              >
                Return to Home
              </Button>
            </div>
          </CardContent>
        )}
      </Card>
    </main>
  );
}
