import { route } from "@/lib/api/handler";
import { checkCycleOverlap } from "@/lib/cycles/cycle-overlap";
import { cycleOverlapQuerySchema } from "@/lib/validations/cycles";

// GET /api/order-cycles/overlap?startDate=…&cycleLength=… — the cycles a new cycle over these dates
// would hide live orders of (what POST /api/order-cycles would refuse with 409), for the wizard.
export const GET = route(
  { access: { feature: "cycles" }, query: cycleOverlapQuerySchema },
  async ({ school, query }) => checkCycleOverlap(school, query.startDate, query.cycleLength),
);
