import { notFound } from "@/lib/api/errors";
import { route } from "@/lib/api/handler";
import { parseId } from "@/lib/api/params";
import { completeRefund, ORDER_NOT_FOUND } from "@/lib/orders/refunds";
import { refundCompleteSchema } from "@/lib/validations/refunds";

// POST /api/refunds/{orderId}/complete — a cancelled, paid order becomes refunded; with
// { method, reference, note } how the money went back is recorded ("credit" credits the account).
export const POST = route(
  { access: { feature: "refunds" }, body: refundCompleteSchema },
  async ({ school, user, params, body }) => {
    const orderId = parseId(params.orderId);
    if (orderId === null) throw notFound(ORDER_NOT_FOUND);
    return completeRefund(school, user, orderId, body);
  },
);
