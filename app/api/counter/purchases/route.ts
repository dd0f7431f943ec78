import { PARENT_OR_TEACHER } from "@/lib/api/access";
import { route } from "@/lib/api/handler";
import { listCounterPurchases } from "@/lib/counter/purchases";

// GET /api/counter/purchases — the caller's children's counter purchases, newest first, for Order
// History (issue 47).
export const GET = route({ access: PARENT_OR_TEACHER }, async ({ school, user }) =>
  listCounterPurchases(school, user),
);
