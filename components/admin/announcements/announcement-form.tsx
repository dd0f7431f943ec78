"use client";

import { zodResolver } from "@hookform/resolvers/zod";
import { useState } from "react";
import { useForm, useWatch } from "react-hook-form";
import {
  ReachSummary,
  reachSentence,
  SmsPreview,
} from "@/components/admin/announcements/reach-summary";
import {
  previewQuery,
  useAnnouncementPreview,
  useSendAnnouncement,
} from "@/components/admin/announcements/use-announcements-queries";
import { useSchoolName } from "@/components/school-brand";
import { ConfirmDialog } from "@/components/ui/confirm-dialog";
import { FormControl } from "@/components/ui/form";
import { FormCard } from "@/components/ui/form-card";
import { LabelledField, TextareaField, TextField } from "@/components/ui/form-fields";
import { Input } from "@/components/ui/input";
import {
  Select,
  SelectContent,
  SelectItem,
  SelectTrigger,
  SelectValue,
} from "@/components/ui/select";
import { announcementSms, smsRefusal } from "@/lib/announcements/wording";
import { gradeLabel } from "@/lib/client/format";
import { GRADES } from "@/lib/contracts";
import {
  ANNOUNCEMENT_BODY_MAX,
  AUDIENCE_KIND_LABELS,
  AUDIENCE_KINDS,
} from "@/lib/contracts/announcements";
import { CHANNEL_LABELS, CHANNELS } from "@/lib/contracts/notifications";
import {
  announcementSchema,
  type AnnouncementFormValues,
  type AnnouncementInput,
} from "@/lib/validations/announcements";

// Parents & Students › Announcements (issue 48): the office writes a title and a message, picks
// who receives it, reads whom each channel reaches and the SMS as it will go, then confirms.

const EMPTY: AnnouncementFormValues = {
  title: "",
  body: "",
  sms: "",
  audience: { kind: "everyone", grade: "", date: "" },
};

export function AnnouncementForm() {
  const schoolName = useSchoolName();
  const form = useForm<AnnouncementFormValues, unknown, AnnouncementInput>({
    resolver: zodResolver(announcementSchema),
    defaultValues: EMPTY,
  });
  const [title, body, sms, audience] = useWatch({
    control: form.control,
    name: ["title", "body", "sms", "audience"],
  });
  const preview = useAnnouncementPreview(previewQuery(audience));
  const offered = preview.data?.offered ?? ["email"];
  const phones = offered.some((channel) => channel !== "email");
  const wording = announcementSms(schoolName, { title, body, sms });
  const [confirming, setConfirming] = useState<AnnouncementInput | null>(null);
  const send = useSendAnnouncement(() => form.reset(EMPTY));

  function review(values: AnnouncementInput) {
    const refusal = phones ? smsRefusal(wording) : null;
    if (refusal) {
      form.setError("sms", { type: "validate", message: refusal }, { shouldFocus: true });
      return;
    }
    setConfirming(values);
  }

  const reach = preview.data;
  return (
    <>
      <FormCard
        title="New announcement"
        description="Write to the families of the school. Each family gets it the way they chose in Profile Settings: e-mail, SMS or WhatsApp."
        form={form}
        onSubmit={form.handleSubmit(review)}
        className="grid gap-4 lg:grid-cols-[minmax(0,1fr)_20rem]"
        pending={send.isPending}
        submitLabel="Send announcement…"
        pendingLabel="Sending…"
        submitClassName="lg:col-span-2"
      >
        <div className="grid content-start gap-4">
          <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-1 xl:grid-cols-2 [&>*]:min-w-0">
            <LabelledField
              control={form.control}
              name="audience.kind"
              label="Send to"
              render={(field) => (
                <Select value={field.value} onValueChange={field.onChange}>
                  <FormControl>
                    <SelectTrigger className="w-full" onBlur={field.onBlur}>
                      <SelectValue />
                    </SelectTrigger>
                  </FormControl>
                  <SelectContent>
                    {AUDIENCE_KINDS.map((kind) => (
                      <SelectItem key={kind} value={kind}>
                        {AUDIENCE_KIND_LABELS[kind]}
                      </SelectItem>
                    ))}
                  </SelectContent>
                </Select>
              )}
            />
            {audience.kind === "grade" && (
              <LabelledField
                control={form.control}
                name="audience.grade"
                label="Grade"
                render={(field) => (
                  <Select value={field.value ?? ""} onValueChange={field.onChange}>
                    <FormControl>
                      <SelectTrigger className="w-full" onBlur={field.onBlur}>
                        <SelectValue placeholder="Select a grade" />
                      </SelectTrigger>
                    </FormControl>
                    <SelectContent>
                      {GRADES.map((grade) => (
                        <SelectItem key={grade} value={grade}>
                          {gradeLabel(grade)}
                        </SelectItem>
                      ))}
                    </SelectContent>
                  </Select>
                )}
              />
            )}
            {audience.kind === "orderedOn" && (
              <LabelledField
                control={form.control}
                name="audience.date"
                label="Day of the meals"
                render={(field) => (
                  <FormControl>
                    <Input type="date" {...field} value={field.value ?? ""} />
                  </FormControl>
                )}
              />
            )}
          </div>
          <TextField control={form.control} name="title" label="Title" autoComplete="off" />
          <TextareaField
            control={form.control}
            name="body"
            label="Message"
            rows={6}
            description={`Up to ${ANNOUNCEMENT_BODY_MAX} characters. E-mail carries it whole.`}
          />
          {phones && (
            <TextareaField
              control={form.control}
              name="sms"
              label="SMS text (optional)"
              rows={2}
              description="An SMS is one message of 160 characters at most. Leave this empty to send the title and the message, or write a shorter text for SMS and WhatsApp's fallback."
            />
          )}
          {phones && (title || body || sms) ? <SmsPreview sms={wording} /> : null}
        </div>
        <ReachSummary preview={reach} loading={preview.isFetching} />
      </FormCard>
      <ConfirmDialog
        open={confirming !== null}
        onOpenChange={(open) => !open && setConfirming(null)}
        title={`Send “${confirming?.title ?? ""}”?`}
        description={
          reach
            ? `${reachSentence(reach)} ${CHANNELS.filter((c) => reach.offered.includes(c))
                .map((c) => `${CHANNEL_LABELS[c]}: ${reach.reach[c]}`)
                .join(
                  ", ",
                )}. Between 20:00 and 08:00, SMS and WhatsApp wait until 08:00. It cannot be recalled.`
            : "It cannot be recalled."
        }
        actionLabel="Send"
        onConfirm={() => {
          if (confirming) send.mutate(confirming);
          setConfirming(null);
        }}
      />
    </>
  );
}
