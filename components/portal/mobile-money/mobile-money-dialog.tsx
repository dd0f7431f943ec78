"use client";

import { zodResolver } from "@hookform/resolvers/zod";
import { useQueryClient } from "@tanstack/react-query";
import { useEffect, useMemo } from "react";
import { useForm, useWatch } from "react-hook-form";
import { toastFailure } from "@/components/notifications/toast";
import { showPaymentVerified, showTopUpDone } from "@/components/payment/payment-verified";
import { MobileWaiting } from "@/components/portal/mobile-money/mobile-waiting";
import { useMobilePayment } from "@/components/portal/mobile-money/use-mobile-payment";
import { Badge } from "@/components/ui/badge";
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogHeader,
  DialogTitle,
} from "@/components/ui/dialog";
import { FormDialog } from "@/components/ui/form-dialog";
import { TextField } from "@/components/ui/form-fields";
import { api } from "@/lib/client/api";
import { kwacha } from "@/lib/client/mobile-payment";
import { fromNgwee } from "@/lib/money";
import type { OrderRequestItem } from "@/lib/contracts";
import { OPERATORS, type MobileMoneySettingsDto } from "@/lib/contracts/mobile-money";
import {
  detectedOperator,
  mobileNumberFormSchema,
  type MobileNumberForm,
} from "@/lib/validations/mobile-money";

/** What the push pays: the Cart's lines (issue 16), or a wallet top-up of the amount (issue 47). */
export type MobilePays = { lines: OrderRequestItem[] } | { topUp: true };

// The Cart's "Pay with Mobile Money" (issue 16) and the wallet's "Top up with Mobile Money"
// (issue 47): the number (from the profile), its operator as it is typed, then the waiting screen
// until the phone approves, declines, or the wait is over. Closing is refused while a push waits:
// Cancel cancels it at DPO first.
export function MobileMoneyDialog({
  open,
  onOpenChange,
  settings,
  phone,
  pays,
  totalNgwee,
  onPaid,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  settings: MobileMoneySettingsDto;
  /** The profile's phone, offered as the number. */
  phone: string | null;
  pays: MobilePays;
  totalNgwee: number;
  onPaid: () => void;
}) {
  const title = "topUp" in pays ? "Top up with Mobile Money" : "Pay with Mobile Money";
  const queryClient = useQueryClient();
  const schema = useMemo(() => mobileNumberFormSchema(settings.operators), [settings.operators]);
  const form = useForm<MobileNumberForm>({
    resolver: zodResolver(schema),
    defaultValues: { mobileNumber: phone ?? "" },
  });
  const typed = useWatch({ control: form.control, name: "mobileNumber" });
  const operator = detectedOperator(typed ?? "");

  const payment = useMobilePayment({
    start: (mobileNumber, mobileOperator) =>
      "topUp" in pays
        ? api("/api/account/top-up", {
            method: "POST",
            body: { amount: fromNgwee(totalNgwee), paymentMethod: "MOBILE", mobileNumber },
          })
        : api("/api/payments/create", {
            method: "POST",
            body: {
              amount: fromNgwee(totalNgwee),
              currency: "ZMW",
              paymentMethod: "MOBILE",
              mobileNumber,
              mobileOperator,
              cartItems: pays.lines,
            },
          }),
    waitSeconds: settings.waitSeconds,
    onPaid: () => {
      if ("topUp" in pays) showTopUpDone(queryClient, totalNgwee);
      else showPaymentVerified(queryClient);
      onOpenChange(false);
      onPaid();
    },
    onCancelled: () => {
      toastFailure("Payment Cancelled");
      payment.tryAgain();
      onOpenChange(false);
    },
  });
  const { state } = payment;

  // The server's word on the number goes under the field (each answer, even the same words).
  useEffect(() => {
    if (state.step === "number" && state.fieldError) {
      form.setError("mobileNumber", { message: state.fieldError });
    }
  }, [state, form]);

  const waiting = state.step === "waiting";
  function close(next: boolean) {
    if (!next && waiting) return;
    if (!next && state.step !== "number" && state.step !== "sending") payment.tryAgain();
    onOpenChange(next);
  }

  if (state.step === "number" || state.step === "sending") {
    return (
      <FormDialog
        open={open}
        onOpenChange={close}
        title={title}
        description={`We will ask your phone to approve ${kwacha(totalNgwee)}.`}
        form={form}
        onSubmit={form.handleSubmit((values) => payment.send(values.mobileNumber))}
        pending={state.step === "sending"}
        submitLabel="Send payment request"
        pendingLabel="Sending..."
        after={
          state.step === "number" && state.error ? (
            <p role="alert" className="text-sm break-words text-destructive">
              {state.error}
            </p>
          ) : null
        }
      >
        <TextField
          control={form.control}
          name="mobileNumber"
          label="Mobile money number"
          type="tel"
          inputMode="tel"
          autoComplete="tel"
          placeholder="0977 123 456"
          description={
            operator ? (
              <span className="flex flex-wrap items-center gap-2" data-testid="detected-operator">
                Operator: <Badge variant="secondary">{OPERATORS[operator].label}</Badge>
              </span>
            ) : (
              acceptedText(settings)
            )
          }
        />
      </FormDialog>
    );
  }

  return (
    <Dialog open={open} onOpenChange={close}>
      <DialogContent showCloseButton={false}>
        <DialogHeader>
          <DialogTitle>{title}</DialogTitle>
          <DialogDescription>
            {waiting ? "Keep this page open while you approve." : "Mobile money payment"}
          </DialogDescription>
        </DialogHeader>
        <MobileWaiting
          state={state}
          totalNgwee={totalNgwee}
          onCancel={() => void payment.cancel()}
          onTryAgain={payment.tryAgain}
          onClose={() => close(false)}
        />
      </DialogContent>
    </Dialog>
  );
}

/** "Airtel Money (097, 077) or MTN MoMo (096, 076)": the wallets the school takes. */
function acceptedText(settings: MobileMoneySettingsDto): string {
  const wallets = (["airtel", "mtn"] as const)
    .filter((o) => settings.operators[o])
    .map((o) => `${OPERATORS[o].label} (${OPERATORS[o].prefixes.map((p) => `0${p}`).join(", ")})`);
  return `${wallets.join(" or ")} numbers.`;
}
