import { route } from "@/lib/api/handler";
import { kitchenClassLists, pdfResponse } from "@/lib/kitchen/service-day-pdfs";
import { serviceDayQuerySchema } from "@/lib/validations/kitchen";

// GET /api/kitchen/class-list?date=YYYY-MM-DD(&grade=) — one page per grade and class, with flags.
export const GET = route(
  { access: { feature: "kitchen" }, query: serviceDayQuerySchema },
  async ({ school, user, query }) => pdfResponse(await kitchenClassLists(school, user, query)),
);
