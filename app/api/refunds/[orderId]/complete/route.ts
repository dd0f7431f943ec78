import { notFound } from "@/lib/api/errors";
import { route } from "@/lib/api/handler";
import { parseId } from "@/lib/api/params";
import { completeRefund, ORDER_NOT_FOUND } from "@/lib/orders/refunds";

// POST /api/refunds/{orderId}/complete — a cancelled, paid order becomes refunded.
export const POST = route({ access: { feature: "refunds" } }, async ({ user, params }) => {
  const orderId = parseId(params.orderId);
  if (orderId === null) throw notFound(ORDER_NOT_FOUND);
  return completeRefund(user, orderId);
});
