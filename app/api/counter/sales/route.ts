import { route } from "@/lib/api/handler";
import { sellAtCounter } from "@/lib/counter/sell";
import { counterSaleSchema } from "@/lib/validations/counter";

// POST /api/counter/sales — a sale charged to the child's family wallet (issue 47) → 201
// { saleId, total, available }; the same idempotencyKey again answers the first sale.
export const POST = route(
  { access: { feature: "counter" }, body: counterSaleSchema, status: 201 },
  async ({ school, user, body }) => sellAtCounter(school, user, body),
);
