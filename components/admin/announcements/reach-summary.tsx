"use client";

import type { SmsWording } from "@/lib/announcements/wording";
import { plural } from "@/lib/client/format";
import type { AnnouncementPreviewDto } from "@/lib/contracts/announcements";
import { CHANNEL_LABELS, CHANNELS, SMS_MAX_LENGTH } from "@/lib/contracts/notifications";
import { cn } from "@/lib/utils";

// Before sending (issue 48): how many families each channel reaches, and the SMS as it will be
// sent with its length counted live, by the same wording the server sends and refuses with.

export function reachSentence(preview: Pick<AnnouncementPreviewDto, "recipients" | "unreached">) {
  const reached = preview.recipients - preview.unreached;
  return `${plural(reached, "family", "families")} of ${preview.recipients} will receive it.`;
}

export function ReachSummary({
  preview,
  loading,
}: {
  preview: AnnouncementPreviewDto | undefined;
  loading: boolean;
}) {
  if (!preview) {
    return (
      <p className="self-start text-sm text-muted-foreground" role="status">
        {loading ? "Counting the families…" : "Choose who receives it to see whom it reaches."}
      </p>
    );
  }
  return (
    <section
      aria-label="Who it reaches"
      className="grid content-start gap-2 self-start rounded-md border p-3"
      aria-live="polite"
    >
      <p className="text-sm font-medium">{reachSentence(preview)}</p>
      <ul className="grid grid-cols-3 gap-2">
        {CHANNELS.map((channel) => {
          const offered = preview.offered.includes(channel);
          return (
            <li
              key={channel}
              className={cn("grid rounded-md border p-2 text-center", !offered && "opacity-60")}
            >
              <span className="text-xs text-muted-foreground">{CHANNEL_LABELS[channel]}</span>
              <span className="text-lg font-semibold tabular-nums">
                {offered ? preview.reach[channel] : "Off"}
              </span>
            </li>
          );
        })}
      </ul>
      {preview.unreached > 0 && (
        <p className="text-xs text-muted-foreground">
          {plural(preview.unreached, "family", "families")} cannot be reached: no e-mail address and
          no proven phone, or every channel turned off.
        </p>
      )}
      {preview.reach.whatsapp > 0 && (
        <p className="text-xs text-muted-foreground">
          Families who chose WhatsApp and SMS get WhatsApp, and the SMS if WhatsApp cannot reach
          them.
        </p>
      )}
    </section>
  );
}

/** The SMS as it will be sent, and its length against one message. */
export function SmsPreview({ sms }: { sms: SmsWording }) {
  const problem =
    sms.unsupported.length > 0
      ? `: an SMS cannot carry ${sms.unsupported.join(" ")}`
      : sms.length > SMS_MAX_LENGTH
        ? ": too long for one SMS"
        : "";
  return (
    <div className="grid gap-1 rounded-md bg-muted p-2 text-sm" aria-live="polite">
      <span className="text-xs text-muted-foreground">The SMS (and WhatsApp&apos;s fallback):</span>
      <p className="break-words">{sms.text}</p>
      <span
        className={cn(
          "text-xs tabular-nums",
          problem ? "text-destructive" : "text-muted-foreground",
        )}
      >
        {sms.length} of {SMS_MAX_LENGTH} characters{problem}
      </span>
    </div>
  );
}
