import { route } from "@/lib/api/handler";
import { listCycleHistory } from "@/lib/cycles/cycle-history";
import { cycleHistoryQuerySchema } from "@/lib/validations/cycles";

// GET /api/order-cycles/history?page=n — past cycles with their totals, 5 per page.
export const GET = route(
  { access: { feature: "cycles" }, query: cycleHistoryQuerySchema },
  async ({ school, query }) => listCycleHistory(school, query.page),
);
