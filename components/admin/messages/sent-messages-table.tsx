"use client";

import { useTable } from "@tanstack/react-table";
import { useMemo, type ReactNode } from "react";
import { DataTable } from "@/components/admin/data-table/data-table";
import {
  orderRowId,
  orderTableFeatures,
  type OrderColumn,
} from "@/components/admin/data-table/order-columns";
import { TruncatedText } from "@/components/admin/data-table/truncated-text";
import { useNow } from "@/components/portal/use-now";
import { Badge } from "@/components/ui/badge";
import { formatInstant } from "@/lib/client/format";
import {
  CHANNEL_LABELS,
  MESSAGE_KIND_LABELS,
  MESSAGE_KINDS,
  type MessageKind,
} from "@/lib/contracts/notifications";
import {
  HIDDEN_TEXT_LABELS,
  OUTBOX_STATE_LABELS,
  type OutboxState,
  type SentMessageDto,
} from "@/lib/contracts/outbox";

// The sent messages' rows (issue 48): when, to whom, by which channel, its state with the reason
// of a failure or when a queued message goes (before the text: on a laptop it stays in view), and
// what it said. A secret's text is never sent here; the row says it is hidden, and why.

const STATE_BADGES: Record<OutboxState, "outline" | "secondary" | "success" | "destructive"> = {
  queued: "outline",
  sent: "secondary",
  delivered: "success",
  failed: "destructive",
};

/** "Payment confirmations" for a kind, "Account" for account mail (sign-up, resets). */
export function kindLabel(kind: string | null): string {
  return kind && (MESSAGE_KINDS as readonly string[]).includes(kind)
    ? MESSAGE_KIND_LABELS[kind as MessageKind]
    : "Account";
}

export function StateCell({
  message,
  timeZone,
  now,
}: {
  message: Pick<SentMessageDto, "state" | "reason" | "nextAttemptAt" | "sentAt" | "deliveredAt">;
  timeZone: string;
  now: number;
}) {
  const { state, reason, nextAttemptAt, sentAt, deliveredAt } = message;
  let line: ReactNode = null;
  if (state === "failed") {
    line = <span className="text-destructive">{reason ?? "No reason given"}</span>;
  } else if (state === "queued") {
    const later = nextAttemptAt !== null && Date.parse(nextAttemptAt) > now;
    line = (
      <>
        {reason && <span>Retrying after: {reason}</span>}
        {later && <span>Goes {formatInstant(nextAttemptAt, timeZone)}</span>}
      </>
    );
  } else if (state === "delivered" && deliveredAt) {
    line = <span>{formatInstant(deliveredAt, timeZone)}</span>;
  } else if (sentAt) {
    line = <span>{formatInstant(sentAt, timeZone)}</span>;
  }
  return (
    <div className="grid w-44 gap-1 whitespace-normal">
      <Badge variant={STATE_BADGES[state]}>{OUTBOX_STATE_LABELS[state]}</Badge>
      {line && <div className="grid gap-0.5 text-xs break-words text-muted-foreground">{line}</div>}
    </div>
  );
}

export function SentMessagesTable({
  messages,
  message,
  timeZone,
}: {
  messages: SentMessageDto[];
  message: ReactNode;
  timeZone: string;
}) {
  const now = useNow(60_000).getTime();
  const columns = useMemo<OrderColumn<SentMessageDto>[]>(() => {
    return [
      {
        id: "queued",
        header: "Queued",
        cell: ({ row }) => (
          <span className="whitespace-nowrap">
            {formatInstant(row.original.createdAt, timeZone)}
          </span>
        ),
      },
      {
        id: "to",
        header: "To",
        cell: ({ row }) => {
          const { account, to } = row.original;
          return (
            <div className="grid max-w-52 gap-0.5">
              {account && <TruncatedText text={account.name} className="max-w-48 font-medium" />}
              {account && <span className="text-xs text-muted-foreground">{account.username}</span>}
              <span className="text-sm break-all text-muted-foreground">{to}</span>
            </div>
          );
        },
      },
      {
        id: "channel",
        header: "Channel",
        cell: ({ row }) => <Badge variant="outline">{CHANNEL_LABELS[row.original.channel]}</Badge>,
      },
      {
        id: "state",
        header: "State",
        cell: ({ row }) => <StateCell message={row.original} timeZone={timeZone} now={now} />,
      },
      {
        id: "message",
        header: "Message",
        cell: ({ row }) => {
          const { channel, kind, subject, text, hidden } = row.original;
          return (
            <div className="grid w-72 gap-0.5 text-sm whitespace-normal">
              <span className="text-xs text-muted-foreground">{kindLabel(kind)}</span>
              {channel === "email" && <span className="font-medium break-words">{subject}</span>}
              {hidden ? (
                <span className="text-muted-foreground italic">{HIDDEN_TEXT_LABELS[hidden]}</span>
              ) : (
                <p className="line-clamp-3 break-words whitespace-pre-wrap" title={text ?? ""}>
                  {text}
                </p>
              )}
            </div>
          );
        },
      },
    ];
  }, [now, timeZone]);
  const table = useTable({
    features: orderTableFeatures,
    columns,
    data: messages,
    getRowId: orderRowId,
  });
  return <DataTable table={table} message={message} />;
}
