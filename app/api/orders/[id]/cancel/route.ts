import { route } from "@/lib/api/handler";
import { notFound } from "@/lib/api/errors";
import { PARENT_OR_TEACHER } from "@/lib/api/access";
import { cancelOrder } from "@/lib/orders/cancel";
import { parseId } from "@/lib/api/params";

// POST /api/orders/{id}/cancel — the owner cancels within 1 hour of ordering.
export const POST = route({ access: PARENT_OR_TEACHER }, async ({ school, user, params }) => {
  const id = parseId(params.id);
  if (id === null) throw notFound("Order not found");
  return cancelOrder(school, user, id);
});
