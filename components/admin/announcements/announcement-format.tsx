"use client";

import { Badge } from "@/components/ui/badge";
import { formatDayDate, gradeLabel } from "@/lib/client/format";
import type { AnnouncementAudience, DeliveryCounts } from "@/lib/contracts/announcements";
import { OUTBOX_STATE_LABELS, OUTBOX_STATES } from "@/lib/contracts/outbox";

// How the office reads an announcement's audience and its messages' states (issue 48).

/** "Every family", "Families of Grade 3", "Families who ordered for 08 Jan 2030". */
export function audienceLabel(audience: AnnouncementAudience): string {
  if (audience.kind === "grade") return `Families of ${gradeLabel(audience.grade)}`;
  if (audience.kind === "orderedOn") {
    return `Families who ordered for ${formatDayDate(audience.date)} ${audience.date.slice(0, 4)}`;
  }
  return "Every family";
}

const BADGE = {
  queued: "outline",
  sent: "secondary",
  delivered: "success",
  failed: "destructive",
} as const;

/** One channel's messages by state ("2 Delivered", "1 Failed"), or a dash when there are none. */
export function ChannelCounts({ counts, label }: { counts: DeliveryCounts; label: string }) {
  const states = OUTBOX_STATES.filter((state) => counts[state] > 0);
  if (states.length === 0) {
    return (
      <span className="text-muted-foreground" aria-label={`${label}: none`}>
        —
      </span>
    );
  }
  return (
    <ul className="flex flex-wrap gap-1" aria-label={label}>
      {states.map((state) => (
        <li key={state}>
          <Badge variant={BADGE[state]} className="tabular-nums">
            {counts[state]} {OUTBOX_STATE_LABELS[state]}
          </Badge>
        </li>
      ))}
    </ul>
  );
}
