"use client";

import { useCallback } from "react";
import { tableMessage } from "@/components/admin/data-table/data-table-body";
import { MetadataPager } from "@/components/admin/data-table/pager";
import { MessagesTable } from "@/components/admin/messages/messages-table";
import {
  useContactMessages,
  useMarkMessageHandled,
} from "@/components/admin/messages/use-messages-queries";
import { SentMessagesCard } from "@/components/admin/messages/sent-messages-card";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { Tabs, TabsContent, TabsList, TabsTrigger } from "@/components/ui/tabs";
import { useAddressPage, useAddressValue } from "@/components/admin/data-table/use-console-address";

// Messages: the Contact Us inbox (issue 19) and the messages the portal sent (issue 48), two tabs,
// the shown one in the address (`&view=sent`).

export function MessagesSection() {
  const [view, setView] = useAddressValue("view", "inbox");
  return (
    <Tabs value={view === "sent" ? "sent" : "inbox"} onValueChange={setView} className="gap-4">
      <TabsList className="w-full justify-start sm:w-fit">
        <TabsTrigger value="inbox">Contact Us</TabsTrigger>
        <TabsTrigger value="sent">Sent messages</TabsTrigger>
      </TabsList>
      <TabsContent value="inbox">
        <ContactInbox />
      </TabsContent>
      <TabsContent value="sent">
        <SentMessagesCard />
      </TabsContent>
    </Tabs>
  );
}

/**
 * What parents and teachers sent through Contact Us, newest first, kept whether or not a support
 * address is set; each one answered by e-mail and marked handled.
 */
function ContactInbox() {
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
