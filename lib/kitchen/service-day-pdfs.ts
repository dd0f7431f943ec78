import "server-only";
import pLimit from "p-limit";
import type { PermissionSubject } from "@/lib/contracts/permissions";
import type { SchoolContext } from "@/lib/contracts/schools";
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

// One PDF at a time per instance. pdf-lib holds every page's drawing operators as objects until
// the document is saved: five label sheets of the busiest day built at once took the server's RSS
// up by 62 MB, one after the other by 18 MB, and answered sooner too (p99 1,650 → 1,149 ms at 5
// connections; decision 0061). A kitchen prints them once or twice a morning. The student cards
// (lib/kitchen/student-cards.ts) wait in the same queue.
export const onePdfAtATime = pLimit(1);

const suffix = (query: ServiceDayQuery) => (query.grade ? `-grade-${query.grade}` : "");

export async function kitchenLabels(
  school: SchoolContext,
  user: PermissionSubject,
  query: ServiceDayQuery,
): Promise<PdfFile> {
  const day = await listServiceDay(school, user, query);
  return {
    bytes: await onePdfAtATime(() => labelsPdf(day)),
    filename: `labels-${query.date}${suffix(query)}.pdf`,
  };
}

export async function kitchenClassLists(
  school: SchoolContext,
  user: PermissionSubject,
  query: ServiceDayQuery,
): Promise<PdfFile> {
  const day = await listServiceDay(school, user, query);
  return {
    bytes: await onePdfAtATime(() => classListPdf(day, dayTitle(query.date))),
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
