"use client";

import { useTable } from "@tanstack/react-table";
import { useMemo, type ReactNode } from "react";
import { TruncatedText } from "@/components/admin/data-table/truncated-text";
import { DataTable } from "@/components/admin/data-table/data-table";
import {
  orderRowId,
  orderTableFeatures,
  type OrderColumn,
} from "@/components/admin/data-table/order-columns";
import { useSchoolBrand } from "@/components/school-brand";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { formatInstant } from "@/lib/client/format";
import type { ContactMessageDto } from "@/lib/contracts/messages";

// The Messages inbox's rows: when, who, what, whether handled, and the admin's actions (reply by
// e-mail in the admin's own mail program, mark handled or unread again). Times are the school's,
// and the reply names the school at this address (components/school-brand.tsx).

/** A mailto: link answering the sender, the message quoted under the reply. */
export function replyLink(message: ContactMessageDto, shopName: string): string {
  const quoted = message.text
    .split("\n")
    .map((line) => `> ${line}`)
    .join("\n");
  const subject = `Re: your message to ${shopName}`;
  const body = `Dear ${message.name},\n\n\n\n${quoted}`;
  return `mailto:${encodeURIComponent(message.email)}?subject=${encodeURIComponent(subject)}&body=${encodeURIComponent(body)}`;
}

export function MessagesTable({
  messages,
  message,
  busyId,
  onHandled,
}: {
  messages: ContactMessageDto[];
  message: ReactNode;
  /** The message being updated now, if any. */
  busyId: number | undefined;
  onHandled: (id: number, handled: boolean) => void;
}) {
  const { name: shopName, timeZone } = useSchoolBrand();
  const columns = useMemo<OrderColumn<ContactMessageDto>[]>(
    () => [
      {
        id: "received",
        header: "Received",
        cell: ({ row }) => (
          <span className="whitespace-nowrap">
            {formatInstant(row.original.createdAt, timeZone)}
          </span>
        ),
      },
      {
        id: "from",
        header: "From",
        cell: ({ row }) => (
          <div className="grid gap-0.5">
            <TruncatedText text={row.original.name} className="max-w-48 font-medium" />
            <span className="text-sm break-all text-muted-foreground">{row.original.email}</span>
            {row.original.account && (
              <span className="text-xs text-muted-foreground">
                {row.original.account.username} ({row.original.account.role})
              </span>
            )}
          </div>
        ),
      },
      {
        id: "message",
        header: "Message",
        cell: ({ row }) => (
          <p className="max-w-prose min-w-48 text-sm break-words whitespace-pre-wrap">
            {row.original.text}
          </p>
        ),
      },
      {
        id: "status",
        header: "Status",
        cell: ({ row }) =>
          row.original.handledAt ? (
            <Badge variant="secondary" title={`Handled by ${row.original.handledBy ?? "an admin"}`}>
              Handled
            </Badge>
          ) : (
            <Badge variant="warning">Unread</Badge>
          ),
      },
      {
        id: "actions",
        header: "Actions",
        cell: ({ row }) => {
          const { id, name, handledAt } = row.original;
          return (
            <div className="flex flex-wrap gap-2">
              <Button asChild size="sm" variant="outline">
                <a
                  href={replyLink(row.original, shopName)}
                  aria-label={`Reply to ${name} by e-mail`}
                >
                  Reply
                </a>
              </Button>
              <Button
                size="sm"
                variant={handledAt ? "ghost" : "default"}
                disabled={busyId === id}
                onClick={() => onHandled(id, !handledAt)}
                aria-label={`${handledAt ? "Mark as unread" : "Mark as handled"}: message from ${name}`}
              >
                {handledAt ? "Mark as unread" : "Mark as handled"}
              </Button>
            </div>
          );
        },
      },
    ],
    [busyId, onHandled, shopName, timeZone],
  );
  const table = useTable({
    features: orderTableFeatures,
    columns,
    data: messages,
    getRowId: orderRowId,
  });
  return <DataTable table={table} message={message} />;
}
