import { route } from "@/lib/api/handler";
import { revenueStatsQuerySchema } from "@/lib/revenue/revenue-query";
import { getRevenueStats } from "@/lib/revenue/revenue-stats";

// GET /api/revenue/stats?cycleId= — the figures of one cycle (or all time) and the cycle list.
export const GET = route(
  { access: { feature: "revenue" }, query: revenueStatsQuerySchema },
  async ({ school, query }) => getRevenueStats(school, query.cycleId),
);
