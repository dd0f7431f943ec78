"use client";

import { useState } from "react";
import { AnnouncementDialog } from "@/components/admin/announcements/announcement-dialog";
import { AnnouncementForm } from "@/components/admin/announcements/announcement-form";
import { AnnouncementsTable } from "@/components/admin/announcements/announcements-table";
import { useAnnouncements } from "@/components/admin/announcements/use-announcements-queries";
import { tableMessage } from "@/components/admin/data-table/data-table-body";
import { MetadataPager } from "@/components/admin/data-table/pager";
import { useAddressPage } from "@/components/admin/data-table/use-console-address";
import { useSchoolBrand } from "@/components/school-brand";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import type { AnnouncementDto } from "@/lib/contracts/announcements";

// Parents & Students › Announcements (issue 48): the form to write one, and the ones sent with
// their messages' states; each one opens on its failures. Its page is in the address (`&apage=2`).

export function AnnouncementsTab() {
  const [page, setPage] = useAddressPage("apage");
  const query = useAnnouncements(page);
  const { timeZone } = useSchoolBrand();
  const [open, setOpen] = useState<AnnouncementDto | null>(null);

  return (
    <div className="grid gap-6">
      <AnnouncementForm />
      <Card className="min-w-0">
        <CardHeader>
          <CardTitle>Sent announcements</CardTitle>
          <CardDescription>
            Newest first. Each channel&apos;s messages: queued, sent, delivered (SMS and WhatsApp
            confirm delivery) or failed.
          </CardDescription>
        </CardHeader>
        <CardContent className="grid gap-4">
          <AnnouncementsTable
            announcements={query.data?.data ?? []}
            timeZone={timeZone}
            onOpen={setOpen}
            message={tableMessage(
              { loading: query.isPending, failed: Boolean(query.error) },
              {
                loading: "Loading announcements…",
                failed: "Failed to fetch announcements",
                empty: "No announcement sent yet",
              },
            )}
          />
          <MetadataPager page={page} metadata={query.data?.metadata} onPageChange={setPage} />
        </CardContent>
      </Card>
      <AnnouncementDialog announcement={open} timeZone={timeZone} onClose={() => setOpen(null)} />
    </div>
  );
}
