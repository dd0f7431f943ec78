"use client";

import { useTable } from "@tanstack/react-table";
import { useMemo, type ReactNode } from "react";
import { audienceLabel, ChannelCounts } from "@/components/admin/announcements/announcement-format";
import { DataTable } from "@/components/admin/data-table/data-table";
import {
  orderRowId,
  orderTableFeatures,
  type OrderColumn,
} from "@/components/admin/data-table/order-columns";
import { Button } from "@/components/ui/button";
import { formatInstant } from "@/lib/client/format";
import type { AnnouncementDto } from "@/lib/contracts/announcements";
import { CHANNEL_LABELS, CHANNELS } from "@/lib/contracts/notifications";

// The announcements sent (issue 48): when, what, to whom with the way to its failures, and each
// channel's messages by state.

export function AnnouncementsTable({
  announcements,
  message,
  timeZone,
  onOpen,
}: {
  announcements: AnnouncementDto[];
  message: ReactNode;
  timeZone: string;
  onOpen: (announcement: AnnouncementDto) => void;
}) {
  const columns = useMemo<OrderColumn<AnnouncementDto>[]>(
    () => [
      {
        id: "sent",
        header: "Sent",
        cell: ({ row }) => (
          <span className="whitespace-nowrap">
            {formatInstant(row.original.createdAt, timeZone)}
          </span>
        ),
      },
      {
        id: "announcement",
        header: "Announcement",
        cell: ({ row }) => (
          <div className="grid max-w-72 min-w-40 gap-0.5 whitespace-normal">
            <span className="font-medium break-words">{row.original.title}</span>
            <span className="text-xs text-muted-foreground">
              {audienceLabel(row.original.audience)}
              {row.original.createdBy ? `, by ${row.original.createdBy}` : ""}
            </span>
            <Button
              size="sm"
              variant="outline"
              className="mt-1 w-fit"
              onClick={() => onOpen(row.original)}
              aria-label={`Details of “${row.original.title}”`}
            >
              Details
            </Button>
          </div>
        ),
      },
      ...CHANNELS.map((channel): OrderColumn<AnnouncementDto> => ({
        id: channel,
        header: CHANNEL_LABELS[channel],
        cell: ({ row }) => (
          <ChannelCounts
            counts={row.original.counts[channel]}
            label={`${CHANNEL_LABELS[channel]} of “${row.original.title}”`}
          />
        ),
      })),
    ],
    [onOpen, timeZone],
  );
  const table = useTable({
    features: orderTableFeatures,
    columns,
    data: announcements,
    getRowId: orderRowId,
  });
  return <DataTable table={table} message={message} />;
}
