import { route } from "@/lib/api/handler";
import { listRefunds } from "@/lib/orders/refunds";
import { adminPageQuerySchema } from "@/lib/validations/payments-admin";

// GET /api/refunds?page= — paid orders that were cancelled or refunded, newest first, 20 a page.
export const GET = route(
  { access: { feature: "refunds" }, query: adminPageQuerySchema },
  async ({ school, query }) => listRefunds(school, query.page),
);
