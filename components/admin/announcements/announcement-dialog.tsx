"use client";

import { useTable } from "@tanstack/react-table";
import { useMemo, useState, type ReactNode } from "react";
import { audienceLabel, ChannelCounts } from "@/components/admin/announcements/announcement-format";
import { useAnnouncement } from "@/components/admin/announcements/use-announcements-queries";
import { tableMessage } from "@/components/admin/data-table/data-table-body";
import { DataTable } from "@/components/admin/data-table/data-table";
import {
  orderRowId,
  orderTableFeatures,
  type OrderColumn,
} from "@/components/admin/data-table/order-columns";
import { MetadataPager } from "@/components/admin/data-table/pager";
import { Badge } from "@/components/ui/badge";
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogHeader,
  DialogTitle,
} from "@/components/ui/dialog";
import { formatInstant, plural } from "@/lib/client/format";
import type { AnnouncementDto, AnnouncementFailureDto } from "@/lib/contracts/announcements";
import { CHANNEL_LABELS, CHANNELS } from "@/lib/contracts/notifications";

// One announcement (issue 48): what it said, what the SMS carried, each channel's messages by
// state, and the messages that failed with the provider's reason, 20 at a time.

function FailuresTable({
  failures,
  message,
}: {
  failures: AnnouncementFailureDto[];
  message: ReactNode;
}) {
  const columns = useMemo<OrderColumn<AnnouncementFailureDto>[]>(
    () => [
      {
        id: "to",
        header: "To",
        cell: ({ row }) => (
          <div className="grid gap-0.5">
            {row.original.account && (
              <span className="font-medium">{row.original.account.name}</span>
            )}
            <span className="text-sm break-all text-muted-foreground">{row.original.to}</span>
          </div>
        ),
      },
      {
        id: "channel",
        header: "Channel",
        cell: ({ row }) => <Badge variant="outline">{CHANNEL_LABELS[row.original.channel]}</Badge>,
      },
      {
        id: "reason",
        header: "Reason",
        cell: ({ row }) => (
          <div className="grid max-w-sm min-w-48 gap-0.5 text-sm whitespace-normal">
            <span className="break-words text-destructive">
              {row.original.reason ?? "No reason given"}
            </span>
            {row.original.fellBackToSms && (
              <span className="text-xs text-muted-foreground">Sent again as an SMS</span>
            )}
          </div>
        ),
      },
    ],
    [],
  );
  const table = useTable({
    features: orderTableFeatures,
    columns,
    data: failures,
    getRowId: orderRowId,
  });
  return <DataTable table={table} message={message} />;
}

export function AnnouncementDialog({
  announcement,
  timeZone,
  onClose,
}: {
  announcement: AnnouncementDto | null;
  timeZone: string;
  onClose: () => void;
}) {
  const [page, setPage] = useState(1);
  const query = useAnnouncement(announcement?.id ?? null, page);
  // The list's row until the details arrive (the counts are the same read).
  const shown = query.data ?? announcement;
  const failures = query.data?.failures;
  return (
    <Dialog
      open={announcement !== null}
      onOpenChange={(open) => {
        if (!open) {
          setPage(1);
          onClose();
        }
      }}
    >
      <DialogContent className="sm:max-w-3xl">
        <DialogHeader>
          <DialogTitle>{shown?.title}</DialogTitle>
          <DialogDescription>
            {shown
              ? `${audienceLabel(shown.audience)}. Sent ${formatInstant(shown.createdAt, timeZone)}` +
                `${shown.createdBy ? ` by ${shown.createdBy}` : ""}, ` +
                `to ${plural(shown.reached, "family", "families")}.`
              : ""}
          </DialogDescription>
        </DialogHeader>
        {shown && (
          <div className="grid gap-4 text-sm">
            <p className="max-h-40 overflow-y-auto rounded-md bg-muted p-3 break-words whitespace-pre-wrap">
              {shown.body}
            </p>
            {query.data?.sms && (
              <p className="break-words">
                <span className="text-muted-foreground">SMS: </span>
                {query.data.sms}
              </p>
            )}
            <dl className="grid gap-2 sm:grid-cols-3">
              {CHANNELS.map((channel) => (
                <div key={channel} className="grid gap-1 rounded-md border p-2">
                  <dt className="text-xs text-muted-foreground">{CHANNEL_LABELS[channel]}</dt>
                  <dd>
                    <ChannelCounts
                      counts={shown.counts[channel]}
                      label={`${CHANNEL_LABELS[channel]} messages`}
                    />
                  </dd>
                </div>
              ))}
            </dl>
            <section aria-label="Failed messages" className="grid gap-2">
              <h3 className="font-medium">
                Failed messages{failures ? ` (${failures.metadata.total})` : ""}
              </h3>
              <FailuresTable
                failures={failures?.data ?? []}
                message={tableMessage(
                  { loading: query.isPending, failed: Boolean(query.error) },
                  {
                    loading: "Loading…",
                    failed: "Failed to fetch the failures",
                    empty: "No message failed",
                  },
                )}
              />
              {(failures?.metadata.totalPages ?? 1) > 1 && (
                <MetadataPager page={page} metadata={failures?.metadata} onPageChange={setPage} />
              )}
            </section>
          </div>
        )}
      </DialogContent>
    </Dialog>
  );
}
