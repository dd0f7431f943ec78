import { route } from "@/lib/api/handler";
import { previewAnnouncement } from "@/lib/announcements/send";
import { previewQuerySchema } from "@/lib/validations/announcements";

// GET /api/announcements/preview?audience=everyone|grade|orderedOn&grade=&date= — before sending:
// how many families the audience holds and how many of them each channel reaches (issue 48).
export const GET = route(
  { access: { feature: "parents_students" }, query: previewQuerySchema },
  async ({ school, query }) => previewAnnouncement(school, query),
);
