"use client";

import { zodResolver } from "@hookform/resolvers/zod";
import { useForm } from "react-hook-form";
import { useSaveMessageChoices } from "@/components/account/use-account-messages";
import { toastError, toastSuccess } from "@/components/notifications/toast";
import { Checkbox } from "@/components/ui/checkbox";
import { Form, FormField, FormItem, FormMessage } from "@/components/ui/form";
import { SubmitButton } from "@/components/ui/form-fields";
import { Label } from "@/components/ui/label";
import { NO_SCRIPT_ACTION } from "@/lib/contracts/auth-form";
import {
  CHANNEL_LABELS,
  MESSAGE_KIND_LABELS,
  MESSAGE_KINDS,
  type Channel,
  type MessageKind,
  type NotificationsDto,
} from "@/lib/contracts/notifications";
import {
  notificationsSchema,
  type NotificationsInput,
  type NotificationsValues,
} from "@/lib/validations/phone";

// Profile Settings' "Messages" (issue 48, decision 0110): for each kind of message, the channels
// the school offers, ticked as the parent chose. SMS and WhatsApp wait for a verified phone; after
// the number replied STOP, SMS shows unticked until the parent ticks it again.

export const VERIFY_FIRST = "Verify your phone above to choose SMS or WhatsApp.";
export const STOPPED =
  "You replied STOP to the school's texts, so SMS is off. Tick SMS for a message to get texts again.";

function toggled(list: readonly Channel[], channel: Channel, on: boolean): Channel[] {
  return on ? [...list.filter((c) => c !== channel), channel] : list.filter((c) => c !== channel);
}

export function MessagesCard({ account }: { account: NotificationsDto }) {
  const save = useSaveMessageChoices();
  const form = useForm<NotificationsInput, unknown, NotificationsValues>({
    resolver: zodResolver(notificationsSchema),
    values: { channels: account.channels },
  });
  const phoneChannels = account.offered.some((channel) => channel !== "email");
  const locked = (channel: Channel) => channel !== "email" && !account.phoneVerified;

  async function onSubmit(values: NotificationsValues) {
    try {
      await save.mutateAsync(values);
      toastSuccess("Message choices saved");
    } catch (error) {
      toastError(error, "Your choices could not be saved");
    }
  }

  return (
    <section aria-labelledby="messages-card-title" className="grid gap-3">
      <div className="grid gap-1">
        <h3 id="messages-card-title" className="text-sm font-medium">
          Messages
        </h3>
        <p className="text-sm text-muted-foreground">
          How the school tells you about each kind of message. Untick them all for none.
        </p>
        {phoneChannels && !account.phoneVerified && (
          <p className="text-sm text-muted-foreground">{VERIFY_FIRST}</p>
        )}
        {account.smsOptedOut && account.offered.includes("sms") && (
          <p className="text-sm text-amber-900" role="note">
            {STOPPED}
          </p>
        )}
      </div>
      <Form {...form}>
        <form
          method="post"
          action={NO_SCRIPT_ACTION}
          noValidate
          aria-label="Messages"
          className="grid gap-3"
          onSubmit={(event) => void form.handleSubmit(onSubmit)(event)}
        >
          <div className="grid gap-3 sm:grid-cols-2 sm:gap-x-6">
            {MESSAGE_KINDS.map((kind) => (
              <KindChoice
                key={kind}
                form={form}
                kind={kind}
                offered={account.offered}
                locked={locked}
              />
            ))}
          </div>
          <div>
            <SubmitButton
              pending={form.formState.isSubmitting}
              disabled={form.formState.isSubmitting || !form.formState.isDirty}
              label="Save message choices"
              pendingLabel="Saving..."
            />
          </div>
        </form>
      </Form>
    </section>
  );
}

function KindChoice({
  form,
  kind,
  offered,
  locked,
}: {
  form: ReturnType<typeof useForm<NotificationsInput, unknown, NotificationsValues>>;
  kind: MessageKind;
  offered: Channel[];
  locked: (channel: Channel) => boolean;
}) {
  return (
    <FormField
      control={form.control}
      name={`channels.${kind}`}
      render={({ field }) => (
        <FormItem className="gap-1">
          <fieldset className="grid gap-1.5">
            <legend className="mb-1.5 text-sm">{MESSAGE_KIND_LABELS[kind]}</legend>
            <div className="flex flex-wrap gap-x-6 gap-y-2">
              {offered.map((channel) => {
                const id = `messages-${kind}-${channel}`;
                return (
                  <div key={channel} className="flex items-center gap-2">
                    <Checkbox
                      id={id}
                      checked={field.value.includes(channel)}
                      disabled={locked(channel)}
                      onCheckedChange={(checked) =>
                        field.onChange(toggled(field.value, channel, checked === true))
                      }
                    />
                    <Label htmlFor={id} className="font-normal">
                      {CHANNEL_LABELS[channel]}
                    </Label>
                  </div>
                );
              })}
            </div>
          </fieldset>
          <FormMessage />
        </FormItem>
      )}
    />
  );
}
