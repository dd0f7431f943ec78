import { route } from "@/lib/api/handler";
import { listAnnouncements } from "@/lib/announcements/reports";
import { sendAnnouncement } from "@/lib/announcements/send";
import { announcementSchema, announcementsQuerySchema } from "@/lib/validations/announcements";

// GET /api/announcements?page= — the school's announcements, newest first, 20 a page, each with
// its messages per channel: queued, sent, delivered, failed (issue 48).
export const GET = route(
  { access: { feature: "parents_students" }, query: announcementsQuerySchema },
  async ({ school, query }) => listAnnouncements(school, query.page),
);

// POST /api/announcements — `{ title, body, sms?, audience: { kind, grade?, date? } }`: sends the
// announcement to every family of the audience on the channels each chose; audited; 201. An SMS
// that cannot be one message, or an empty audience, is 422 and sends nothing.
export const POST = route(
  { access: { feature: "parents_students" }, body: announcementSchema, status: 201 },
  async ({ school, user, body }) => sendAnnouncement(school, user, body),
);
