import { route } from "@/lib/api/handler";
import { kitchenLabels, pdfResponse } from "@/lib/kitchen/service-day-pdfs";
import { serviceDayQuerySchema } from "@/lib/validations/kitchen";

// GET /api/kitchen/labels?date=YYYY-MM-DD(&grade=) — A4 sheets of 3 × 7 meal labels, one a meal.
export const GET = route(
  { access: { feature: "kitchen" }, query: serviceDayQuerySchema },
  async ({ school, user, query }) => pdfResponse(await kitchenLabels(school, user, query)),
);
