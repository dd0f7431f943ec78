"use client";

import { tableMessage } from "@/components/admin/data-table/data-table-body";
import { ALL, FilterSelect } from "@/components/admin/data-table/filter-select";
import { MetadataPager } from "@/components/admin/data-table/pager";
import { useAddressPage, useAddressValue } from "@/components/admin/data-table/use-console-address";
import { SentMessagesTable } from "@/components/admin/messages/sent-messages-table";
import { useSentMessages } from "@/components/admin/messages/use-messages-queries";
import { useSchoolBrand } from "@/components/school-brand";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { CHANNEL_LABELS, CHANNELS } from "@/lib/contracts/notifications";
import { OUTBOX_STATE_LABELS, OUTBOX_STATES } from "@/lib/contracts/outbox";

// Messages › Sent messages (issue 48): every message the portal sent or is sending, by e-mail, SMS
// and WhatsApp, newest first, filtered by channel and state in the address (?channel=sms&state=failed).

const CHANNEL_OPTIONS = CHANNELS.map((value) => ({ value, label: CHANNEL_LABELS[value] }));
const STATE_OPTIONS = OUTBOX_STATES.map((value) => ({ value, label: OUTBOX_STATE_LABELS[value] }));

export function SentMessagesCard() {
  const [channel, setChannel] = useAddressValue("channel", ALL);
  const [state, setState] = useAddressValue("state", ALL);
  const [page, setPage] = useAddressPage();
  const query = useSentMessages(channel, state, page);
  const { timeZone } = useSchoolBrand();

  return (
    <Card className="min-w-0">
      <CardHeader>
        <CardTitle>Sent messages</CardTitle>
        <CardDescription>
          Every message sent to families by e-mail, SMS and WhatsApp, newest first. A failed one
          says why; codes and sign-in links are never shown.
        </CardDescription>
      </CardHeader>
      <CardContent className="grid gap-4">
        <div className="flex flex-wrap gap-2">
          <FilterSelect
            label="Filter by channel"
            value={channel}
            onChange={setChannel}
            all="All channels"
            options={CHANNEL_OPTIONS}
            className="w-full sm:w-44"
          />
          <FilterSelect
            label="Filter by state"
            value={state}
            onChange={setState}
            all="All states"
            options={STATE_OPTIONS}
            className="w-full sm:w-44"
          />
        </div>
        <SentMessagesTable
          messages={query.data?.data ?? []}
          timeZone={timeZone}
          message={tableMessage(
            { loading: query.isPending, failed: Boolean(query.error) },
            {
              loading: "Loading sent messages…",
              failed: "Failed to fetch sent messages",
              empty: "No messages match these filters",
            },
          )}
        />
        <MetadataPager page={page} metadata={query.data?.metadata} onPageChange={setPage} />
      </CardContent>
    </Card>
  );
}
