"use client";

import { zodResolver } from "@hookform/resolvers/zod";
import { BadgeCheck } from "lucide-react";
import { useState } from "react";
import { useForm, type FieldValues, type Path, type UseFormReturn } from "react-hook-form";
import { useConfirmPhoneCode, useSendPhoneCode } from "@/components/account/use-account-messages";
import { toastError, toastSuccess } from "@/components/notifications/toast";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Form } from "@/components/ui/form";
import { SubmitButton, TextField } from "@/components/ui/form-fields";
import { ApiRequestError } from "@/lib/client/api";
import { NO_SCRIPT_ACTION } from "@/lib/contracts/auth-form";
import type { NotificationsDto } from "@/lib/contracts/notifications";
import type { PhoneCodeSentDto } from "@/lib/contracts/phone-verification";
import {
  formatPhone,
  phoneConfirmSchema,
  phoneVerifySchema,
  type PhoneConfirmInput,
  type PhoneVerifyInput,
} from "@/lib/validations/phone";

// Profile Settings' phone (issue 48, decision 0110): the number texts and WhatsApp messages go
// to, proven by a code texted to it. Enter the number, "Send code", enter the code: verified.
// A verified number can be changed; the old one stays verified until the new one is proven.

/** The server's message on the field it names (`details`), and in a toast. */
function showRefusal<T extends FieldValues>(
  form: UseFormReturn<T, unknown, unknown>,
  field: Path<T>,
  error: unknown,
  fallback: string,
) {
  if (error instanceof ApiRequestError) {
    const details = error.body?.details as Record<string, string[] | undefined> | undefined;
    const message = details?.[field]?.[0] ?? error.serverMessage;
    if (message && error.status === 422) form.setError(field, { message });
  }
  toastError(error, fallback);
}

export function PhoneCard({ account }: { account: NotificationsDto }) {
  const [changing, setChanging] = useState(false);
  const [sent, setSent] = useState<PhoneCodeSentDto | null>(null);
  const verified = account.phoneVerified && account.phone !== null;

  return (
    <section aria-labelledby="phone-card-title" className="grid gap-3">
      <div className="grid gap-1">
        <h3 id="phone-card-title" className="text-sm font-medium">
          Phone for text messages
        </h3>
        <p className="text-sm text-muted-foreground">
          Texts go only to a number you have proven is yours: we send it a code.
        </p>
      </div>
      {verified && !changing && !sent ? (
        <div className="flex flex-wrap items-center gap-2">
          <span className="font-medium">{formatPhone(account.phone!)}</span>
          <Badge variant="success">
            <BadgeCheck aria-hidden /> Verified
          </Badge>
          <Button type="button" variant="outline" size="sm" onClick={() => setChanging(true)}>
            Change number
          </Button>
        </div>
      ) : sent ? (
        <CodeForm
          sent={sent}
          onResend={setSent}
          onAnotherNumber={() => setSent(null)}
          onVerified={() => {
            setSent(null);
            setChanging(false);
          }}
        />
      ) : (
        <NumberForm
          // An unproven number saved on the account is offered for proving.
          initial={verified ? "" : (account.phone ?? "")}
          onSent={setSent}
          onCancel={changing ? () => setChanging(false) : undefined}
        />
      )}
    </section>
  );
}

function NumberForm({
  initial,
  onSent,
  onCancel,
}: {
  initial: string;
  onSent: (sent: PhoneCodeSentDto) => void;
  onCancel?: () => void;
}) {
  const send = useSendPhoneCode();
  const form = useForm<PhoneVerifyInput, unknown, { phone: string }>({
    resolver: zodResolver(phoneVerifySchema),
    defaultValues: { phone: initial },
  });

  async function onSubmit({ phone }: { phone: string }) {
    try {
      // The form below says where the code went and for how long.
      onSent(await send.mutateAsync(phone));
    } catch (error) {
      showRefusal(form, "phone", error, "The code could not be sent");
    }
  }

  return (
    <Form {...form}>
      <form
        method="post"
        action={NO_SCRIPT_ACTION}
        noValidate
        aria-label="Phone number"
        className="grid gap-3"
        onSubmit={(event) => void form.handleSubmit(onSubmit)(event)}
      >
        <TextField
          control={form.control}
          name="phone"
          label="Mobile number"
          type="tel"
          autoComplete="tel"
          placeholder="0977 123 456"
        />
        <div className="flex flex-wrap gap-2">
          <SubmitButton
            pending={form.formState.isSubmitting}
            label="Send code"
            pendingLabel="Sending..."
          />
          {onCancel && (
            <Button type="button" variant="outline" onClick={onCancel}>
              Cancel
            </Button>
          )}
        </div>
      </form>
    </Form>
  );
}

function CodeForm({
  sent,
  onResend,
  onAnotherNumber,
  onVerified,
}: {
  sent: PhoneCodeSentDto;
  onResend: (sent: PhoneCodeSentDto) => void;
  onAnotherNumber: () => void;
  onVerified: () => void;
}) {
  const send = useSendPhoneCode();
  const confirm = useConfirmPhoneCode();
  const form = useForm<PhoneConfirmInput, unknown, { code: string }>({
    resolver: zodResolver(phoneConfirmSchema),
    defaultValues: { code: "" },
  });

  async function onSubmit({ code }: { code: string }) {
    try {
      await confirm.mutateAsync(code);
      toastSuccess("Phone verified", `${formatPhone(sent.phone)} can now receive texts.`);
      onVerified();
    } catch (error) {
      showRefusal(form, "code", error, "The code could not be checked");
    }
  }

  async function resend() {
    try {
      const answer = await send.mutateAsync(sent.phone);
      form.reset({ code: "" });
      toastSuccess("New code sent");
      onResend(answer);
    } catch (error) {
      toastError(error, "The code could not be sent");
    }
  }

  return (
    <Form {...form}>
      <form
        method="post"
        action={NO_SCRIPT_ACTION}
        noValidate
        aria-label="Phone code"
        className="grid gap-3"
        onSubmit={(event) => void form.handleSubmit(onSubmit)(event)}
      >
        <p className="text-sm" role="status">
          {sent.message}
        </p>
        <TextField
          control={form.control}
          name="code"
          label="Code from the text message"
          inputMode="numeric"
          autoComplete="one-time-code"
          maxLength={6}
          className="max-w-40 tracking-widest"
        />
        <div className="flex flex-wrap gap-2">
          <SubmitButton
            pending={form.formState.isSubmitting}
            label="Verify"
            pendingLabel="Checking..."
          />
          <Button
            type="button"
            variant="outline"
            disabled={send.isPending}
            onClick={() => void resend()}
          >
            Send a new code
          </Button>
          <Button type="button" variant="ghost" onClick={onAnotherNumber}>
            Use another number
          </Button>
        </div>
      </form>
    </Form>
  );
}
