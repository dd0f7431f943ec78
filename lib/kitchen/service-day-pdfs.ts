import "server-only";
import type { PermissionSubject } from "@/lib/contracts/permissions";
import { classListPdf } from "@/lib/kitchen/class-list-pdf";
import { labelsPdf } from "@/lib/kitchen/labels-pdf";
import { listServiceDay } from "@/lib/kitchen/service-day";
import type { ServiceDayQuery } from "@/lib/validations/kitchen";

// GET /api/kitchen/labels and /api/kitchen/class-list (issue 18): the day's meals as a PDF.

export type PdfFile = { bytes: Uint8Array; filename: string };

/** "Tuesday 12 May 2026" for a YYYY-MM-DD date (a calendar date: read in UTC). */
export function dayTitle(date: string): string {
  return new Date(`${date}T00:00:00Z`).toLocaleDateString("en-GB", {
    timeZone: "UTC",
    weekday: "long",
    day: "numeric",
    month: "long",
    year: "numeric",
  });
}

const suffix = (query: ServiceDayQuery) => (query.grade ? `-grade-${query.grade}` : "");

export async function kitchenLabels(
  user: PermissionSubject,
  query: ServiceDayQuery,
): Promise<PdfFile> {
  const day = await listServiceDay(user, query);
  return { bytes: await labelsPdf(day), filename: `labels-${query.date}${suffix(query)}.pdf` };
}

export async function kitchenClassLists(
  user: PermissionSubject,
  query: ServiceDayQuery,
): Promise<PdfFile> {
  const day = await listServiceDay(user, query);
  return {
    bytes: await classListPdf(day, dayTitle(query.date)),
    filename: `class-lists-${query.date}${suffix(query)}.pdf`,
  };
}

/** The PDF as a download the browser may also show inline. */
export function pdfResponse(file: PdfFile): Response {
  return new Response(Buffer.from(file.bytes), {
    headers: {
      "Content-Type": "application/pdf",
      "Content-Disposition": `inline; filename="${file.filename}"`,
    },
  });
}
