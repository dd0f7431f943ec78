import { route } from "@/lib/api/handler";
import { takingsQuerySchema } from "@/lib/revenue/takings-query";
import { getTakings, takingsRange } from "@/lib/revenue/takings";

// GET /api/revenue/takings?from=&to= — the period's takings by line and by day (school days).
export const GET = route(
  { access: { feature: "revenue" }, query: takingsQuerySchema },
  async ({ school, query }) => getTakings(school, takingsRange(school, query)),
);
