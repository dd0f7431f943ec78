import { notFound } from "@/lib/api/errors";
import { route } from "@/lib/api/handler";
import { parseId } from "@/lib/api/params";
import { closeDay, CYCLE_NOT_FOUND, previewCloseDay } from "@/lib/cycles/close-day";
import { closeDayQuerySchema, closeDaySchema } from "@/lib/validations/credit";

// GET /api/order-cycles/{id}/close-day?weekNumber=&dayOfWeek= — what closing the day would cancel
// and credit (the confirmation's numbers); nothing changes.
export const GET = route(
  { access: { feature: "cycles" }, query: closeDayQuerySchema },
  async ({ school, params, query }) => {
    const id = parseId(params.id);
    if (id === null) throw notFound(CYCLE_NOT_FOUND);
    return previewCloseDay(school, id, query);
  },
);

// POST /api/order-cycles/{id}/close-day — the school closes a day: blocked, its orders cancelled,
// paid ones credited, every account e-mailed.
export const POST = route(
  { access: { feature: "cycles" }, body: closeDaySchema },
  async ({ school, user, params, body }) => {
    const id = parseId(params.id);
    if (id === null) throw notFound(CYCLE_NOT_FOUND);
    return closeDay(school, user, id, body);
  },
);
