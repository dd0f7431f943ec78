"use client";

import { useCallback } from "react";
import { tableMessage } from "@/components/admin/data-table/data-table-body";
import { MetadataPager } from "@/components/admin/data-table/pager";
import { MessagesTable } from "@/components/admin/messages/messages-table";
import {
  useContactMessages,
  useMarkMessageHandled,
} from "@/components/admin/messages/use-messages-queries";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { useAddressPage } from "@/components/admin/data-table/use-console-address";

// Messages (issue 19): what parents and teachers sent through Contact Us, newest first, kept
// whether or not a support address is set; each one answered by e-mail and marked handled.

export function MessagesSection() {
  const [page, setPage] = useAddressPage();
  const query = useContactMessages(page);
  const mark = useMarkMessageHandled();
  const { mutate } = mark;
  const onHandled = useCallback(
    (id: number, handled: boolean) => mutate({ id, handled }),
    [mutate],
  );
  const unread = query.data?.unread;

  return (
    <Card>
      <CardHeader>
        <CardTitle>Messages</CardTitle>
        <CardDescription>
          {unread === undefined
            ? "Messages sent through Contact Us."
            : unread === 0
              ? "No unread messages."
              : `${unread} unread ${unread === 1 ? "message" : "messages"}.`}
        </CardDescription>
      </CardHeader>
      <CardContent className="grid gap-4">
        <MessagesTable
          messages={query.data?.data ?? []}
          busyId={mark.isPending ? mark.variables.id : undefined}
          onHandled={onHandled}
          message={tableMessage(
            { loading: query.isPending, failed: Boolean(query.error) },
            {
              loading: "Loading messages…",
              failed: "Failed to fetch messages",
              empty: "No messages yet",
            },
          )}
        />
        <MetadataPager page={page} metadata={query.data?.metadata} onPageChange={setPage} />
      </CardContent>
    </Card>
  );
}
