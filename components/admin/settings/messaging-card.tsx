"use client";

import { zodResolver } from "@hookform/resolvers/zod";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useForm } from "react-hook-form";
import { SettingCard } from "@/components/admin/settings/setting-card";
import { toastError, toastSuccess, useErrorToast } from "@/components/notifications/toast";
import { Badge } from "@/components/ui/badge";
import { SwitchField, TextField } from "@/components/ui/form-fields";
import { api } from "@/lib/client/api";
import { queryKeys } from "@/lib/client/query-keys";
import {
  messagingSettingsSchema,
  type MessagingSettingsInput,
  type MessagingSettingsValues,
} from "@/lib/validations/messaging";

// Settings › Communication › Text and WhatsApp messages (issue 48): whether the platform has each
// provider, the school's SMS sender ID, and whether the school offers SMS and WhatsApp to parents.
// A channel reaches parents only when both the platform and the school have it on.

function useMessagingSetting() {
  const client = useQueryClient();
  const query = useQuery({
    queryKey: queryKeys.messagingSettings,
    queryFn: () => api("/api/settings/messaging"),
  });
  useErrorToast(query.error, "Failed to fetch messaging settings");
  const save = useMutation({
    mutationFn: (body: MessagingSettingsValues) =>
      api("/api/settings/messaging", { method: "PUT", body }),
    onSuccess: (saved) => {
      client.setQueryData(queryKeys.messagingSettings, saved);
      toastSuccess("Messaging settings saved successfully");
    },
    onError: (error) => toastError(error, "Failed to save messaging settings"),
  });
  return { query, save };
}

function PlatformStatus({ label, configured }: { label: string; configured: boolean | undefined }) {
  if (configured === undefined) return null;
  return (
    <div className="flex flex-wrap items-center gap-2 text-sm">
      <span className="font-medium">{label}</span>
      {configured ? (
        <Badge variant="success">Set up on the platform</Badge>
      ) : (
        <Badge variant="outline">Not set up on the platform</Badge>
      )}
    </div>
  );
}

export function MessagingCard() {
  const setting = useMessagingSetting();
  const data = setting.query.data;
  const form = useForm<MessagingSettingsInput, unknown, MessagingSettingsValues>({
    resolver: zodResolver(messagingSettingsSchema),
    defaultValues: { senderId: "", sms: true, whatsapp: true },
    values: data && { senderId: data.senderId ?? "", sms: data.sms, whatsapp: data.whatsapp },
  });
  const notSetUp = data && (!data.smsConfigured || !data.whatsappConfigured);

  return (
    <SettingCard
      setting={setting}
      title="Text and WhatsApp Messages"
      description="Parents choose in Profile Settings how they hear about payments, closed days, reminders and announcements: by e-mail, and by SMS or WhatsApp where these are on."
      form={form}
      className="grid max-w-xl gap-4"
      submitLabel="Save Messaging Settings"
    >
      <div className="grid gap-2">
        <PlatformStatus label="SMS (Africa's Talking)" configured={data?.smsConfigured} />
        <PlatformStatus label="WhatsApp" configured={data?.whatsappConfigured} />
        {notSetUp && (
          <p className="text-sm text-muted-foreground">
            A channel the platform has not set up is not offered to parents, whatever is chosen
            here. The platform&apos;s operator sets it up.
          </p>
        )}
      </div>
      <TextField
        control={form.control}
        name="senderId"
        label="SMS sender ID"
        description="Up to 11 letters or digits, registered with the networks first (MTN refuses an unregistered one). Empty: the provider's own sender."
        autoComplete="off"
        placeholder="e.g. TUCKSHOP"
      />
      <SwitchField control={form.control} name="sms" label="Offer SMS to parents" whenUnset />
      <SwitchField
        control={form.control}
        name="whatsapp"
        label="Offer WhatsApp to parents"
        whenUnset
      />
    </SettingCard>
  );
}
