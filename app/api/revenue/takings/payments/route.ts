import { route } from "@/lib/api/handler";
import { takingsPaymentsQuerySchema } from "@/lib/revenue/takings-query";
import { listTakingsPayments, takingsRange } from "@/lib/revenue/takings";

// GET /api/revenue/takings/payments?from=&to=&line=&day= — the payments behind one figure.
export const GET = route(
  { access: { feature: "revenue" }, query: takingsPaymentsQuerySchema },
  async ({ school, query }) =>
    listTakingsPayments(school, takingsRange(school, query), { line: query.line, day: query.day }),
);
