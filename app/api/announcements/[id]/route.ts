import { notFound } from "@/lib/api/errors";
import { route } from "@/lib/api/handler";
import { parseId } from "@/lib/api/params";
import { getAnnouncement } from "@/lib/announcements/reports";
import { ANNOUNCEMENT_NOT_FOUND } from "@/lib/contracts/announcements";
import { announcementsQuerySchema } from "@/lib/validations/announcements";

// GET /api/announcements/{id}?page= — one announcement, its counts per channel, the SMS it carried
// and one page of its failed messages with the provider's reason (issue 48).
export const GET = route(
  { access: { feature: "parents_students" }, query: announcementsQuerySchema },
  async ({ school, params, query }) => {
    const id = parseId(params.id);
    if (id === null) throw notFound(ANNOUNCEMENT_NOT_FOUND);
    return getAnnouncement(school, id, query.page);
  },
);
